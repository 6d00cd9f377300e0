import { useState } from 'react';
import { Alert, App, Button, Checkbox, Empty, Flex, Modal, Radio, Skeleton, Table, Tag, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { typeChoices } from './consigner-form';
import { usePayoutRecalculation, useUpdateConsigner, type Consigner, type Recalculation } from './consigners.api';
import { useConsignerTypes } from '../../shared/lookups.api';

type RecalculatedItem = Recalculation['items'][number];

/**
 * The account type (fee schedule) of a consigner, chosen among the store's consigner types. Fees are
 * fixed at intake: a new type applies to new items only, unless staff ask to recalculate the payouts
 * of unsold items, and then they see what changes (how many items, the payouts before and after)
 * before anything is saved (docs/people.md).
 */
export function ChangeTypeDialog({ open, consigner, currency, onClose }: { open: boolean; consigner: Consigner; currency: string; onClose: () => void }) {
  return open ? <ChangeTypeForm consigner={consigner} currency={currency} onClose={onClose} /> : null;
}

function ChangeTypeForm({ consigner, currency, onClose }: { consigner: Consigner; currency: string; onClose: () => void }) {
  const { message } = App.useApp();
  const types = useConsignerTypes();
  const choices = typeChoices(types.data ?? [], currency);
  const current = consigner.accountType ?? choices.find((c) => c.isDefault)?.accountType ?? null;
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = picked ?? current;
  const [recalculate, setRecalculate] = useState(false);
  const preview = usePayoutRecalculation(consigner.id, chosen, recalculate);
  const update = useUpdateConsigner(consigner.id);
  const money = (v: number) => formatPrice(v, currency);

  const changed = chosen !== null && chosen !== consigner.accountType;
  const canSave = chosen !== null && (changed || recalculate) && !(recalculate && !preview.data);

  const save = () => {
    if (chosen === null) return;
    update.mutate(
      { accountType: chosen, isRecalculateInventoryPayout: recalculate },
      {
        onSuccess: (result) => {
          const r = result.recalculation;
          const typeText = changed ? `Account type changed to ${chosen}` : `Account type ${chosen} kept`;
          message.success(r ? `${typeText}; payouts of ${r.changedCount} unsold ${r.changedCount === 1 ? 'item' : 'items'} recalculated` : `${typeText}. Existing items keep their payouts.`, 4);
          onClose();
        },
        onError: (error) => void message.error(errorMessage(error), 5),
      },
    );
  };

  return (
    <Modal
      open
      title="Change account type"
      onCancel={onClose}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" disabled={!canSave} loading={update.isPending} onClick={save} data-testid="save-account-type">
            {recalculate ? 'Save and recalculate' : 'Save'}
          </Button>
        </Flex>
      }
      width={640}
      destroyOnHidden
      data-testid="change-type-dialog"
    >
      <Typography.Paragraph type="secondary">
        The account type sets the fees taken from {consigner.firstName || consigner.name}&apos;s sales. Fees are fixed when an item is taken in.
      </Typography.Paragraph>
      {types.isError ? (
        <Alert type="error" showIcon title={errorMessage(types.error)} />
      ) : types.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : choices.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="The store has no consigner types yet. Add them under Settings, Fees." />
      ) : (
        <Radio.Group value={chosen} onChange={(e) => setPicked(e.target.value as string)} style={{ width: '100%' }} data-testid="type-choices">
          <Flex vertical gap={8}>
            {choices.map((c) => (
              <Radio key={c.accountType} value={c.accountType} className="br-type-choice">
                <Flex gap={8} align="center" wrap data-testid="type-choice">
                  <Typography.Text strong>{c.accountType}</Typography.Text>
                  <Typography.Text type="secondary">{c.fees}</Typography.Text>
                  {c.isDefault && <Tag style={{ marginInlineEnd: 0 }}>default</Tag>}
                  {c.accountType === current && (
                    <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                      current
                    </Tag>
                  )}
                  {c.categories.length > 0 && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      own fees for {c.categories.join(', ')}
                    </Typography.Text>
                  )}
                </Flex>
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      )}

      <div className="br-recalc-box">
        <Checkbox checked={recalculate} onChange={(e) => setRecalculate(e.target.checked)} data-testid="recalculate-checkbox">
          Recalculate payouts of unsold items
        </Checkbox>
        {!recalculate ? (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0 24px', fontSize: 13 }}>
            Unchecked, their current items keep the payouts they were taken in with; new items use the new type. Sold and paid items never change.
          </Typography.Paragraph>
        ) : (
          <RecalculationPreview preview={preview} money={money} />
        )}
      </div>
    </Modal>
  );
}

function RecalculationPreview({ preview, money }: { preview: ReturnType<typeof usePayoutRecalculation>; money: (v: number) => string }) {
  if (preview.isError) return <Alert type="error" showIcon title={errorMessage(preview.error)} style={{ marginTop: 10 }} />;
  if (preview.isPending || !preview.data) return <Skeleton active title={false} paragraph={{ rows: 3 }} style={{ marginTop: 10 }} data-testid="recalculation-loading" />;
  const r = preview.data;
  if (r.itemCount === 0) {
    return (
      <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0 24px' }} data-testid="recalculation-preview">
        They have no unsold items to recalculate.
      </Typography.Paragraph>
    );
  }
  const sign = r.difference > 0 ? '+' : r.difference < 0 ? '−' : '±';
  return (
    <Flex vertical gap={10} style={{ marginTop: 10 }} data-testid="recalculation-preview">
      <Alert
        type={r.changedCount === 0 ? 'info' : 'warning'}
        showIcon
        title={
          <span data-testid="recalculation-count">
            {r.changedCount === 0
              ? `None of their ${r.itemCount} unsold items change.`
              : `${r.changedCount} of their ${r.itemCount} unsold ${r.itemCount === 1 ? 'item changes' : 'items change'} payout.`}
          </span>
        }
        description={
          <Flex gap={8} align="center" wrap data-testid="recalculation-totals">
            <span>Payout before</span>
            <Typography.Text strong data-testid="payout-before">
              {money(r.payoutBefore)}
            </Typography.Text>
            <ArrowRightOutlined />
            <span>after</span>
            <Typography.Text strong data-testid="payout-after">
              {money(r.payoutAfter)}
            </Typography.Text>
            <Tag color={r.difference < 0 ? 'red' : r.difference > 0 ? 'green' : undefined} style={{ marginInlineEnd: 0 }} data-testid="payout-difference">
              {sign}
              {money(Math.abs(r.difference))}
            </Tag>
          </Flex>
        }
      />
      {r.items.length > 0 && (
        <Table<RecalculatedItem>
          size="small"
          rowKey="id"
          dataSource={r.items}
          pagination={false}
          scroll={{ y: 220 }}
          columns={[
            {
              title: 'Item',
              key: 'item',
              render: (_, i) => (
                <Flex vertical>
                  <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                    {i.title}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {i.code} · {money(i.price)}
                    {i.quantity > 1 ? ` × ${i.quantity}` : ''}
                  </Typography.Text>
                </Flex>
              ),
            },
            { title: 'Payout', key: 'payout', width: 170, align: 'right', render: (_, i) => `${money(i.totalBefore)} → ${money(i.totalAfter)}` },
          ]}
          footer={r.itemsTruncated ? () => `The first ${r.items.length} changed items are shown.` : undefined}
          data-testid="recalculation-items"
        />
      )}
    </Flex>
  );
}
