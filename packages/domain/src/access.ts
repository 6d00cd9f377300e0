// Who may see what: areas, the route guards and the menus (people doc sections 2 and 6).
import type { z } from 'zod';
import { AREAS, ROLES, USER_KINDS, type Area, type Role, type UserKind } from './access-names.ts';
import type { ZSignedInUser } from './schemas/user.ts';

export { AREAS, ROLES, USER_KINDS, type Area, type Role, type UserKind };

/** The signed-in user record of the spec (section 3); its schema is ZSignedInUser (schemas/user.ts). */
export type SignedInUser = z.output<typeof ZSignedInUser>;

export function isArea(value: unknown): value is Area {
  return typeof value === 'string' && (AREAS as readonly string[]).includes(value);
}

/** An absent access list means everything is allowed (spec: "If accessControls is absent, access is allowed"). */
export function hasArea(accessControls: readonly Area[] | null | undefined, area: Area): boolean {
  if (accessControls === null || accessControls === undefined) return true;
  return accessControls.includes(area);
}

export function isAdmin(user: Pick<SignedInUser, 'role'> | null | undefined): boolean {
  return user?.role === 'Admin';
}

export type RouteGuardInput = {
  signedIn: boolean;
  emailVerified?: boolean;
  isActive?: boolean;
  acceptedTOS?: boolean;
  kind?: UserKind;
  maintenanceMode?: boolean;
  userStoreId?: string;
  currentStoreId?: string;
  accessControls?: Area[] | null;
  requiredArea?: Area;
  adminOnly?: boolean;
  role?: Role;
};

export type RouteGuardResult =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  | { action: 'logout' }
  | { action: 'terms' };

/**
 * The logged-in route guards, in the spec's order. Optional flags only refuse when explicitly
 * false (or, for the store check, when both ids are known and differ), so callers pass what they know.
 */
export function routeGuard(input: RouteGuardInput): RouteGuardResult {
  if (!input.signedIn) return { action: 'redirect', to: '/login' };
  if (input.emailVerified === false) return { action: 'redirect', to: '/verify' };
  if (input.isActive === false) {
    // A fresh consigner signup is inactive until the terms dialog accepts TOS and activates it.
    if (input.kind === 'consigner' && input.acceptedTOS === false) return { action: 'terms' };
    return { action: 'redirect', to: '/disabledAccount' };
  }
  if (input.maintenanceMode === true) return { action: 'redirect', to: '/maintenance' };
  if (
    input.userStoreId !== undefined &&
    input.currentStoreId !== undefined &&
    input.userStoreId !== input.currentStoreId
  ) {
    return { action: 'logout' };
  }
  if (input.requiredArea !== undefined && !hasArea(input.accessControls, input.requiredArea)) {
    return { action: 'redirect', to: '/' };
  }
  if (input.adminOnly === true && input.role !== 'Admin') return { action: 'redirect', to: '/' };
  // An active consigner who never accepted the terms (e.g. added by staff) must accept them too;
  // this comes last so maintenance, store and area redirects still win.
  if (input.kind === 'consigner' && input.acceptedTOS === false) return { action: 'terms' };
  return { action: 'allow' };
}

// ---------------------------------------------------------------------------------------------
// Routes and the area each one needs.

