import { Button, Flex, Popconfirm } from 'antd';
import { INVENTORY_MESSAGES, deleteConfirmation } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import { isDestructive, type RowAction, type RowActionKey } from './row-actions';

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
  size = 'small',
}: {
  item: ListItem;
  actions: RowAction[];
  busy: boolean;
  onAction: (item: ListItem, key: RowActionKey) => void;
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
}) {
  if (!actions.length) return null;
  const render = (a: RowAction) => {
    const confirm = a.confirm ? a.confirm(item.status) : confirmationOf(a.key, item);
    const button = (
      <Button
        key={a.key}
        size={size}
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
      <Popconfirm key={a.key} title={confirm} okText={a.okText ?? 'Yes'} cancelText="No" onConfirm={() => onAction(item, a.key)}>
        {button}
      </Popconfirm>
    );
  };
  // destructive actions (decline, delete, cancel) sit apart at the end, away from the others
  const safe = actions.filter((a) => !isDestructive(a));
  const destructive = actions.filter(isDestructive);
  return (
    <Flex gap={6} wrap={size === 'large'} align="center" data-testid="row-actions">
      {safe.map(render)}
      {destructive.length > 0 && (
        <Flex gap={6} className={safe.length ? 'br-row-actions-danger' : undefined} data-testid="row-actions-danger">
          {destructive.map(render)}
        </Flex>
      )}
    </Flex>
  );
}
