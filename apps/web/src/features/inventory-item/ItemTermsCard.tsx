import { Card, Descriptions, Tag } from 'antd';
import { END_OF_TERM_ACTION_LABELS, type TItemTerms } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import type { InventoryItem } from './inventory-item.api';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Where the item stands on its term: a tag and a few words ("in 12 days", "3 days ago"). */
function standing(terms: TItemTerms): { color: string; label: string; text: string } {
  switch (terms.state) {
    case 'open':
      return { color: 'default', label: 'No end', text: '' };
    case 'running':
      return { color: 'green', label: 'Running', text: `in ${days(terms.days)}` };
    case 'ending':
      return { color: 'gold', label: 'Ending', text: terms.days === 0 ? 'today' : `in ${days(terms.days)}` };
    case 'grace':
      return { color: 'orange', label: 'Grace', text: `${days(terms.days)} ago` };
    case 'due':
      return { color: 'red', label: 'Due', text: `${days(terms.days)} ago` };
  }
}

/**
 * The consignment terms locked on the item when it was accepted (docs/consignment-terms.md): a change
 * of the consigner type's terms later never changes them, so this card shows what the consigner agreed to.
 */
export function ItemTermsCard({ item, currency }: { item: InventoryItem; currency: string }) {
  const terms = item.consignmentTerms;
  if (!terms) return null;
  const at = standing(terms);
  return (
    <Card title="Consignment terms" data-testid="item-terms">
      <Descriptions
        column={1}
        size="small"
        items={[
          {
            key: 'ends',
            label: 'Ends',
            children: (
              <span data-testid="item-terms-ends">
                {item.consignmentEndsAt ?? 'No end date'} {at.text && `(${at.text})`}{' '}
                <Tag color={at.color} style={{ marginInlineStart: 4 }}>
                  {at.label}
                </Tag>
              </span>
            ),
          },
          { key: 'period', label: 'Period', children: terms.periodDays === null ? 'No end' : days(terms.periodDays) },
          {
            key: 'minimum',
            label: 'Minimum stay',
            children: terms.minimumStayDays > 0 ? `${days(terms.minimumStayDays)}, ${formatPrice(terms.earlyWithdrawalFee, currency)} to pick up earlier` : 'None',
          },
          {
            key: 'renewal',
            label: 'Renewal',
            children: terms.periodDays === null ? '—' : `${days(terms.renewalDays ?? terms.periodDays)} for ${formatPrice(terms.renewalFee, currency)}`,
          },
          { key: 'end', label: 'At the end', children: `${END_OF_TERM_ACTION_LABELS[terms.endAction].action}${terms.graceDays > 0 ? ` after ${days(terms.graceDays)} of grace` : ''}` },
        ]}
      />
    </Card>
  );
}
