// Bulk edit's drafts: a row's editable values, what changed, and the payout a draft would give.
import { Flex, Typography } from 'antd';
import type { InventoryStatus } from '@backroom/domain';
import { fetchFeeQuote, type FeeQuote } from '../add-inventory/add-inventory.api';
import { useLiveQuote } from '../add-inventory/useLiveQuote';
import type { InventoryEdit, ListItem } from './inventory-lists.api';
import { money } from './row-actions';

export type Draft = {
  consigner: string;
  status: InventoryStatus;
  option1Value: string | null;
  option2Value: string | null;
  option3Value: string | null;
  location: string | null;
  subLocation: string | null;
  price: number;
};

export const draftOf = (item: ListItem): Draft => ({
  consigner: item.consignerId,
  status: item.status,
  option1Value: item.option1Value,
  option2Value: item.option2Value,
  option3Value: item.option3Value,
  location: item.location,
  subLocation: item.subLocation,
  price: item.price,
});

/** Only the fields that changed, so the log records exactly what staff edited. */
export function changesOf(item: ListItem, draft: Draft): InventoryEdit {
  const before = draftOf(item);
  const out: InventoryEdit = {};
  if (draft.consigner !== before.consigner) out.consigner = draft.consigner;
  if (draft.status !== before.status) out.status = draft.status;
  for (const key of ['option1Value', 'option2Value', 'option3Value', 'location', 'subLocation'] as const) {
    if (draft[key] !== before[key]) out[key] = draft[key];
  }
  if (draft.price !== before.price) out.price = draft.price;
  return out;
}

export const valuesOf = (list: { value: string }[] | null | undefined) => (list ?? []).map((v) => ({ value: v.value, label: v.value }));

export const OPTION_KEYS = ['option1Value', 'option2Value', 'option3Value'] as const;

/**
 * The payout the row's draft would give, from the fee quote (POST /api/inventories/fees with the
 * item, so its add-ons and cost count), fetched as the price is typed. Until something that sets the
 * fees changes, the item's own payout. Store-account owners have a Cost instead.
 */
export function LivePayout({ item, draft, currency }: { item: ListItem; draft: Draft | undefined; currency: string }) {
  const storeAccount = item.consigner?.isStoreAccount ?? false;
  const saved = storeAccount ? (item.cost ?? item.payout) : item.payout;
  const changed =
    draft !== undefined &&
    (draft.price !== item.price || draft.consigner !== item.consignerId || OPTION_KEYS.some((k) => draft[k] !== item[k]));
  const input =
    changed && draft && draft.price > 0
      ? {
          id: item.id,
          productId: item.productId,
          price: draft.price,
          quantity: item.quantity || 1,
          consigner: draft.consigner,
          category: item.category,
          option1Value: draft.option1Value,
          option2Value: draft.option2Value,
          option3Value: draft.option3Value,
        }
      : null;
  const quote = useLiveQuote<FeeQuote>(input && JSON.stringify(input), (signal) => fetchFeeQuote(input!, signal));
  const shown = changed ? (quote.data?.payout ?? null) : saved;
  return (
    <Flex vertical gap={0} data-testid="bulk-edit-payout-cell">
      <span style={{ fontWeight: 500, opacity: quote.loading ? 0.5 : 1 }} data-testid="bulk-edit-payout" data-loading={quote.loading}>
        {shown === null ? '…' : money(shown, currency)}
      </span>
      {changed && shown !== saved && (
        <span className="br-inv-sub" data-testid="bulk-edit-payout-was">
          was {money(saved, currency)}
        </span>
      )}
      {storeAccount && <span className="br-inv-sub">Cost</span>}
      {quote.error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {quote.error}
        </Typography.Text>
      )}
    </Flex>
  );
}
