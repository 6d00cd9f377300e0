import { describe, expect, it } from 'vitest';
import {
  AREAS,
  BUILT_CONSIGNER_ROUTES,
  BUILT_STAFF_ROUTES,
  CONSIGNER_MENU,
  ROUTE_AREAS,
  STAFF_MENU,
  consignerWord,
  hasArea,
  helpHref,
  isAdmin,
  isArea,
  isBuiltRoute,
  isScreenGuarded,
  mayOpenRoute,
  routeGuard,
  routeRequirement,
  safeReturnPath,
  visibleConsignerMenu,
  visibleStaffMenu,
  type Area,
  type MenuItem,
  type RouteGuardInput,
} from './access.ts';

const ok: RouteGuardInput = {
  signedIn: true,
  emailVerified: true,
  isActive: true,
  acceptedTOS: true,
  kind: 'employee',
  maintenanceMode: false,
  userStoreId: 's1',
  currentStoreId: 's1',
  accessControls: null,
  role: 'Employee',
};

describe('hasArea', () => {
  it('allows everything when the list is absent', () => {
    for (const area of AREAS) {
      expect(hasArea(null, area)).toBe(true);
      expect(hasArea(undefined, area)).toBe(true);
    }
  });

  it('allows only listed areas when a list exists', () => {
    expect(hasArea(['Products'], 'Products')).toBe(true);
    expect(hasArea(['Products'], 'Inventory')).toBe(false);
    expect(hasArea([], 'Products')).toBe(false);
  });

  it('recognises area names', () => {
    expect(isArea('InStoreApp')).toBe(true);
    expect(isArea('Billing')).toBe(false);
  });
});

