import type { ReactNode } from 'react';
import { Checkbox, Flex, Typography } from 'antd';
import type { DropoffItem } from './dropoff.api';
import { ItemCell, StatusTag, optionsOf } from './DropoffCells';

/** A phone shows one card per unit (spec 9); past this many units of one item the rest are counted, not drawn. */
const MAX_CARDS_PER_ITEM = 20;

/** The phone's cards of the drop-off list: one per unit, each with its check box and Cancel. */
export function DropoffCards(props: {
  rows: readonly DropoffItem[];
  checked: ReadonlyMap<string, DropoffItem>;
  toggle: (items: DropoffItem[], on: boolean) => void;
  money: (major: number) => string;
  cancelButton: (item: DropoffItem) => ReactNode;
}) {
  const { rows, checked, toggle, money, cancelButton } = props;
  return rows.flatMap((item) => {
    const shown = Math.min(item.quantity, MAX_CARDS_PER_ITEM);
    const on = checked.has(item.id);
    const cardsOfItem = Array.from({ length: shown }, (_, unit) => (
      <div key={`${item.id}-${unit}`} className={`br-drop-card${on ? ' br-drop-card-on' : ''}`} data-testid="dropoff-card" data-code={item.code}>
        <Flex gap={10} align="flex-start">
          <Checkbox checked={on} onChange={(e) => toggle([item], e.target.checked)} aria-label={`Select ${item.code}`} className="br-drop-check" />
          <div style={{ minWidth: 0, flex: 1 }}><ItemCell item={item} /></div>
        </Flex>
        <dl className="br-drop-facts">
          <div>
            <dt>Size</dt>
            <dd>
              {item.option1Value ?? '—'}
              {optionsOf(item) && <span className="br-drop-sub">{optionsOf(item)}</span>}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{money(item.price)}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{item.location ?? '—'}</dd>
          </div>
          <div>
            <dt>{item.quantity > 1 ? 'Unit' : 'Qty'}</dt>
            <dd data-testid="card-unit">{item.quantity > 1 ? `${unit + 1} of ${item.quantity}` : 1}</dd>
          </div>
        </dl>
        <Flex justify="space-between" align="center" gap={8} style={{ marginTop: 10 }}>
          <StatusTag item={item} />
          {cancelButton(item)}
        </Flex>
      </div>
    ));
    if (item.quantity > shown)
      cardsOfItem.push(
        <Typography.Text key={`${item.id}-more`} type="secondary" className="br-drop-more">
          and {item.quantity - shown} more of {item.code}
        </Typography.Text>,
      );
    return cardsOfItem;
  });
}
