// Small pieces the three payout screens share: the status tag, a consigner's name, item thumbnails.
import { Flex, Select, Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, ShoppingOutlined, SyncOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { TCheque } from '@backroom/domain';
import { formatPrice } from '../../shared/format';
import { RouteLink } from '../../shared/ui/RouteLink';

type StatusLook = { color: string; icon: ReactNode };

const STATUS_LOOKS: Record<string, StatusLook> = {
  Paid: { color: 'success', icon: <CheckCircleOutlined /> },
  Pending: { color: 'gold', icon: <ClockCircleOutlined /> },
  Failed: { color: 'error', icon: <CloseCircleOutlined /> },
  Buying: { color: 'blue', icon: <ShoppingOutlined /> },
  Sent: { color: 'processing', icon: <SyncOutlined /> },
};

/** A payout's or a cheque's status (people doc section 4: Pending, Failed, Buying, Paid). */
export function PayoutStatusTag({ status, testId = 'payout-status' }: { status: string; testId?: string }) {
  const look = STATUS_LOOKS[status] ?? { color: 'default', icon: null };
  return (
    <Tag color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {status}
    </Tag>
  );
}

export type ConsignerLike = { id: string; firstName?: string | null; lastName?: string | null; name?: string | null; email?: string | null };

export function consignerName(c: ConsignerLike | null | undefined): string {
  if (!c) return 'Unknown consigner';
  const joined = [c.firstName, c.lastName].filter(Boolean).join(' ').trim();
  return joined || c.name || c.email || 'Unknown consigner';
}

/** A consigner's name, a link to their screen for staff who may open it. */
export function ConsignerName({ consigner, strong }: { consigner: ConsignerLike | null | undefined; strong?: boolean }) {
  const name = consignerName(consigner);
  if (!consigner) return <span>{name}</span>;
  return (
    <RouteLink to={`/consigners/${consigner.id}`} style={strong ? { fontWeight: 600 } : undefined} fallback={<span style={strong ? { fontWeight: 600 } : undefined}>{name}</span>}>
      {name}
    </RouteLink>
  );
}

export type ConsignerChoice = { id: string; label: string };

/** The consigner filter: one consigner or everyone, searchable by name. */
export function ConsignerFilter({
  value,
  options,
  loading,
  onChange,
  word,
  style,
}: {
  value: string | undefined;
  options: readonly ConsignerChoice[];
  loading?: boolean;
  onChange: (id: string | undefined) => void;
  word: string;
  style?: React.CSSProperties;
}) {
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={`All ${word.toLowerCase()}s`}
      value={value}
      loading={loading}
      options={options.map((o) => ({ value: o.id, label: o.label }))}
      onChange={(v: string | undefined) => onChange(v ?? undefined)}
      style={style}
      aria-label={`${word} filter`}
      data-testid="consigner-filter"
      popupMatchSelectWidth={false}
    />
  );
}

/**
 * A share's cheques as status tags (people doc section 2: "per-consigner cards with cheque status
 * tags"): one per 2,000 of the share, each with its amount; a failed one says why on hover.
 */
export function ChequeTags({ cheques, currency }: { cheques: readonly TCheque[]; currency: string }) {
  if (cheques.length === 0) return <span className="br-pay-sub">No cheque (nothing owed)</span>;
  return (
    <Flex gap={6} wrap data-testid="cheque-tags">
      {cheques.map((cheque) => {
        const look = STATUS_LOOKS[cheque.status] ?? { color: 'default', icon: null };
        const tag = (
          <Tag key={cheque.id} color={look.color} icon={look.icon} style={{ marginInlineEnd: 0 }} data-testid="cheque-tag" data-status={cheque.status}>
            {cheques.length > 1 ? `#${cheque.sequence} · ` : ''}
            {formatPrice(cheque.amount, currency)} · {cheque.status}
          </Tag>
        );
        return cheque.failureReason ? (
          <Tooltip key={cheque.id} title={cheque.failureReason}>
            {tag}
          </Tooltip>
        ) : (
          tag
        );
      })}
    </Flex>
  );
}
