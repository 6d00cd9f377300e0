import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { consignerWord, helpHref, visibleConsignerMenu, type SignedInUser } from '@backroom/domain';
import { AppShell } from './layouts/AppShell';
import { useCurrentStore } from '../features/store/store.api';
import { useSignOut } from '../features/auth/auth.api';
import { TermsDialog } from '../features/auth/TermsDialog';
import { FullPageSpinner } from '../shared/ui/FullPageSpinner';
import { fullName } from '../shared/format';

const AddInventoryWizardPage = lazy(() => import('../features/add-inventory/AddInventoryWizardPage'));
const ProductSearchPage = lazy(() => import('../features/products/ProductSearchPage'));
const CreateProductPage = lazy(() => import('../features/products/CreateProductPage'));
const ProductPage = lazy(() => import('../features/products/ProductPage'));

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
            {/* Products search; a card opens the product's page until the Add Inventory modal takes the click */}
            <Route index element={<ProductSearchPage user={user} onProductClick={(p) => navigate(`/productItem/${p.id}`)} />} />
            <Route path="products" element={<Navigate to="/" replace />} />
            <Route path="products/create" element={<CreateProductPage user={user} />} />
            <Route path="productItem/:id" element={<ProductPage user={user} />} />
            {/* CREATE A LISTING: the add-inventory wizard; /products/{id} is its listing steps (catalogue doc section 2) */}
            <Route path="addInventory/:id" element={<AddInventoryWizardPage />} />
            <Route path="products/:id" element={<AddInventoryWizardPage />} />
            {/* Any other address (a staff screen, or a portal screen of a later issue) leads home: a
                consigner never meets a 404 page (the spec's guards send a refused route to /). */}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </Suspense>
      )}
    </AppShell>
  );
}
