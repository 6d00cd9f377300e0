import type { ReactNode } from 'react';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import type { CreatedInventory } from './add-inventory.api';

/**
 * The staff 'added' toast: 'Inventory added to {title}' with each new item's code, each a link to
 * its item page (/inventories/{id}), so the item just made is one click away.
 */
export function addedToast(title: string, items: Pick<CreatedInventory, 'id' | 'code'>[], open: (path: string) => void): ReactNode {
  const shown = items.slice(0, 5);
  return (
    <span data-testid="added-toast">
      {INVENTORY_MESSAGES.added(title)}
      {shown.length > 0 && ': '}
      {shown.map((item, n) => (
        <span key={item.id}>
          {n > 0 && ', '}
          <a
            href={`/inventories/${item.id}`}
            onClick={(e) => {
              e.preventDefault();
              open(`/inventories/${item.id}`);
            }}
            data-testid="added-item-link"
            style={{ fontWeight: 600 }}
          >
            {item.code}
          </a>
        </span>
      ))}
      {items.length > shown.length && ` and ${items.length - shown.length} more`}
    </span>
  );
}

/** How long the toast stays: long enough to reach its link. */
export const ADDED_TOAST_SECONDS = 8;
