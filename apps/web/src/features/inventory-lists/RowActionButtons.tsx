import { Button, Flex, Popconfirm } from 'antd';
import { INVENTORY_MESSAGES, deleteConfirmation } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import type { RowAction, RowActionKey } from './row-actions';

/** Confirmation asked before a one-click action; null acts at once or opens its own dialog. */
function confirmationOf(key: RowActionKey, item: ListItem): string | null {
  switch (key) {
    case 'acceptPrice':
      return INVENTORY_MESSAGES.acceptPriceConfirm;
    case 'delete':
    case 'cancelDropoff':
      return deleteConfirmation(item.status);
    // wording ours: declining and buying cannot be undone from the list
    case 'decline':
      return 'Decline this item?';
    case 'buy':
      return 'Buy this item from the consigner?';
    default:
      return null;
  }
}

export function RowActionButtons({
  item,
  actions,
  busy,
  onAction,
  block,
}: {
  item: ListItem;
  actions: RowAction[];
  busy: boolean;
  onAction: (item: ListItem, key: RowActionKey) => void;
  block?: boolean;
}) {
  if (!actions.length) return null;
  return (
    <Flex gap={6} wrap data-testid="row-actions">
      {actions.map((a) => {
        const confirm = confirmationOf(a.key, item);
        const button = (
          <Button
            key={a.key}
            size="small"
            type={a.primary ? 'primary' : 'default'}
            danger={a.danger}
            disabled={busy}
            block={block}
            onClick={confirm ? undefined : () => onAction(item, a.key)}
          >
            {a.label}
          </Button>
        );
        if (!confirm) return button;
        return (
          <Popconfirm key={a.key} title={confirm} okText="Yes" cancelText="No" onConfirm={() => onAction(item, a.key)}>
            {button}
          </Popconfirm>
        );
      })}
    </Flex>
  );
}
