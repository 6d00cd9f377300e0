import { LIST_VIEWS } from '@backroom/domain';
import { keepLoaded } from '../shared/lazy-screen';

/**
 * Where each staff screen's code lives. StaffApp makes its lazy routes from these, and app/boot.ts
 * starts loading the screen of the address being opened while the store and the user are still
 * being fetched, instead of one after the other.
 */
export const staffPages = {
  home: keepLoaded(() => import('../features/shell/StaffHomePage')),
  mailbox: keepLoaded(() => import('../features/dev/MailboxPage')),
  notAvailable: keepLoaded(() => import('../features/shell/NotAvailablePage')),
  inventoryList: keepLoaded(() => import('../features/inventory-lists/InventoryListPage')),
  productSearch: keepLoaded(() => import('../features/products/ProductSearchPage')),
  createProduct: keepLoaded(() => import('../features/products/CreateProductPage')),
  product: keepLoaded(() => import('../features/products/ProductPage')),
  productTemplates: keepLoaded(() => import('../features/product-templates/ProductTemplatesPage')),
  subLocations: keepLoaded(() => import('../features/sub-locations/SubLocationsPage')),
  locations: keepLoaded(() => import('../features/locations/LocationsPage')),
  fees: keepLoaded(() => import('../features/fees/FeesPage')),
  markdowns: keepLoaded(() => import('../features/markdowns/MarkdownsPage')),
  inventoryItem: keepLoaded(() => import('../features/inventory-item/InventoryItemPage')),
  addInventoryWizard: keepLoaded(() => import('../features/add-inventory/AddInventoryWizardPage')),
  transfers: keepLoaded(() => import('../features/transfers/TransfersPage')),
  acceptTransfers: keepLoaded(() => import('../features/transfers/AcceptTransfersPage')),
  expiringInventory: keepLoaded(() => import('../features/expiring-inventory/ExpiringInventoryPage')),
  employees: keepLoaded(() => import('../features/employees/EmployeesPage')),
  employee: keepLoaded(() => import('../features/employees/EmployeePage')),
  addEmployee: keepLoaded(() => import('../features/employees/AddEmployeePage')),
  settings: keepLoaded(() => import('../features/settings/SettingsPage')),
  billing: keepLoaded(() => import('../features/settings/BillingPage')),
  consigners: keepLoaded(() => import('../features/consigners/ConsignersPage')),
  consigner: keepLoaded(() => import('../features/consigners/ConsignerPage')),
  addConsigner: keepLoaded(() => import('../features/consigners/AddConsignerPage')),
  findOrders: keepLoaded(() => import('../features/orders/FindOrdersPage')),
  order: keepLoaded(() => import('../features/orders/OrderPage')),
  sell: keepLoaded(() => import('../features/sell/SellPage')),
  scanIntake: keepLoaded(() => import('../features/scan/ScanIntakePage')),
  stockTake: keepLoaded(() => import('../features/scan/StockTakePage')),
  pendingPayouts: keepLoaded(() => import('../features/payouts/PendingPayoutsPage')),
  payouts: keepLoaded(() => import('../features/payouts/PayoutsPage')),
  payout: keepLoaded(() => import('../features/payouts/PayoutPage')),
  requestItems: keepLoaded(() => import('../features/store-requests/RequestItemsPage')),
  storeRequest: keepLoaded(() => import('../features/store-requests/StoreRequestPage')),
  storefrontSync: keepLoaded(() => import('../features/storefront-sync/StorefrontSyncPage')),
  activity: keepLoaded(() => import('../features/activity/ActivityPage')),
  dashboard: keepLoaded(() => import('../features/dashboard/DashboardPage')),
};

/** The loader of the staff screen at a path, or null for paths that are not a staff screen. */
export function staffPageAt(pathname: string): (() => Promise<unknown>) | null {
  const [first = '', second] = pathname.split('/').slice(1);
  if (first === '') return staffPages.productSearch;
  if (Object.hasOwn(LIST_VIEWS, first)) return staffPages.inventoryList;
  if (first === 'products' || first === 'productItem') return second === 'create' ? staffPages.createProduct : second ? staffPages.product : null;
  if (first === 'inventories' && second) return staffPages.inventoryItem;
  if (first === 'addInventory' && second) return staffPages.addInventoryWizard;
  if (first === 'transfers') return staffPages.transfers;
  if (first === 'acceptTransfers') return staffPages.acceptTransfers;
  if (first === 'expiringInventory') return staffPages.expiringInventory;
  if (first === 'productTemplates') return staffPages.productTemplates;
  if (first === 'subLocations') return staffPages.subLocations;
  if (first === 'locations') return staffPages.locations;
  if (first === 'employees') return second ? staffPages.employee : staffPages.employees;
  if (first === 'addEmployee') return staffPages.addEmployee;
  if (first === 'fees') return staffPages.fees;
  if (first === 'markdowns') return staffPages.markdowns;
  if (first === 'settings') return staffPages.settings;
  if (first === 'billing') return staffPages.billing;
  if (first === 'consigners') return second ? staffPages.consigner : staffPages.consigners;
  if (first === 'addConsigner') return staffPages.addConsigner;
  if (first === 'findOrders') return staffPages.findOrders;
  if (first === 'orders' && second) return staffPages.order;
  if (first === 'sell') return staffPages.sell;
  if (first === 'scan') return staffPages.scanIntake;
  if (first === 'scanItems') return staffPages.stockTake;
  if (first === 'pendingPayouts') return staffPages.pendingPayouts;
  if (first === 'payouts') return second ? staffPages.payout : staffPages.payouts;
  if (first === 'request') return staffPages.requestItems;
  if (first === 'storeRequest') return staffPages.storeRequest;
  if (first === 'storefrontSync') return staffPages.storefrontSync;
  if (first === 'activity') return staffPages.activity;
  if (first === 'dashboard') return staffPages.dashboard;
  return null;
}
