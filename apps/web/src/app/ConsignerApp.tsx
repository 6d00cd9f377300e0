import { Suspense, useCallback, useMemo } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { consignerWord, helpHref, visibleConsignerMenu, type SignedInUser } from '@backroom/domain';
import { AppShell } from './layouts/AppShell';
import { consignerPages } from './consigner-pages';
import { useCurrentStore } from '../features/store/store.api';
import { useSignOut } from '../features/auth/auth.api';
import { TermsDialog } from '../features/auth/TermsDialog';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { fullName } from '../shared/format';
import { lazyScreen } from '../shared/lazy-screen';

// One folder per portal screen (features/consigner-portal/<screen>; consigner-pages.ts); the product
// creation form and the listing wizard are the staff ones, which adapt to a consigner.
const AddInventoryWizardPage = lazyScreen(consignerPages.addInventoryWizard);
const CreateProductPage = lazyScreen(consignerPages.createProduct);
const ConsignerProductsPage = lazyScreen(consignerPages.products);
const ConsignerProductItemPage = lazyScreen(consignerPages.productItem);
const ConsignerInventoryPage = lazyScreen(consignerPages.inventory);
const DropoffPage = lazyScreen(consignerPages.dropoff);
const ConsignerPayoutsPage = lazyScreen(consignerPages.payouts);
const ConsignerStatementsPage = lazyScreen(consignerPages.statements);
const ConsignerSettingsPage = lazyScreen(consignerPages.settings);
const StoreRequestPage = lazyScreen(consignerPages.storeRequest);

/** The consigner (seller) portal: its own menu and routes (spec 2, Consigner portal). */
export default function ConsignerApp({ user, needsTerms }: { user: SignedInUser; needsTerms: boolean }) {
  const store = useCurrentStore();
  const navigate = useNavigate();
  const { mutate: signOut } = useSignOut();
  // Spec 2: Logout clears the stored store handle and support e-mail, then signs out.
  const logout = useCallback(
    () => signOut({ clearStore: true }, { onSettled: () => navigate('/login', { replace: true }) }),
    [signOut, navigate],
  );
  const menu = useMemo(() => visibleConsignerMenu(user), [user]);
  const word = consignerWord(store?.isBuyingStore);

  return (
    <AppShell
      storeName={store?.name ?? 'Backroom'}
      storeLogo={store?.logo}
      caption={`${word} portal`}
      menu={menu}
      mailto={store?.supportEmail ? helpHref(store.supportEmail) : undefined}
      userName={fullName(user) || user.email}
      userTag={word}
      onLogout={logout}
    >
      {needsTerms ? (
        <TermsDialog />
      ) : (
        <Suspense fallback={<FullPageSpinner />}>
          <Routes>
            <Route index element={<ConsignerProductsPage user={user} />} />
            <Route path="products" element={<Navigate to="/" replace />} />
            <Route path="products/create" element={<CreateProductPage user={user} />} />
            <Route path="productItem/:id" element={<ConsignerProductItemPage user={user} />} />
            {/* CREATE A LISTING: the add-inventory wizard; /products/{id} is its listing steps (catalogue doc section 2) */}
            <Route path="addInventory/:id" element={<AddInventoryWizardPage />} />
            <Route path="products/:id" element={<AddInventoryWizardPage />} />
            <Route path="inventory" element={<ConsignerInventoryPage user={user} />} />
            {/* Requested Inventory: drop-off requests (Requested) and accepted drop-offs to bring in (Pending) */}
            <Route path="dropoff" element={<DropoffPage key="Requested" user={user} status="Requested" />} />
            <Route path="dropoffPending" element={<DropoffPage key="Pending" user={user} status="Pending" />} />
            <Route path="payouts" element={<ConsignerPayoutsPage user={user} />} />
            <Route path="statements" element={<ConsignerStatementsPage user={user} />} />
            <Route path="settings" element={<ConsignerSettingsPage user={user} />} />
            <Route path="storeRequest" element={<StoreRequestPage mode="consigner" />} />
            {/* Any other address (a staff screen) leads home: a
                consigner never meets a 404 page (the spec's guards send a refused route to /). */}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      )}
    </AppShell>
  );
}