/** Staff routes of both spec documents and the area each needs. `:id` marks a path parameter. */
export const ROUTE_AREAS = {
  // catalogue and stock
  '/': 'Products',
  '/request': 'Products',
  // the consigners' offers answering store requests (staff with Products too; docs/store-requests.md)
  '/storeRequest': 'Products',
  '/products/create': 'Products',
  '/products/:id': 'Products',
  '/productItem/:id': 'Products',
  '/addInventory/:id': 'Inventory',
  '/findInventory': 'Inventory',
  '/inventories/:id': 'Inventory',
  '/requestedInventory': 'Inventory',
  '/incomingInventory': 'Inventory',
  '/readyToPrint': 'Inventory',
  '/withdrawnInventory': 'Inventory',
  '/pendingPriceChangeInventory': 'Inventory',
  '/pendingWithdrawalInventory': 'Inventory',
  '/requestInventory': 'Inventory',
  '/buyingInventory': 'Inventory',
  '/scan': 'Inventory',
  '/scanItems': 'Inventory',
  '/activity': 'Inventory',
  // not in the spec: items whose consignment ends soon (docs/consignment-terms.md)
  '/expiringInventory': 'Inventory',
  // people, money and configuration
  '/dashboard': 'Dashboard',
  '/consigners': 'Consigners',
  '/consigners/:id': 'Consigners',
  '/addConsigner': 'Consigners',
  '/employees': 'Employees',
  '/employees/:id': 'Employees',
  '/addEmployee': 'Employees',
  '/findOrders': 'Orders',
  '/orders/:id': 'Orders',
  '/pendingPayouts': 'Orders',
  '/payouts': 'Orders',
  '/payouts/:id': 'Orders',
  '/transfers': 'Orders',
  // not in the spec: the counter sale (docs/sales.md)
  '/sell': 'Orders',
  '/acceptTransfers': 'Inventory',
  '/settings': 'Settings',
  '/fees': 'Settings',
  // not in the spec: markdown schedules (docs/consignment-terms.md "Markdowns")
  '/markdowns': 'Settings',
  '/productTemplates': 'Settings',
  '/subLocations': 'Settings',
  // not in the spec: adding, renaming and archiving locations (docs/catalogue.md "Locations")
  '/locations': 'Settings',
  '/billing': 'Settings',
  // not in the spec: the storefront's sync health (docs/storefront-sync.md)
  '/storefrontSync': 'Products',
} as const satisfies Record<string, Area>;

/** Staff routes open to the Admin role only. */
export const ADMIN_ONLY_ROUTES: readonly string[] = ['/dashboard'];

/** Consigner portal routes that need an area when the consigner has an access list. */
export const CONSIGNER_ROUTE_AREAS = {
  '/': 'Products',
  '/products/create': 'Products',
  '/products/:id': 'Products',
  '/productItem/:id': 'Products',
  '/storeRequest': 'Products',
  '/payouts': 'Orders',
  '/statements': 'Orders',
} as const satisfies Record<string, Area>;

// ---------------------------------------------------------------------------------------------
// Screens built so far.

/**
 * The staff routes whose screen exists today (patterns of ROUTE_AREAS). This is the one list the
 * menus and the links in lists and item screens consult: a menu entry to a route not listed here is
 * hidden, and a link to one is plain text, so nothing in the product opens a screen that does not
 * exist yet. A later issue that builds a screen adds its route here and in app/StaffApp.tsx.
 */
export const BUILT_STAFF_ROUTES = [
  '/',
  '/products/create',
  '/products/:id',
  '/productItem/:id',
  '/addInventory/:id',
  '/findInventory',
  '/inventories/:id',
  '/requestedInventory',
  '/incomingInventory',
  '/readyToPrint',
  '/withdrawnInventory',
  '/pendingPriceChangeInventory',
  '/pendingWithdrawalInventory',
  '/requestInventory',
  '/buyingInventory',
  '/request',
  '/storeRequest',
  '/transfers',
  '/acceptTransfers',
  '/expiringInventory',
  '/scan',
  '/scanItems',
  '/productTemplates',
  '/subLocations',
  '/locations',
  '/employees',
  '/employees/:id',
  '/addEmployee',
  '/fees',
  '/markdowns',
  '/settings',
  '/billing',
  '/consigners',
  '/consigners/:id',
  '/addConsigner',
  '/findOrders',
  '/orders/:id',
  '/sell',
  '/pendingPayouts',
  '/payouts',
  '/payouts/:id',
  '/storefrontSync',
  '/activity',
  '/dashboard',
] as const satisfies readonly (keyof typeof ROUTE_AREAS)[];

