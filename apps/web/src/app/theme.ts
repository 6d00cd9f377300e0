import type { ThemeConfig } from 'antd';

export const brand = {
  primary: '#1f5fae',
  siderBg: '#0f2136',
  siderItemSelected: '#1f5fae',
  pageBg: '#f3f5f9',
  accent: '#f5a623',
};

export const theme: ThemeConfig = {
  token: {
    colorPrimary: brand.primary,
    colorInfo: brand.primary,
    colorLink: brand.primary,
    colorBgLayout: brand.pageBg,
    borderRadius: 8,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: {
      siderBg: brand.siderBg,
      headerBg: '#ffffff',
      headerHeight: 60,
      headerPadding: '0 24px',
    },
    Menu: {
      darkItemBg: brand.siderBg,
      darkSubMenuItemBg: '#0a1827',
      darkItemSelectedBg: brand.siderItemSelected,
      itemBorderRadius: 6,
    },
    Card: { borderRadiusLG: 12 },
    Button: { fontWeight: 500 },
  },
};
