import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, Dropdown, Flex, Layout, Menu, Tag, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import type { MenuItem } from '@backroom/domain';
import { useIsMobile } from '../../shared/hooks';
import { initials } from '../../shared/format';
import { menuKey, openKeysFor, selectedKeyFor, toAntMenu } from '../../shared/ui/menu';
import { DEFAULT_LOGO } from '../../shared/ui/StoreLogo';

const { Sider, Header, Content } = Layout;

// Phones only: a desktop's first load does not carry the drawer (bench/first-load.ts).
const MenuDrawer = lazy(() => import('./MenuDrawer'));

interface AppShellProps {
  storeName: string;
  storeLogo: string | null | undefined;
  /** Small caption under the store name, e.g. 'Back office' or 'Seller portal'. */
  caption: string;
  menu: readonly MenuItem[];
  /** href of the Help entry, when the menu has one. */
  mailto?: string;
  userName: string;
  userTag: string;
  userMenu?: MenuProps['items'];
  onLogout: () => void;
  children: ReactNode;
}

function findItem(items: readonly MenuItem[], key: string): MenuItem | undefined {
  for (const item of items) {
    if (menuKey(item) === key) return item;
    const inner = item.children && findItem(item.children, key);
    if (inner) return inner;
  }
  return undefined;
}

function Brand({ name, logo, collapsed }: { name: string; logo: string | null | undefined; collapsed?: boolean }) {
  // A wide logo usually spells the store's name already; then the name is not repeated beside it.
  const [wide, setWide] = useState(false);
  return (
    <div className="br-brand" style={{ height: 64, padding: collapsed ? '0 24px' : '0 20px' }}>
      <img
        src={logo || DEFAULT_LOGO}
        alt={wide ? name : ''}
        className={wide && !collapsed ? 'br-brand-wide' : undefined}
        onLoad={(e) => setWide(e.currentTarget.naturalWidth > e.currentTarget.naturalHeight * 1.6)}
        onError={(e) => {
          if (!e.currentTarget.src.endsWith(DEFAULT_LOGO)) e.currentTarget.src = DEFAULT_LOGO;
        }}
      />
      {!collapsed && !wide && <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>}
    </div>
  );
}

/** The signed-in frame: a dark sider menu on desktop, a drawer menu under 768 px (spec 9). */
export function AppShell(props: AppShellProps) {
  const { storeName, storeLogo, caption, menu, mailto, userName, userTag, userMenu, onLogout, children } = props;
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const antItems = useMemo(() => toAntMenu(menu, { mailto }), [menu, mailto]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(menu, pathname));

  const onClick: MenuProps['onClick'] = ({ key }) => {
    setDrawerOpen(false);
    const item = findItem(menu, key);
    // The Help entry is a real mailto link; the browser follows it.
    if (item?.action === 'mailto') return;
    if (item?.action === 'logout') onLogout();
    else if (item?.path) navigate(item.path);
  };

  const menuNode = (
    <Menu
      theme="dark"
      mode="inline"
      items={antItems}
      selectedKeys={[selectedKeyFor(menu, pathname)]}
      openKeys={collapsed && !isMobile ? undefined : openKeys}
      onOpenChange={setOpenKeys}
      onClick={onClick}
      style={{ borderInlineEnd: 0, paddingBottom: 24 }}
      data-testid="main-menu"
    />
  );

  // Built once per change of what it shows: an open user menu is not handed new items on every render.
  const userItems = useMemo<MenuProps['items']>(
    () => [
      ...(isMobile
        ? [
            { key: 'who', disabled: true, label: <Typography.Text strong>{`${userName} · ${userTag}`}</Typography.Text> },
            { type: 'divider' as const },
          ]
        : []),
      ...(userMenu ?? []),
      { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', onClick: onLogout },
    ],
    [isMobile, userName, userTag, userMenu, onLogout],
  );
  const userDropdownMenu = useMemo(() => ({ items: userItems }), [userItems]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!isMobile && (
        <Sider
          width={240}
          collapsible
          collapsed={collapsed}
          trigger={null}
          style={{ position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
          data-testid="sider"
        >
          <Brand name={storeName} logo={storeLogo} collapsed={collapsed} />
          {menuNode}
        </Sider>
      )}
      <Layout>
        <Header
          style={{
            position: 'sticky',
            top: 0,
            zIndex: 10,
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            borderBottom: '1px solid #e8ecf2',
            padding: isMobile ? '0 12px' : '0 24px',
          }}
        >
          {isMobile ? (
            <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" onClick={() => setDrawerOpen(true)} data-testid="menu-toggle" />
          ) : (
            <Button
              type="text"
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
              onClick={() => setCollapsed((c) => !c)}
            />
          )}
          <Flex vertical style={{ lineHeight: 1.2, minWidth: 0, flex: 1 }}>
            <Typography.Text strong ellipsis>
              {isMobile ? storeName : caption}
            </Typography.Text>
            {isMobile && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {caption}
              </Typography.Text>
            )}
          </Flex>
          <Dropdown menu={userDropdownMenu} trigger={['click']} placement="bottomRight">
            <Button type="text" style={{ height: 44, paddingInline: 8 }} data-testid="user-menu">
              <Flex align="center" gap={10}>
                {/* drawn as antd's Avatar looks: Avatar measures its text to scale it, a forced layout on every screen's first render */}
                <span className="br-avatar">{initials(userName)}</span>
                {!isMobile && (
                  <Flex vertical align="start" style={{ lineHeight: 1.2 }}>
                    <Typography.Text strong data-testid="user-name">
                      {userName}
                    </Typography.Text>
                    <Tag color="blue" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>
                      {userTag}
                    </Tag>
                  </Flex>
                )}
              </Flex>
            </Button>
          </Dropdown>
        </Header>
        <Content style={{ padding: isMobile ? 12 : 24, minWidth: 0 }}>{children}</Content>
      </Layout>
      {isMobile && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            <Brand name={storeName} logo={storeLogo} />
            {menuNode}
          </MenuDrawer>
        </Suspense>
      )}
    </Layout>
  );
}