describe('isAdmin', () => {
  it('is true for the Admin role only', () => {
    expect(isAdmin({ role: 'Admin' })).toBe(true);
    expect(isAdmin({ role: 'Employee' })).toBe(false);
    expect(isAdmin({ role: 'Consigner' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

describe('routeGuard', () => {
  it('allows a verified, active user of this store', () => {
    expect(routeGuard(ok)).toEqual({ action: 'allow' });
  });

  it('1. sends a signed-out visitor to /login before anything else', () => {
    expect(routeGuard({ ...ok, signedIn: false, emailVerified: false, isActive: false })).toEqual({
      action: 'redirect',
      to: '/login',
    });
  });

  it('2. sends an unverified user to /verify before the active check', () => {
    expect(routeGuard({ ...ok, emailVerified: false, isActive: false })).toEqual({ action: 'redirect', to: '/verify' });
  });

  it('3. sends an inactive employee to /disabledAccount', () => {
    expect(routeGuard({ ...ok, isActive: false, acceptedTOS: false })).toEqual({
      action: 'redirect',
      to: '/disabledAccount',
    });
  });

  it('3. shows the terms dialog to an inactive consigner who has not accepted terms', () => {
    expect(routeGuard({ ...ok, kind: 'consigner', isActive: false, acceptedTOS: false, maintenanceMode: true })).toEqual({
      action: 'terms',
    });
  });

  it('3. sends an inactive consigner who accepted terms to /disabledAccount (disabled by the owner)', () => {
    expect(routeGuard({ ...ok, kind: 'consigner', isActive: false, acceptedTOS: true })).toEqual({
      action: 'redirect',
      to: '/disabledAccount',
    });
  });

  it('asks an active consigner without accepted terms to accept them, after the other guards', () => {
    const consigner = { ...ok, kind: 'consigner' as const, acceptedTOS: false };
    expect(routeGuard(consigner)).toEqual({ action: 'terms' });
    expect(routeGuard({ ...consigner, maintenanceMode: true })).toEqual({ action: 'redirect', to: '/maintenance' });
    expect(routeGuard({ ...consigner, currentStoreId: 's2' })).toEqual({ action: 'logout' });
    expect(routeGuard({ ...consigner, accessControls: [], requiredArea: 'Orders' })).toEqual({ action: 'redirect', to: '/' });
  });

  it('never asks employees to accept consigner terms', () => {
    expect(routeGuard({ ...ok, acceptedTOS: false })).toEqual({ action: 'allow' });
  });

  it('4. sends everyone to /maintenance while the store is in maintenance', () => {
    expect(routeGuard({ ...ok, maintenanceMode: true, currentStoreId: 'other' })).toEqual({
      action: 'redirect',
      to: '/maintenance',
    });
  });

  it('5. logs out a user of another store', () => {
    expect(routeGuard({ ...ok, currentStoreId: 's2', accessControls: [], requiredArea: 'Products' })).toEqual({
      action: 'logout',
    });
  });

  it('5. does not log out when either store id is unknown', () => {
    expect(routeGuard({ ...ok, currentStoreId: undefined })).toEqual({ action: 'allow' });
  });

  it('6. sends a user lacking the area to /', () => {
    expect(routeGuard({ ...ok, accessControls: ['Orders'], requiredArea: 'Inventory' })).toEqual({
      action: 'redirect',
      to: '/',
    });
  });

  it('6. allows the area when the access list is absent', () => {
    expect(routeGuard({ ...ok, accessControls: null, requiredArea: 'Settings' })).toEqual({ action: 'allow' });
  });

  it('6. sends a non-admin away from admin-only routes, even with every area', () => {
    expect(routeGuard({ ...ok, accessControls: [...AREAS], adminOnly: true, requiredArea: 'Dashboard' })).toEqual({
      action: 'redirect',
      to: '/',
    });
    expect(routeGuard({ ...ok, role: 'Admin', adminOnly: true, requiredArea: 'Dashboard' })).toEqual({ action: 'allow' });
  });

  it('treats unknown optional flags as passing', () => {
    expect(routeGuard({ signedIn: true })).toEqual({ action: 'allow' });
  });
});

describe('routeRequirement and ROUTE_AREAS', () => {
  it.each([
    ['/findInventory', 'Inventory'],
    ['/products/create', 'Products'],
    ['/products/abc-123', 'Products'],
    ['/inventories/42', 'Inventory'],
    ['/transfers', 'Orders'],
    ['/acceptTransfers', 'Inventory'],
    ['/settings', 'Settings'],
    ['/fees', 'Settings'],
    ['/consigners/7', 'Consigners'],
    ['/employees/7', 'Employees'],
    ['/payouts/9?tab=1', 'Orders'],
    ['/activity', 'Inventory'],
    ['/request', 'Products'],
    ['/requestInventory', 'Inventory'],
    ['/', 'Products'],
  ] as const)('staff route %s needs %s', (path, area) => {
    expect(routeRequirement(path)).toEqual({ area, adminOnly: false });
  });

  it('makes /dashboard admin-only', () => {
    expect(routeRequirement('/dashboard/')).toEqual({ area: 'Dashboard', adminOnly: true });
  });

  it('needs nothing for unknown and public routes', () => {
    expect(routeRequirement('/login')).toEqual({ area: null, adminOnly: false });
    expect(routeRequirement('/products/1/extra')).toEqual({ area: null, adminOnly: false });
  });

  it('maps consigner routes: Products for product pages, Orders for Payout', () => {
    expect(routeRequirement('/', 'consigner')).toEqual({ area: 'Products', adminOnly: false });
    expect(routeRequirement('/payouts', 'consigner')).toEqual({ area: 'Orders', adminOnly: false });
    expect(routeRequirement('/inventory', 'consigner')).toEqual({ area: null, adminOnly: false });
    expect(routeRequirement('/dashboard', 'consigner')).toEqual({ area: null, adminOnly: false });
  });

  it('covers every staff route of both specs', () => {
    const staffRoutes = [
      '/', '/request', '/products/create', '/products/:id', '/addInventory/:id', '/findInventory', '/inventories/:id',
      '/requestedInventory', '/incomingInventory', '/readyToPrint', '/withdrawnInventory', '/pendingPriceChangeInventory',
      '/pendingWithdrawalInventory', '/requestInventory', '/buyingInventory', '/scan', '/scanItems', '/activity',
      '/productItem/:id', '/consigners', '/consigners/:id', '/addConsigner', '/employees', '/employees/:id',
      '/addEmployee', '/findOrders', '/orders/:id', '/pendingPayouts', '/payouts', '/payouts/:id', '/settings', '/fees',
      '/productTemplates', '/subLocations', '/transfers', '/acceptTransfers', '/dashboard',
    ];
    for (const route of staffRoutes) expect(Object.keys(ROUTE_AREAS)).toContain(route);
  });
});

type Flat = { label: string; path?: string; area: Area | null; adminOnly: boolean; action?: string; group?: string };
function flatten(items: readonly MenuItem[], group?: string): Flat[] {
  return items.flatMap((i) =>
    i.children
      ? flatten(i.children, i.label)
      : [{ label: i.label, path: i.path, area: i.area, adminOnly: i.adminOnly, action: i.action, group }],
  );
}

describe('STAFF_MENU', () => {
  it('is the spec menu, in order, with paths and areas', () => {
    expect(flatten(STAFF_MENU).map((e) => [e.group ?? '', e.label, e.path ?? e.action, e.area, e.adminOnly])).toEqual([
      ['', 'Dashboard', '/dashboard', 'Dashboard', true],
      ['', 'Add Products', '/', 'Products', false],
      ['Inventory', 'Find', '/findInventory', 'Inventory', false],
      ['Inventory', 'Requested', '/requestedInventory', 'Inventory', false],
      ['Inventory', 'Drop Off Pending', '/incomingInventory', 'Inventory', false],
      ['Inventory', 'Ready To Print', '/readyToPrint', 'Inventory', false],
      ['Inventory', 'Withdrawn', '/withdrawnInventory', 'Inventory', false],
      ['Inventory', 'Price Change', '/pendingPriceChangeInventory', 'Inventory', false],
      ['Inventory', 'Withdrawal Request', '/pendingWithdrawalInventory', 'Inventory', false],
      ['Inventory', 'Scan In', '/scan', 'Inventory', false],
      ['Inventory', 'Stock-take', '/scanItems', 'Inventory', false],
      ['Inventory', 'Expiring', '/expiringInventory', 'Inventory', false],
      ['Request', 'Request Items', '/request', 'Products', false],
      ['Request', 'Buying', '/buyingInventory', 'Inventory', false],
      ['Request', 'Consignment', '/requestInventory', 'Inventory', false],
      ['Transfers', 'Transfer', '/transfers', 'Orders', false],
      ['Transfers', 'Accept Transfer', '/acceptTransfers', 'Inventory', false],
      ['', 'Consigners', '/consigners', 'Consigners', false],
      ['', 'Employees', '/employees', 'Employees', false],
      ['', 'Activity', '/activity', 'Inventory', false],
      ['Orders', 'Find', '/findOrders', 'Orders', false],
      ['Orders', 'Ready to Pay', '/pendingPayouts', 'Orders', false],
      ['Orders', 'Payouts', '/payouts', 'Orders', false],
      ['Orders', 'Counter sale', '/sell', 'Orders', false],
      ['Settings', 'Store', '/settings', 'Settings', false],
      ['Settings', 'Fees', '/fees', 'Settings', false],
      ['Settings', 'Markdowns', '/markdowns', 'Settings', false],
      ['Settings', 'Templates', '/productTemplates', 'Settings', false],
      ['Settings', 'Locations', '/locations', 'Settings', false],
      ['Settings', 'Sublocations', '/subLocations', 'Settings', false],
      ['Settings', 'Billing', '/billing', 'Settings', false],
      ['Settings', 'Shopify sync', '/storefrontSync', 'Products', false],
      ['Settings', 'Logout', 'logout', null, false],
    ]);
  });

  it('agrees with ROUTE_AREAS for every entry with a path', () => {
    for (const e of flatten(STAFF_MENU)) {
      if (e.path) expect(routeRequirement(e.path).area).toBe(e.area);
    }
  });

  it('has unique keys', () => {
    const keys: string[] = [];
    const walk = (items: readonly MenuItem[]) =>
      items.forEach((i) => {
        keys.push(i.key);
        if (i.children) walk(i.children);
      });
    walk(STAFF_MENU);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

// The spec's whole menu, screens built or not (the area and role rules).
const all = { includeUnbuilt: true };

describe('visibleStaffMenu', () => {
  it('shows an admin without an access list everything', () => {
    expect(flatten(visibleStaffMenu({ role: 'Admin', accessControls: null }, all))).toEqual(flatten(STAFF_MENU));
  });

  it('hides the Dashboard from non-admins', () => {
    const labels = visibleStaffMenu({ role: 'Employee', accessControls: null }, all).map((i) => i.label);
    expect(labels).not.toContain('Dashboard');
    expect(labels).toContain('Add Products');
  });

  it('keeps only entries of granted areas and drops empty groups', () => {
    const menu = visibleStaffMenu({ role: 'Employee', accessControls: ['Orders'] }, all);
    expect(menu.map((i) => i.label)).toEqual(['Transfers', 'Orders', 'Logout']);
    expect(flatten(menu).map((e) => e.label)).toEqual(['Transfer', 'Find', 'Ready to Pay', 'Payouts', 'Counter sale', 'Logout']);
  });

  it('always leaves Logout', () => {
    expect(flatten(visibleStaffMenu({ role: 'Employee', accessControls: [] })).map((e) => e.label)).toEqual(['Logout']);
  });

  it('shows no Settings group holding only Logout: Logout stands at the end of the menu', () => {
    const menu = visibleStaffMenu({ role: 'Employee', accessControls: ['Inventory'] });
    expect(menu.map((i) => i.key)).not.toContain('settingsGroup');
    expect(menu.at(-1)).toMatchObject({ key: 'logout', action: 'logout' });
    // with Settings the group keeps its Logout
    const admin = visibleStaffMenu({ role: 'Admin', accessControls: null });
    expect(admin.find((i) => i.key === 'settingsGroup')?.children?.at(-1)?.key).toBe('logout');
  });

  it('needs both Dashboard area and Admin role for the Dashboard', () => {
    const labels = (controls: Area[]) => visibleStaffMenu({ role: 'Admin', accessControls: controls }, all).map((i) => i.label);
    expect(labels(['Products'])).not.toContain('Dashboard');
    expect(labels(['Dashboard'])).toContain('Dashboard');
  });

  it('calls consigners Sellers in a buying store', () => {
    const labels = visibleStaffMenu({ role: 'Admin', accessControls: null }, { isBuyingStore: true, ...all }).map((i) => i.label);
    expect(labels).toContain('Sellers');
    expect(labels).not.toContain('Consigners');
  });
});

describe('consigner menu', () => {
  it('is the spec menu in order', () => {
    expect(CONSIGNER_MENU.map((i) => [i.label, i.path ?? i.action])).toEqual([
      ['Products', '/'],
      ['Inventory', '/inventory'],
      ['Requested', '/dropoff'],
      ['Drop Off Pending', '/dropoffPending'],
      ['Store Request', '/storeRequest'],
      ['Payout', '/payouts'],
      ['Statements', '/statements'],
      ['Settings', '/settings'],
      ['Help', 'mailto'],
    ]);
  });

  it('shows everything when the consigner has no access list', () => {
    expect(visibleConsignerMenu({ role: 'Consigner', accessControls: null }, all)).toHaveLength(CONSIGNER_MENU.length);
  });

  it('hides Payout without Orders and product pages without Products when a list exists', () => {
    expect(visibleConsignerMenu({ role: 'Consigner', accessControls: [] }, all).map((i) => i.label)).toEqual([
      'Inventory', 'Requested', 'Drop Off Pending', 'Settings', 'Help',
    ]);
  });

  it('builds the Help mail link', () => {
    expect(helpHref('help@shop.test')).toBe('mailto:help@shop.test');
  });
});

describe('built screens', () => {
  it('hides every staff entry whose screen does not exist yet, groups left empty too', () => {
    const menu = visibleStaffMenu({ role: 'Admin', accessControls: null });
    expect(menu.map((i) => i.label)).toEqual(['Dashboard', 'Add Products', 'Inventory', 'Request', 'Transfers', 'Consigners', 'Employees', 'Activity', 'Orders', 'Settings']);
    expect(flatten(menu).map((e) => e.label)).toEqual([
      'Dashboard', 'Add Products', 'Find', 'Requested', 'Drop Off Pending', 'Ready To Print', 'Withdrawn', 'Price Change',
      'Withdrawal Request', 'Scan In', 'Stock-take', 'Expiring', 'Request Items', 'Buying', 'Consignment', 'Transfer', 'Accept Transfer', 'Consigners', 'Employees', 'Activity', 'Find', 'Ready to Pay', 'Payouts', 'Counter sale', 'Store', 'Fees', 'Markdowns', 'Templates', 'Locations', 'Sublocations', 'Billing', 'Shopify sync', 'Logout',
    ]);
    for (const entry of flatten(menu)) if (entry.path) expect(isBuiltRoute(entry.path), entry.path).toBe(true);
  });

  it('shows the whole consigner menu, Store Request included (docs/dashboard-and-activity.md)', () => {
    expect(visibleConsignerMenu({ role: 'Consigner', accessControls: null }).map((i) => i.label)).toEqual([
      'Products', 'Inventory', 'Requested', 'Drop Off Pending', 'Store Request', 'Payout', 'Statements', 'Settings', 'Help',
    ]);
  });

  it('matches concrete addresses against the built patterns, per kind of user', () => {
    expect(isBuiltRoute('/inventories/12')).toBe(true);
    expect(isBuiltRoute('/findInventory/')).toBe(true);
    expect(isBuiltRoute('/findInventory?page=2')).toBe(true);
    expect(isBuiltRoute('/consigners/12')).toBe(true);
    expect(isBuiltRoute('/employees/12')).toBe(true);
    expect(isBuiltRoute('/orders/12')).toBe(true);
    expect(isBuiltRoute('/findOrders')).toBe(true);
    expect(isBuiltRoute('/orders')).toBe(false);
    expect(isBuiltRoute('/pendingPayouts')).toBe(true);
    expect(isBuiltRoute('/payouts')).toBe(true);
    expect(isBuiltRoute('/payouts/12')).toBe(true);
    expect(isBuiltRoute('/payouts', 'consigner')).toBe(true);
    expect(isBuiltRoute('/storeRequest', 'consigner')).toBe(true);
    expect(isBuiltRoute('/storeRequest')).toBe(true);
    expect(isBuiltRoute('/request')).toBe(true);
    expect(isBuiltRoute('/dashboard')).toBe(true);
    expect(isBuiltRoute('/activity')).toBe(true);
    expect(isBuiltRoute('/settings')).toBe(true);
    expect(isBuiltRoute('/billing')).toBe(true);
    expect(isBuiltRoute('/inventories/12', 'consigner')).toBe(false);
    expect(isBuiltRoute('/productItem/7', 'consigner')).toBe(true);
    expect(isBuiltRoute('/dropoff', 'consigner')).toBe(true);
    expect(isBuiltRoute('/dropoffPending', 'consigner')).toBe(true);
  });

  it('lets the settings screen check its area itself (title and Logout for everyone), and nothing else', () => {
    expect(isScreenGuarded('/settings')).toBe(true);
    expect(isScreenGuarded('/settings/')).toBe(true);
    expect(isScreenGuarded('/billing')).toBe(false);
    expect(isScreenGuarded('/fees')).toBe(false);
    // the menu entry still needs Settings
    expect(visibleStaffMenu({ role: 'Employee', accessControls: ['Inventory'] }).some((i) => i.key === 'settingsGroup' && i.children?.some((c) => c.key === 'settings'))).toBe(false);
  });

  it('lets a user open a built screen only with its area (and role)', () => {
    expect(mayOpenRoute('/inventories/12', { role: 'Employee', accessControls: ['Inventory'] })).toBe(true);
    expect(mayOpenRoute('/inventories/12', { role: 'Employee', accessControls: ['Products'] })).toBe(false);
    expect(mayOpenRoute('/inventories/12', { role: 'Employee', accessControls: null })).toBe(true);
    expect(mayOpenRoute('/orders/12', { role: 'Admin', accessControls: null })).toBe(true);
    expect(mayOpenRoute('/orders/12', { role: 'Employee', accessControls: ['Orders'] })).toBe(true);
    expect(mayOpenRoute('/findOrders', { role: 'Employee', accessControls: ['Inventory', 'Consigners'] })).toBe(false);
    expect(mayOpenRoute('/consigners/12', { role: 'Employee', accessControls: ['Consigners'] })).toBe(true);
    expect(mayOpenRoute('/consigners/12', { role: 'Employee', accessControls: ['Inventory'] })).toBe(false);
    expect(mayOpenRoute('/payouts/12', { role: 'Employee', accessControls: ['Orders'] })).toBe(true);
    expect(mayOpenRoute('/pendingPayouts', { role: 'Employee', accessControls: ['Inventory', 'Consigners'] })).toBe(false);
    expect(mayOpenRoute('/productItem/7', { role: 'Consigner', accessControls: null }, 'consigner')).toBe(true);
  });

  it('lists only routes the specs name', () => {
    for (const route of BUILT_STAFF_ROUTES) expect(Object.keys(ROUTE_AREAS)).toContain(route);
    expect(BUILT_CONSIGNER_ROUTES).toContain('/');
  });
});

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/inventories/123')).toBe('/inventories/123');
    expect(safeReturnPath('/findInventory?search=nike&page=2#top')).toBe('/findInventory?search=nike&page=2#top');
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('refuses anything that could leave the site, and falls back to /', () => {
    for (const bad of [
      '//evil.example',
      '//evil.example/inventories/1',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      'https://evil.example',
      'http:evil.example',
      'javascript:alert(1)',
      'evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      '',
      null,
      undefined,
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBe('/');
    }
  });

  it('never returns to the sign-in screen', () => {
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath('/login?next=/x')).toBe('/');
    expect(safeReturnPath('/loginx')).toBe('/loginx');
  });
});

describe('consignerWord', () => {
  it('says Seller in a buying store and Consigner otherwise', () => {
    expect(consignerWord(true)).toBe('Seller');
    expect(consignerWord(false)).toBe('Consigner');
    expect(consignerWord(undefined)).toBe('Consigner');
  });
});
