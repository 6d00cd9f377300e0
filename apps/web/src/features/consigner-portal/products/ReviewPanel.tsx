import { useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Col, Drawer, Empty, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleFilled, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { INVENTORY_MESSAGES } from '@backroom/domain';
import { errorMessage } from '../../../shared/api';
import { formatPrice } from '../../../shared/format';
import { useIsMobile } from '../../../shared/hooks';
import { ProductImage } from '../../products/ProductImage';
import type { CreatedInventory } from '../../add-inventory/add-inventory.api';
import { useReviewCheck, useSubmitReview, type IntakeCheck } from './review.api';
import type { ReviewEntry } from './review-list';
import { Submitted } from './ReviewSubmitted';
import '../../../shared/touch.css';

/**
 * The full-screen review panel (catalogue doc section 2 and 4): the listed rows in two lists from the
 * server's check, Pre-Approved (they become Pending: bring them in) and Request Drop Off (Requested:
 * the store reviews them first); rows can be removed; Submit stays disabled until the checks are
 * back, and creates every row once, all or none.
 */
export function ReviewPanel({
  open,
  entries,
  currency,
  isBuyingStore,
  onRemove,
  onSubmitted,
  onClose,
}: {
  open: boolean;
  entries: ReviewEntry[];
  currency: string;
  isBuyingStore: boolean;
  onRemove: (key: string) => void;
  onSubmitted: (items: CreatedInventory[]) => void;
  onClose: () => void;
}) {
  const isMobile = useIsMobile();
  const [created, setCreated] = useState<CreatedInventory[] | null>(null);
  const close = () => {
    onClose();
  };
  return (
    <Drawer
      open={open}
      onClose={close}
      placement="bottom"
      size="100%"
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (!visible) setCreated(null);
      }}
      title={created ? 'Items added' : 'Review Items'}
      styles={{ body: { padding: isMobile ? 12 : 24, background: '#f5f7fa' } }}
      data-testid="review-panel"
      className="br-touch"
    >
      {created ? (
        <Submitted items={created} currency={currency} isBuyingStore={isBuyingStore} onContinue={close} />
      ) : (
        <ReviewLists
          entries={entries}
          currency={currency}
          onRemove={onRemove}
          onCancel={close}
          onSubmitted={(items) => {
            setCreated(items);
            onSubmitted(items);
          }}
        />
      )}
    </Drawer>
  );
}

