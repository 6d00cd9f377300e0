import { useEffect, useState } from 'react';
import type { FormInstance } from 'antd';
import { fetchFeeQuote, type FeeQuote } from '../add-inventory/add-inventory.api';
import { useLiveQuote } from '../add-inventory/useLiveQuote';
import type { InventoryItem } from './inventory-item.api';

type Watched = { price?: number | null; option1Value?: string | null; option2Value?: string | null; option3Value?: string | null };
const OPTIONS = ['option1Value', 'option2Value', 'option3Value'] as const;

/**
 * The edit card's Payout and Fees follow the price (and options) as they are typed: the fee quote of
 * Add Inventory (POST /api/inventories/fees with the item, so its add-ons count; `useLiveQuote`, 400 ms
 * after the last key, the earlier call aborted) fills the Payout field until staff type a payout of
 * their own, which then wins as the server's rule says (docs/inventory-item-screens.md "Inventory
 * item"). Store accounts (a Cost, no fees) and locked money are left alone.
 */
export function useLivePayout(form: FormInstance, item: InventoryItem, watched: Watched, opts: { active: boolean }) {
  // whether staff typed the payout themselves since the item was last saved
  const [typed, setTyped] = useState(false);
  useEffect(() => setTyped(false), [item.updatedAt]);

  const price = typeof watched.price === 'number' ? watched.price : null;
  const changed = opts.active && price !== null && price > 0 && (price !== item.price || OPTIONS.some((k) => (watched[k] ?? null) !== (item[k] ?? null)));
  const input = changed
    ? {
        id: item.id,
        productId: item.productId,
        price: price!,
        quantity: item.quantity || 1,
        consigner: item.consignerId,
        category: item.category,
        option1Value: watched.option1Value ?? null,
        option2Value: watched.option2Value ?? null,
        option3Value: watched.option3Value ?? null,
      }
    : null;
  const quote = useLiveQuote<FeeQuote>(input && JSON.stringify(input), (signal) => fetchFeeQuote(input!, signal));

  // the quoted payout in the field (or the saved one again when the price is back), unless typed
  const follow = changed ? (quote.data?.payout ?? null) : opts.active ? item.payout : null;
  useEffect(() => {
    if (!typed && follow !== null) form.setFieldValue('payout', follow);
  }, [follow, typed, form]);

  const fees = changed ? (quote.data ? { payoutFee: quote.data.payoutFee, total: quote.data.total } : null) : { payoutFee: item.payoutFee, total: item.total };
  return {
    /** Payout and fees as the card shows them; null while the first quote of a new price is on its way. */
    fees,
    loading: changed && quote.loading,
    error: changed ? quote.error : null,
    /** Staff typed a payout: it is sent as typed; otherwise the server works it out from the price. */
    typed,
    markTyped: () => setTyped(true),
  };
}