/** The consigner portal routes whose screen exists today (see BUILT_STAFF_ROUTES). */
export const BUILT_CONSIGNER_ROUTES: readonly string[] = [
  '/',
  '/products/create',
  '/products/:id',
  '/productItem/:id',
  '/addInventory/:id',
  '/inventory',
  '/dropoff',
  '/dropoffPending',
  '/payouts',
  '/statements',
  '/settings',
  '/storeRequest',
];

/** Whether the screen at `path` (a concrete address such as /consigners/12) exists for this kind of user. */
export function isBuiltRoute(path: string, kind: UserKind = 'employee'): boolean {
  const routes: readonly string[] = kind === 'employee' ? BUILT_STAFF_ROUTES : BUILT_CONSIGNER_ROUTES;
  const clean = normalisePath(path);
  return routes.some((pattern) => pattern === clean || (pattern.includes(':') && matchesPattern(pattern, clean)));
}

/**
 * Where to go after signing in, from the `next` the sign-in screen was opened with: only a path of
 * this site (`/inventories/12?x=1#y`), never another origin (`//evil.example`, `https://...`,
 * `/\evil.example`), and never back to the sign-in screen itself. Anything else is '/'.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return '/';
  // One leading slash, then not a second slash or backslash (protocol-relative URLs); no control
  // characters or backslashes anywhere (browsers read '\' in a URL as '/').
  if (!next.startsWith('/') || next.startsWith('//') || [...next].some(isUnsafeInPath)) return '/';
  // What is left can only be a path of this origin; the sign-in screen itself would loop.
  const first = next.split(/[/?#]/)[1] ?? '';
  return first === 'login' ? '/' : next;
}

function isUnsafeInPath(char: string): boolean {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
}

function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

function matchesPattern(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.split('/');
  if (a.length !== b.length) return false;
  return a.every((segment, i) => (segment.startsWith(':') ? (b[i] ?? '') !== '' : segment === b[i]));
}

/**
 * Staff routes whose screen opens without its area and hides its content instead: the store
 * settings show their title and Logout to everyone, the form only with Settings (people doc
 * section 2, "form hidden unless accessControls include Settings"). The menu entry still needs the area.
 */
export const SCREEN_GUARDED_ROUTES: readonly string[] = ['/settings'];

/** Whether the screen at `path` checks its area itself (SCREEN_GUARDED_ROUTES), rather than the route guard. */
export function isScreenGuarded(path: string): boolean {
  return SCREEN_GUARDED_ROUTES.includes(normalisePath(path));
}

export type RouteRequirement = { area: Area | null; adminOnly: boolean };

/** What a route needs, for staff (default) or consigner routes; unknown routes need nothing. */
export function routeRequirement(path: string, kind: UserKind = 'employee'): RouteRequirement {
  const table: Record<string, Area> = kind === 'employee' ? ROUTE_AREAS : CONSIGNER_ROUTE_AREAS;
  const clean = normalisePath(path);
  const exact = table[clean];
  const pattern = exact ? clean : Object.keys(table).find((p) => p.includes(':') && matchesPattern(p, clean));
  return {
    area: pattern ? (table[pattern] ?? null) : null,
    adminOnly: kind === 'employee' && ADMIN_ONLY_ROUTES.includes(clean),
  };
}

/**
 * Whether this user may open the screen at `path` (a concrete address): it exists, and their areas
 * (and role) allow it. Links to another screen (a consigner's name in a list) are plain text otherwise.
 */
export function mayOpenRoute(path: string, user: Pick<SignedInUser, 'accessControls' | 'role'>, kind: UserKind = 'employee'): boolean {
  if (!isBuiltRoute(path, kind)) return false;
  const need = routeRequirement(path, kind);
  if (need.area !== null && !hasArea(user.accessControls, need.area)) return false;
  return !need.adminOnly || isAdmin(user);
}