function ReviewLists({
  entries,
  currency,
  onRemove,
  onCancel,
  onSubmitted,
}: {
  entries: ReviewEntry[];
  currency: string;
  onRemove: (key: string) => void;
  onCancel: () => void;
  onSubmitted: (items: CreatedInventory[]) => void;
}) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const rows = entries.map((e) => e.row);
  const check = useReviewCheck(rows, true);
  const submit = useSubmitReview();
  // One create per Submit, however fast the second click comes (the button's own disabled state lags a render).
  const submitting = useRef(false);

  // The answer belongs to these rows only (not a previous list's, kept on screen while re-checking).
  const checks: IntakeCheck[] | null = check.data && !check.isPlaceholderData && check.data.length === entries.length ? check.data : null;
  const checking = entries.length > 0 && (check.isFetching || !checks);
  const ready = entries.length > 0 && checks !== null && !check.isFetching && !check.isError;

  const onSubmit = () => {
    if (!ready || submitting.current) return;
    submitting.current = true;
    submit.mutate(rows, {
      onSuccess: (items) => onSubmitted(items),
      onError: (error) => {
        submitting.current = false;
        message.error(errorMessage(error));
      },
    });
  };

  const preApproved = entries.flatMap((e, i) => (checks?.[i]?.preapproved ? [{ entry: e, check: checks[i] }] : []));
  const requested = entries.flatMap((e, i) => (checks && !checks[i]?.preapproved ? [{ entry: e, check: checks[i] }] : []));

  const list = (title: string, hint: string, icon: ReactNode, items: { entry: ReviewEntry; check: IntakeCheck }[], testId: string) => (
    <section data-testid={testId} aria-label={title} style={{ background: '#fff', borderRadius: 12, border: '1px solid #e8ecf2', padding: isMobile ? 12 : 20, height: isMobile ? undefined : '100%' }}>
      <Flex align="center" gap={8}>
        {icon}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Tag style={{ marginInlineStart: 'auto', marginInlineEnd: 0 }} data-testid={`${testId}-count`}>
          {items.reduce((n, x) => n + x.entry.row.quantity, 0)}
        </Tag>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px', fontSize: 13 }}>
        {hint}
      </Typography.Paragraph>
      {checking && !checks ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="None in this list" style={{ margin: '8px 0' }} />
      ) : (
        <Flex vertical gap={10}>
          {items.map(({ entry, check: c }) => (
            <EntryCard key={entry.key} entry={entry} check={c} currency={currency} onRemove={() => onRemove(entry.key)} disabled={submit.isPending} />
          ))}
        </Flex>
      )}
    </section>
  );

  if (entries.length === 0) {
    return (
      <Flex vertical align="center" justify="center" style={{ minHeight: '50vh' }}>
        <Empty description={INVENTORY_MESSAGES.noItemForReview}>
          <Button onClick={onCancel}>Back to products</Button>
        </Empty>
      </Flex>
    );
  }

  const total = entries.reduce((sum, e) => sum + (e.total ?? 0), 0);
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto', minHeight: '100%' }}>
      {check.isError && (
        <Alert
          type="error"
          showIcon
          title="The items could not be checked"
          description={errorMessage(check.error)}
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void check.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          {list(
            'Pre-Approved',
            'Priced within the pre-approval range: once submitted, bring them to the drop-off location.',
            <CheckCircleFilled style={{ color: '#2f9e44', fontSize: 18 }} />,
            preApproved,
            'review-preapproved',
          )}
        </Col>
        <Col xs={24} md={12}>
          {list(
            'Request Drop Off',
            'The store reviews these first and lets you know when you can bring them in.',
            <ClockCircleFilled style={{ color: '#d97706', fontSize: 18 }} />,
            requested,
            'review-requested',
          )}
        </Col>
      </Row>
      <Flex
        justify="space-between"
        align="center"
        gap={12}
        wrap
        style={{ position: 'sticky', bottom: isMobile ? -12 : -24, marginTop: 'auto', background: '#fff', padding: isMobile ? 12 : 16, borderRadius: 12, border: '1px solid #e8ecf2' }}
      >
        <Typography.Text type="secondary" data-testid="review-summary">
          {checking ? 'Checking pre-approval…' : `${entries.reduce((n, e) => n + e.row.quantity, 0)} items · payout ${formatPrice(total, currency)}`}
        </Typography.Text>
        <Flex gap={8} style={isMobile ? { width: '100%' } : undefined}>
          <Button size="large" onClick={onCancel} disabled={submit.isPending} style={isMobile ? { flex: 1 } : undefined}>
            Cancel
          </Button>
          <Button
            size="large"
            type="primary"
            onClick={onSubmit}
            disabled={!ready}
            loading={submit.isPending}
            data-testid="review-submit"
            style={isMobile ? { flex: 2 } : { minWidth: 160 }}
          >
            Submit
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}

function EntryCard({ entry, check, currency, onRemove, disabled }: { entry: ReviewEntry; check: IntakeCheck; currency: string; onRemove: () => void; disabled: boolean }) {
  const { row, product } = entry;
  const options = [row.option1Value, row.option2Value, row.option3Value].filter(Boolean).join(' · ');
  return (
    <Flex gap={12} align="flex-start" data-testid="review-entry" style={{ border: '1px solid #edf0f5', borderRadius: 10, padding: 10, background: '#fbfcfe' }}>
      <ProductImage src={product.image} alt={product.title} size={56} />
      <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong ellipsis={{ tooltip: product.title }} data-testid="review-entry-title">
          {product.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {options}
          {row.quantity > 1 ? ` · ${row.quantity} pieces` : ''}
          {row.location ? ` · ${row.location}` : ''}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 13 }}>
          Price <Typography.Text strong>{formatPrice(row.price, currency)}</Typography.Text> · Payout {formatPrice(check.payout, currency)}
        </Typography.Text>
        {check.range && !check.preapproved && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {INVENTORY_MESSAGES.preapprovalRange}: {formatPrice(check.range.low, currency)} – {formatPrice(check.range.high, currency)}
          </Typography.Text>
        )}
      </Flex>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${product.title} ${row.option1Value ?? ''}`.trim()}
        data-testid="review-remove"
        style={{ minWidth: 40, minHeight: 40 }}
      />
    </Flex>
  );
}

