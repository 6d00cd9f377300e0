import { useProductStoreRequests } from './store-requests.api';
import { StoreRequestCard } from './StoreRequestCard';

/**
 * The Add Inventory modal's store-request card (catalogue doc section 2): when the store asks for
 * this product at the chosen location (or at any location while none is chosen), what it asks for -
 * the sizes (3, then More sizes), where, and each location's range. Nothing when it is not asked for,
 * when the answer fails (it is a hint, the form works without it) or at the online marketplace, which
 * is not a location a store asks for items at.
 */
export function ProductRequestCard({
  productId,
  location,
  marketplace,
  currency,
  heading,
  showProduct = false,
}: {
  productId: string;
  location: string | null;
  marketplace: boolean;
  currency: string;
  heading: string;
  /** The modal and the wizard show the product above the card already. */
  showProduct?: boolean;
}) {
  const requests = useProductStoreRequests(productId, location, !marketplace);
  const places = requests.data?.products ?? [];
  if (marketplace || places.length === 0) return null;
  return (
    <div style={{ opacity: requests.isPlaceholderData ? 0.6 : 1 }}>
      <StoreRequestCard product={places[0]} places={places} currency={currency} heading={heading} showProduct={showProduct} testId="store-request-card" />
    </div>
  );
}