// ---------------------------------------------------------------------------------------------
// Menus.

export type MenuItem = {
  key: string;
  label: string;
  /** In-app path; absent for groups and actions. */
  path?: string;
  /** Area the entry needs; null = any signed-in user. Groups use null and show when a child shows. */
  area: Area | null;
  adminOnly: boolean;
  action?: 'logout' | 'mailto';
  children?: readonly MenuItem[];
};

function leaf(key: string, label: string, path: string, area: Area | null, adminOnly = false): MenuItem {
  return { key, label, path, area, adminOnly };
}

function group(key: string, label: string, children: MenuItem[]): MenuItem {
  return { key, label, area: null, adminOnly: false, children };
}

/** The staff menu, in the spec's order ("Staff menu", people doc section 2). */
export const STAFF_MENU: readonly MenuItem[] = [
  leaf('dashboard', 'Dashboard', '/dashboard', 'Dashboard', true),
  leaf('addProducts', 'Add Products', '/', 'Products'),
  group('inventoryGroup', 'Inventory', [
    leaf('findInventory', 'Find', '/findInventory', 'Inventory'),
    leaf('requestedInventory', 'Requested', '/requestedInventory', 'Inventory'),
    leaf('incomingInventory', 'Drop Off Pending', '/incomingInventory', 'Inventory'),
    leaf('readyToPrint', 'Ready To Print', '/readyToPrint', 'Inventory'),
    leaf('withdrawnInventory', 'Withdrawn', '/withdrawnInventory', 'Inventory'),
    leaf('pendingPriceChangeInventory', 'Price Change', '/pendingPriceChangeInventory', 'Inventory'),
    leaf('pendingWithdrawalInventory', 'Withdrawal Request', '/pendingWithdrawalInventory', 'Inventory'),
    // Not in the spec's menu (its screens are): the scanning screens (docs/scanning.md), after the spec's entries.
    leaf('scan', 'Scan In', '/scan', 'Inventory'),
    leaf('scanItems', 'Stock-take', '/scanItems', 'Inventory'),
    // Not in the spec's menu: items whose consignment ends soon or ended (docs/consignment-terms.md).
    leaf('expiringInventory', 'Expiring', '/expiringInventory', 'Inventory'),
  ]),
  group('requestGroup', 'Request', [
    leaf('request', 'Request Items', '/request', 'Products'),
    leaf('buyingInventory', 'Buying', '/buyingInventory', 'Inventory'),
    leaf('requestInventory', 'Consignment', '/requestInventory', 'Inventory'),
  ]),
  group('transfersGroup', 'Transfers', [
    leaf('transfers', 'Transfer', '/transfers', 'Orders'),
    leaf('acceptTransfers', 'Accept Transfer', '/acceptTransfers', 'Inventory'),
  ]),
  leaf('consigners', 'Consigners', '/consigners', 'Consigners'),
  leaf('employees', 'Employees', '/employees', 'Employees'),
  leaf('activity', 'Activity', '/activity', 'Inventory'),
  group('ordersGroup', 'Orders', [
    leaf('findOrders', 'Find', '/findOrders', 'Orders'),
    leaf('pendingPayouts', 'Ready to Pay', '/pendingPayouts', 'Orders'),
    leaf('payouts', 'Payouts', '/payouts', 'Orders'),
    // Not in the spec's menu: the register (docs/payouts.md), after the spec's entries.
    leaf('sell', 'Counter sale', '/sell', 'Orders'),
  ]),
  group('settingsGroup', 'Settings', [
    leaf('settings', 'Store', '/settings', 'Settings'),
    leaf('fees', 'Fees', '/fees', 'Settings'),
    // Not in the spec: markdown schedules, beside the fees whose terms choose them (docs/consignment-terms.md).
    leaf('markdowns', 'Markdowns', '/markdowns', 'Settings'),
    leaf('productTemplates', 'Templates', '/productTemplates', 'Settings'),
    // Not in the spec: the store's locations (docs/catalogue.md "Locations"), before their sublocations.
    leaf('locations', 'Locations', '/locations', 'Settings'),
    leaf('subLocations', 'Sublocations', '/subLocations', 'Settings'),
    // Billing has no screen in the spec; it is store administration, so it sits behind Settings.
    leaf('billing', 'Billing', '/billing', 'Settings'),
    // Not in the spec: each item's sync with the Shopify shop (docs/storefront-sync.md), for staff with Products.
    leaf('storefrontSync', 'Shopify sync', '/storefrontSync', 'Products'),
    // Everyone must be able to sign out.
    { key: 'logout', label: 'Logout', area: null, adminOnly: false, action: 'logout' },
  ]),
];

