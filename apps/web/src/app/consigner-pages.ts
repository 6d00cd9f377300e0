import { keepAllLoaded } from '../shared/lazy-screen';

/**
 * Where each consigner portal screen's code lives. ConsignerApp makes its lazy routes from these, and
 * app/boot.ts starts loading the screen of the address being opened beside the portal's shell,
 * instead of after it (bench/portal-inventory.ts).
 */
export const consignerPages = keepAllLoaded({
  products: () => import('../features/consigner-portal/products/ConsignerProductsPage'),
  productItem: () => import('../features/consigner-portal/products/ConsignerProductItemPage'),
  createProduct: () => import('../features/products/CreateProductPage'),
  addInventoryWizard: () => import('../features/add-inventory/AddInventoryWizardPage'),
  inventory: () => import('../features/consigner-portal/inventory/ConsignerInventoryPage'),
  dropoff: () => import('../features/consigner-portal/dropoff/DropoffPage'),
  payouts: () => import('../features/consigner-portal/payouts/ConsignerPayoutsPage'),
  statements: () => import('../features/consigner-portal/statements/ConsignerStatementsPage'),
  settings: () => import('../features/consigner-portal/settings/ConsignerSettingsPage'),
  storeRequest: () => import('../features/store-requests/StoreRequestPage'),
});

/** The first path segment of a portal screen that takes no parameter, and its code. */
const BY_SEGMENT: Record<string, () => Promise<unknown>> = {
  '': consignerPages.products,
  inventory: consignerPages.inventory,
  dropoff: consignerPages.dropoff,
  dropoffPending: consignerPages.dropoff,
  payouts: consignerPages.payouts,
  statements: consignerPages.statements,
  settings: consignerPages.settings,
  storeRequest: consignerPages.storeRequest,
};

/** The loader of the portal screen at a path, or null for other paths. */
export function consignerPageAt(pathname: string): (() => Promise<unknown>) | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length > 1) return null;
  return BY_SEGMENT[segments[0] ?? ''] ?? null;
}
