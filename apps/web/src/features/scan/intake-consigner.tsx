// Scan intake's consigner check (docs/scanning.md, "Another consigner's item"): an item of another
// consigner than the one chosen is refused, naming its consigner, unless staff confirm that it is
// reassigned to the chosen one; Save then sends its id in `reassign` and the server does both in one
// transaction.
import { App, Tag, Typography } from 'antd';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import { fullName } from '../../shared/format';
import type { IntakeItem } from './scan.api';

type AppApi = ReturnType<typeof App.useApp>;

/** The item's consigner as a person reads it. */
export const ownerName = (item: IntakeItem) => (item.consigner ? fullName(item.consigner) || item.consigner.email : 'another consigner');

/**
 * Asks whether another consigner's item is reassigned to the chosen consigner; true on confirm. A
 * refusal says why the item was not added.
 */
export function confirmReassign(app: Pick<AppApi, 'modal' | 'message'>, item: IntakeItem, chosen: string): Promise<boolean> {
  const owner = ownerName(item);
  return new Promise((resolve) => {
    app.modal.confirm({
      title: `This item belongs to ${owner}`,
      content: (
        <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="reassign-text">
          {INVENTORY_MESSAGES.otherConsignerItem(item.code, owner, chosen)}. Reassign it to {chosen} and accept it with their drop-offs? The change is written
          in the item&apos;s activity.
        </Typography.Paragraph>
      ),
      okText: `Reassign to ${chosen}`,
      cancelText: 'Leave it out',
      onOk: () => resolve(true),
      onCancel: () => {
        void app.message.warning(`${INVENTORY_MESSAGES.otherConsignerItem(item.code, owner, chosen)}: not added`);
        resolve(false);
      },
    });
  });
}

/** The Consigner cell: the item's consigner, or the change a confirmed reassignment will make. */
export function IntakeConsignerCell({ item, chosen, reassigned }: { item: IntakeItem; chosen: string; reassigned: boolean }) {
  if (!reassigned) return <span data-testid="intake-consigner">{ownerName(item)}</span>;
  return (
    <span data-testid="intake-consigner">
      <Typography.Text delete type="secondary">
        {ownerName(item)}
      </Typography.Text>{' '}
      {chosen} <Tag color="gold">Reassigned</Tag>
    </span>
  );
}
