import { Suspense, useCallback, useMemo } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { MailOutlined } from '@ant-design/icons';
import { hasArea, visibleStaffMenu, type SignedInUser } from '@backroom/domain';
import { AppShell } from './layouts/AppShell';
import { useCurrentStore } from '../features/store/store.api';
import { useSignOut } from '../features/auth/auth.api';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { fullName } from '../shared/format';
import { WithAddInventory } from '../features/add-inventory/WithAddInventory';
import { staffPages } from './staff-pages';
import { RouteAccessContext } from '../shared/ui/RouteLink';
import { lazyScreen } from '../shared/lazy-screen';

const StaffHomePage = lazyScreen(staffPages.home);
const MailboxPage = lazyScreen(staffPages.mailbox);
const NotAvailablePage = lazyScreen(staffPages.notAvailable);
const InventoryListPage = lazyScreen(staffPages.inventoryList);
const ProductSearchPage = lazyScreen(staffPages.productSearch);
const CreateProductPage = lazyScreen(staffPages.createProduct);
const ProductPage = lazyScreen(staffPages.product);
const ProductTemplatesPage = lazyScreen(staffPages.productTemplates);
const SubLocationsPage = lazyScreen(staffPages.subLocations);
const LocationsPage = lazyScreen(staffPages.locations);
const StorefrontSyncPage = lazyScreen(staffPages.storefrontSync);
const FeesPage = lazyScreen(staffPages.fees);
const MarkdownsPage = lazyScreen(staffPages.markdowns);
const InventoryItemPage = lazyScreen(staffPages.inventoryItem);
const AddInventoryWizardPage = lazyScreen(staffPages.addInventoryWizard);
const TransfersPage = lazyScreen(staffPages.transfers);
const AcceptTransfersPage = lazyScreen(staffPages.acceptTransfers);
const ExpiringInventoryPage = lazyScreen(staffPages.expiringInventory);
const ScanIntakePage = lazyScreen(staffPages.scanIntake);
const StockTakePage = lazyScreen(staffPages.stockTake);
const EmployeesPage = lazyScreen(staffPages.employees);
const EmployeePage = lazyScreen(staffPages.employee);
const AddEmployeePage = lazyScreen(staffPages.addEmployee);
const SettingsPage = lazyScreen(staffPages.settings);
const BillingPage = lazyScreen(staffPages.billing);
const ConsignersPage = lazyScreen(staffPages.consigners);
const ConsignerPage = lazyScreen(staffPages.consigner);
const AddConsignerPage = lazyScreen(staffPages.addConsigner);
const FindOrdersPage = lazyScreen(staffPages.findOrders);
const OrderPage = lazyScreen(staffPages.order);
const SellPage = lazyScreen(staffPages.sell);
const PendingPayoutsPage = lazyScreen(staffPages.pendingPayouts);
const PayoutsPage = lazyScreen(staffPages.payouts);
const PayoutPage = lazyScreen(staffPages.payout);
const RequestItemsPage = lazyScreen(staffPages.requestItems);
const StoreRequestPage = lazyScreen(staffPages.storeRequest);
const ActivityPage = lazyScreen(staffPages.activity);
const DashboardPage = lazyScreen(staffPages.dashboard);

