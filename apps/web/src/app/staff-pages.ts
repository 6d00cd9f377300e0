import { LIST_VIEWS } from '@backroom/domain';
import { keepAllLoaded } from '../shared/lazy-screen';

/**
 * Where each staff screen's code lives. StaffApp makes its lazy routes from these, and app/boot.ts
 * starts loading the screen of the address being opened while the store and the user are still
 * being fetched, instead of one after the other.
 */
export const staffPages = keepAllLoaded({
  home: () => import('../features/shell/StaffHomePage'),
  mailbox: () => import('../features/dev/MailboxPage'),
  notAvailable: () => import('../features/shell/NotAvailablePage'),
  inventoryList: () => import('../features/inventory-lists/InventoryListPage'),
  productSearch: () => import('../features/products/ProductSearchPage'),
  createProduct: () => import('../features/products/CreateProductPage'),
  product: () => import('../features/products/ProductPage'),
  productTemplates: () => import('../features/product-templates/ProductTemplatesPage'),
  subLocations: () => import('../features/sub-locations/SubLocationsPage'),
  locations: () => import('../features/locations/LocationsPage'),
  fees: () => import('../features/fees/FeesPage'),
  markdowns: () => import('../features/markdowns/MarkdownsPage'),
  inventoryItem: () => import('../features/inventory-item/InventoryItemPage'),
  addInventoryWizard: () => import('../features/add-inventory/AddInventoryWizardPage'),
  transfers: () => import('../features/transfers/TransfersPage'),
  acceptTransfers: () => import('../features/transfers/AcceptTransfersPage'),
  expiringInventory: () => import('../features/expiring-inventory/ExpiringInventoryPage'),
  employees: () => import('../features/employees/EmployeesPage'),
  employee: () => import('../features/employees/EmployeePage'),
  addEmployee: () => import('../features/employees/AddEmployeePage'),
  settings: () => import('../features/settings/SettingsPage'),
  billing: () => import('../features/settings/BillingPage'),
  consigners: () => import('../features/consigners/ConsignersPage'),
  consigner: () => import('../features/consigners/ConsignerPage'),
  addConsigner: () => import('../features/consigners/AddConsignerPage'),
  findOrders: () => import('../features/orders/FindOrdersPage'),
  order: () => import('../features/orders/OrderPage'),
  sell: () => import('../features/sell/SellPage'),
  scanIntake: () => import('../features/scan/ScanIntakePage'),
  stockTake: () => import('../features/scan/StockTakePage'),
  pendingPayouts: () => import('../features/payouts/PendingPayoutsPage'),
  payouts: () => import('../features/payouts/PayoutsPage'),
  payout: () => import('../features/payouts/PayoutPage'),
  requestItems: () => import('../features/store-requests/RequestItemsPage'),
  storeRequest: () => import('../features/store-requests/StoreRequestPage'),
  storefrontSync: () => import('../features/storefront-sync/StorefrontSyncPage'),
  activity: () => import('../features/activity/ActivityPage'),
  dashboard: () => import('../features/dashboard/DashboardPage'),
});

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
