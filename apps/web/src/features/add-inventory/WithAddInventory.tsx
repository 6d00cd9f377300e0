import { lazy, Suspense, useState, type ReactNode } from 'react';

const AddInventoryModal = lazy(() => import('./AddInventoryModal').then((m) => ({ default: m.AddInventoryModal })));

/**
 * Gives a screen an "open the Add Inventory modal for this product" callback and renders the modal
 * (loaded on first use). The product search and the product page pass it as their card click and
 * their Add Inventory button: `<WithAddInventory>{(open) => <ProductPage onAddInventory={open} />}</WithAddInventory>`.
 */
export function WithAddInventory({ children }: { children: (open: (product: { id: string }) => void) => ReactNode }) {
  // The product stays set while the modal closes, so its content does not vanish mid-animation.
  const [productId, setProductId] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      {children((product) => {
        setProductId(product.id);
        setOpen(true);
      })}
      {productId && (
        <Suspense fallback={null}>
          <AddInventoryModal productId={productId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