/** The staff back office: sider menu filtered by the user's areas, and the staff routes. */
export default function StaffApp({ user }: { user: SignedInUser }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const { mutate: signOut } = useSignOut();
  // Spec 2: Logout clears the stored store handle and support e-mail, then signs out.
  const logout = useCallback(
    () => signOut({ clearStore: true }, { onSettled: () => navigate('/login', { replace: true }) }),
    [signOut, navigate],
  );
  // The server says with the user whether it keeps a dev mailbox for them (development mode, Admins).
  const mailbox = user.devMailbox === true;
  const isBuyingStore = store?.isBuyingStore ?? false;
  // The menus keep the same items from render to render, so an open menu is not rebuilt under the pointer.
  const menu = useMemo(() => visibleStaffMenu(user, { isBuyingStore }), [user, isBuyingStore]);
  // The Dev mailbox entry: shown while the server keeps a dev mailbox (features/dev).
  const userMenu = useMemo(
    () => (mailbox ? [{ key: 'mailbox', icon: <MailOutlined />, label: 'Dev mailbox', onClick: () => navigate('/dev/mailbox') }] : []),
    [mailbox, navigate],
  );

  return (
    <RouteAccessContext.Provider value={user}>
      <AppShell
        storeName={store?.name ?? 'Backroom'}
        storeLogo={store?.logo}
        caption="Back office"
        menu={menu}
        userName={fullName(user) || user.email}
        userTag={user.role}
        userMenu={userMenu}
        onLogout={logout}
      >
        <Suspense fallback={<FullPageSpinner />}>
          <Routes>
            {/* '/' is the product search with Products; without it, the welcome card (SignedInGate) */}
            <Route index element={hasArea(user.accessControls, 'Products') ? <WithAddInventory>{(open) => <ProductSearchPage user={user} onProductClick={open} />}</WithAddInventory> : <StaffHomePage user={user} menu={menu} />} />
            <Route path="products" element={<Navigate to="/" replace />} />
            <Route path="products/create" element={<CreateProductPage user={user} />} />
            <Route path="products/:id" element={<WithAddInventory>{(open) => <ProductPage onAddInventory={open} />}</WithAddInventory>} />
            <Route path="productItem/:id" element={<WithAddInventory>{(open) => <ProductPage onAddInventory={open} />}</WithAddInventory>} />
            <Route path="productTemplates" element={<ProductTemplatesPage />} />
            <Route path="subLocations" element={<SubLocationsPage />} />
            <Route path="locations" element={<LocationsPage />} />
            <Route path="fees" element={<FeesPage />} />
            <Route path="markdowns" element={<MarkdownsPage />} />
            {/* Inventory lists (features/inventory-lists), one page per LIST_VIEWS entry */}
            <Route path="findInventory" element={<InventoryListPage view="findInventory" />} />
            <Route path="buyingInventory" element={<InventoryListPage view="buyingInventory" />} />
            <Route path="requestInventory" element={<InventoryListPage view="requestInventory" />} />
            <Route path="incomingInventory" element={<InventoryListPage view="incomingInventory" />} />
            <Route path="pendingPriceChangeInventory" element={<InventoryListPage view="pendingPriceChangeInventory" />} />
            <Route path="requestedInventory" element={<InventoryListPage view="requestedInventory" />} />
            <Route path="readyToPrint" element={<InventoryListPage view="readyToPrint" />} />
            <Route path="pendingWithdrawalInventory" element={<InventoryListPage view="pendingWithdrawalInventory" />} />
            <Route path="withdrawnInventory" element={<InventoryListPage view="withdrawnInventory" />} />
            {/* The item screen, the add-inventory wizard and transfers */}
            <Route path="request" element={<RequestItemsPage />} />
            <Route path="storeRequest" element={<StoreRequestPage mode="staff" />} />
            <Route path="inventories/:id" element={<InventoryItemPage />} />
            <Route path="addInventory/:id" element={<AddInventoryWizardPage />} />
            <Route path="transfers" element={<TransfersPage />} />
            <Route path="acceptTransfers" element={<AcceptTransfersPage />} />
            <Route path="expiringInventory" element={<ExpiringInventoryPage />} />
            {/* Scanning (features/scan) */}
            <Route path="scan" element={<ScanIntakePage />} />
            <Route path="scanItems" element={<StockTakePage />} />
            {/* People (features/consigners) */}
            <Route path="consigners" element={<ConsignersPage />} />
            <Route path="consigners/:id" element={<ConsignerPage />} />
            <Route path="addConsigner" element={<AddConsignerPage />} />
            {/* Orders (features/orders) */}
            <Route path="findOrders" element={<FindOrdersPage />} />
            <Route path="orders/:id" element={<OrderPage />} />
            {/* Selling (features/sell) */}
            <Route path="sell" element={<SellPage />} />
            {/* The storefront's sync health (features/storefront-sync) */}
            <Route path="storefrontSync" element={<StorefrontSyncPage />} />
            {/* People (features/employees) */}
            <Route path="employees" element={<EmployeesPage user={user} />} />
            <Route path="employees/:id" element={<EmployeePage user={user} />} />
            <Route path="addEmployee" element={<AddEmployeePage />} />
            {/* Payouts (features/payouts) */}
            <Route path="pendingPayouts" element={<PendingPayoutsPage />} />
            <Route path="payouts" element={<PayoutsPage />} />
            <Route path="payouts/:id" element={<PayoutPage />} />
            {/* Activity (features/activity) */}
            <Route path="activity" element={<ActivityPage />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="settings" element={<SettingsPage user={user} />} />
            <Route path="billing" element={<BillingPage />} />
            {/* Only for whom the server keeps it: another user's page would only be refused (403s in the console). */}
            <Route path="dev/mailbox" element={mailbox ? <MailboxPage /> : <NotAvailablePage />} />
            {/* Every other staff screen belongs to a later issue. */}
            <Route path="*" element={<NotAvailablePage />} />
          </Routes>
        </Suspense>
      </AppShell>
    </RouteAccessContext.Provider>
  );
}
