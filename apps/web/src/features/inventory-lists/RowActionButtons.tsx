import type { ReactNode } from 'react';
import { Button, Flex, Popconfirm, Tooltip } from 'antd';
import { CloseOutlined, DeleteOutlined, DollarOutlined } from '@ant-design/icons';
import { INVENTORY_MESSAGES, deleteConfirmation } from '@backroom/domain';
import type { ListItem } from './inventory-lists.api';
import { isDestructive, showsAsIcon, type RowAction, type RowActionIcon, type RowActionKey } from './row-actions';

const ICONS: Record<RowActionIcon, ReactNode> = { decline: <CloseOutlined />, delete: <DeleteOutlined />, askPrice: <DollarOutlined /> };

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
  icons = false,
}: {
  item: ListItem;
  actions: RowAction[];
  busy: boolean;
  onAction: (item: ListItem, key: RowActionKey) => void;
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
  /** A compact list's table: secondary actions as icon buttons with a tooltip and an aria-label (docs/inventory-lists-screens.md). */
  icons?: boolean;
}) {
  if (!actions.length) return null;
  const render = (a: RowAction) => {
    const confirm = a.confirm ? a.confirm(item.status) : confirmationOf(a.key, item);
    const asIcon = showsAsIcon(a, icons) && a.icon !== undefined;
    const plain = (
      <Button
        key={a.key}
        size={size}
        type={a.primary ? 'primary' : 'default'}
        danger={a.danger}
        disabled={busy}
        block={block}
        icon={asIcon && a.icon ? ICONS[a.icon] : undefined}
        aria-label={asIcon ? a.label : undefined}
        data-testid={asIcon ? `row-action-${a.key}` : undefined}
        onClick={confirm ? undefined : () => onAction(item, a.key)}
      >
        {asIcon ? null : a.label}
      </Button>
    );
    const button = asIcon ? (
      <Tooltip key={a.key} title={a.label}>
        {plain}
      </Tooltip>
    ) : (
      plain
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
