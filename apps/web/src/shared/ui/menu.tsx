import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { MenuItem } from '@backroom/domain';
import {
  AppstoreAddOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HistoryOutlined,
  InboxOutlined,
  LogoutOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
  TagsOutlined,
  TeamOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden />,
  addProducts: <AppstoreAddOutlined aria-hidden />,
  inventory: <DatabaseOutlined aria-hidden />,
  request: <NotificationOutlined aria-hidden />,
  transfers: <SwapOutlined aria-hidden />,
  consigners: <UserOutlined aria-hidden />,
  employees: <TeamOutlined aria-hidden />,
  activity: <HistoryOutlined aria-hidden />,
  orders: <ShoppingCartOutlined aria-hidden />,
  settings: <SettingOutlined aria-hidden />,
  logout: <LogoutOutlined aria-hidden />,
  // consigner portal
  products: <TagsOutlined aria-hidden />,
  dropoff: <InboxOutlined aria-hidden />,
  dropoffPending: <UnorderedListOutlined aria-hidden />,
  storeRequest: <ShopOutlined aria-hidden />,
  payouts: <WalletOutlined aria-hidden />,
  statements: <FileTextOutlined aria-hidden />,
  help: <CustomerServiceOutlined aria-hidden />,
  bank: <BankOutlined aria-hidden />,
};

type AntItem = NonNullable<MenuProps['items']>[number];

/** Menu keys: a leaf is keyed by its path, an action or group by its domain key. */
export function menuKey(item: MenuItem): string {
  return item.path ?? item.key;
}

/** `mailto` is the href of the Help entry (the store's support address). */
export function toAntMenu(items: readonly MenuItem[], options: { mailto?: string } = {}, depth = 0): AntItem[] {
  return items.map((item): AntItem => {
    // Groups are keyed like 'inventoryGroup' by the domain; they share the icon of their area.
    const icon = depth === 0 || item.action ? (ICONS[item.key] ?? ICONS[item.key.replace(/Group$/, '')]) : undefined;
    if (item.children) {
      return { key: item.key, label: item.label, icon, children: toAntMenu(item.children, options, depth + 1) };
    }
    const label =
      item.action === 'mailto' && options.mailto ? (
        <a href={options.mailto} data-testid="menu-help-link">
          {item.label}
        </a>
      ) : (
        item.label
      );
    return { key: menuKey(item), label, icon, 'data-testid': `menu-${item.key}`, 'data-path': item.path } as AntItem;
  });
}

/** The group keys that contain the given path, to open them in the sider. */
export function openKeysFor(items: readonly MenuItem[], path: string): string[] {
  for (const item of items) {
    if (item.children?.some((c) => c.path === path)) return [item.key];
  }
  return [];
}

/** Screens reached from an entry without an address under it: their entry stays highlighted. */
const ENTRY_OF: Record<string, string> = { '/addEmployee': '/employees', '/addConsigner': '/consigners' };

/**
 * The menu key to highlight on `path`: the entry with that address, else the entry whose address
 * the path continues (`/employees/{id}` under Employees), else the entry that leads to the screen.
 */
export function selectedKeyFor(items: readonly MenuItem[], path: string): string {
  const paths: string[] = [];
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (item.path) paths.push(item.path);
      if (item.children) walk(item.children);
    }
  };
  walk(items);
  if (paths.includes(path)) return path;
  const parent = paths.filter((p) => p !== '/' && path.startsWith(`${p}/`)).sort((a, b) => b.length - a.length)[0];
  return parent ?? ENTRY_OF[path] ?? path;
}
