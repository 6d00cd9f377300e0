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
    // WCAG 2.2 AA asks 4.5:1 for text: antd's secondary (0.45), tertiary and placeholder greys are
    // about 3.4:1 on white, so every grey that carries words is darkened (docs/accessibility.md).
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    // the hover shade of buttons and links (white words on it, or it on white) at 4.5:1; antd's
    // derived #3f7bba is 4.4:1
    colorPrimaryHover: '#3873b4',
    colorLinkHover: '#3873b4',
    // success and warning words (Typography type) at 4.5:1 on white: antd's are 2.3:1 and 1.9:1
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    // the error red of danger buttons and error text at 4.5:1 on white (antd's #ff4d4f is 3.3:1)
    colorError: '#cf1322',
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