/** The consigner portal menu. Help opens `mailto:` the store's support address (see helpHref). */
export const CONSIGNER_MENU: readonly MenuItem[] = [
  leaf('products', 'Products', '/', 'Products'),
  leaf('inventory', 'Inventory', '/inventory', null),
  leaf('dropoff', 'Requested', '/dropoff', null),
  leaf('dropoffPending', 'Drop Off Pending', '/dropoffPending', null),
  leaf('storeRequest', 'Store Request', '/storeRequest', 'Products'),
  leaf('payouts', 'Payout', '/payouts', 'Orders'),
  leaf('statements', 'Statements', '/statements', 'Orders'),
  leaf('settings', 'Settings', '/settings', null),
  { key: 'help', label: 'Help', area: null, adminOnly: false, action: 'mailto' },
];

export function helpHref(supportEmail: string): string {
  return `mailto:${supportEmail}`;
}

/** 'Seller' in a buying store, else 'Consigner'. */
export function consignerWord(isBuyingStore: boolean | null | undefined): 'Seller' | 'Consigner' {
  return isBuyingStore ? 'Seller' : 'Consigner';
}

type MenuUser = Pick<SignedInUser, 'accessControls' | 'role'>;

function filterMenu(items: readonly MenuItem[], user: MenuUser, built: ((path: string) => boolean) | null): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.adminOnly && !isAdmin(user)) continue;
    if (item.area !== null && !hasArea(user.accessControls, item.area)) continue;
    // An entry whose screen does not exist yet is hidden rather than leading to a placeholder.
    if (built && item.path !== undefined && !built(item.path)) continue;
    if (item.children) {
      const children = filterMenu(item.children, user, built);
      if (children.length === 0) continue;
      // A group left with actions only (Settings holding just Logout, for staff without Settings)
      // is no group: its actions stand on their own at the end of the menu, where they were.
      if (children.every((c) => c.action !== undefined)) out.push(...children);
      else out.push({ ...item, children });
    } else {
      out.push(item);
    }
  }
  return out;
}

type MenuOptions = {
  /** Also list entries whose screen is not built yet (the spec's whole menu); off in the product. */
  includeUnbuilt?: boolean;
};

/**
 * The staff menu this user may see: entries of their areas (and role) whose screen exists; groups
 * with no visible entry are dropped.
 */
export function visibleStaffMenu(user: MenuUser, opts: { isBuyingStore?: boolean } & MenuOptions = {}): MenuItem[] {
  const menu = filterMenu(STAFF_MENU, user, opts.includeUnbuilt ? null : (path) => isBuiltRoute(path, 'employee'));
  if (!opts.isBuyingStore) return menu;
  return menu.map((item) => (item.key === 'consigners' ? { ...item, label: 'Sellers' } : item));
}

/**
 * The consigner menu: Products and Payout entries need their area when an access list exists, and
 * entries whose screen is not built yet are hidden.
 */
export function visibleConsignerMenu(user: MenuUser, opts: MenuOptions = {}): MenuItem[] {
  return filterMenu(CONSIGNER_MENU, user, opts.includeUnbuilt ? null : (path) => isBuiltRoute(path, 'consigner'));
}
