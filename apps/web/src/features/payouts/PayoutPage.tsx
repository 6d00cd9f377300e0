import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, App, Button, Card, Col, Flex, Popconfirm, Result, Row, Statistic, Tag, Typography } from 'antd';
import { CheckOutlined, DollarOutlined, DownloadOutlined, FileDoneOutlined, RedoOutlined } from '@ant-design/icons';
import { PEOPLE_MESSAGES, consignerWord, formatDateLong, type TPayoutShareDetail } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatPrice } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { useCurrentStore } from '../store/store.api';
import { BankDetailsDialog } from './BankDetailsDialog';
import { PayoutStatusTag } from './parts';
import { PROVIDER_NAMES, ShareCard } from './PayoutShareCard';
import { downloadPayoutCsv, useMarkPayoutPaid, usePayout, useRetryAutoPayout, type PayoutDetail } from './payouts.api';
import './payouts.css';

/** /payouts/{id} (Orders access; people doc sections 2 and 4). */
export default function PayoutPage() {
  const { id = '' } = useParams();
  const detail = usePayout(id);
  useDocumentTitle(detail.data ? `Payout ${detail.data.payout.name}` : 'Payout');

  if (detail.isPending) return <FullPageSpinner />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? 'Payout not found' : 'We could not load this payout'}
        subTitle={notFound ? 'It may belong to another store, or the address is wrong.' : errorMessage(detail.error)}
        extra={
          <Link to="/payouts">
            <Button type="primary">Payouts</Button>
          </Link>
        }
        data-testid="payout-not-found"
      />
    );
  }
  return <PayoutScreen detail={detail.data} />;
}

function PayoutScreen({ detail }: { detail: PayoutDetail }) {
  const { payout } = detail;
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const word = consignerWord(store?.isBuyingStore);
  const money = (major: number) => formatPrice(major, currency);
  const markPaid = useMarkPayoutPaid(payout.id);
  const retry = useRetryAutoPayout(payout.id);
  const [exporting, setExporting] = useState(false);
  const [bankShare, setBankShare] = useState<TPayoutShareDetail | null>(null);
  const [retryFailed, setRetryFailed] = useState<string | null>(null);

  const onMarkPaid = (consignerIds: string[] = []) =>
    markPaid.mutateAsync(consignerIds).then(
      (result) => {
        // a Buying payout's Pay may hand shares to their provider rather than mark them paid
        if (result.sentConsignerIds.length > 0 && result.markedConsignerIds.length === 0) void message.success('Payout sent to the payout provider');
        else void message.success(PEOPLE_MESSAGES.statusChangedToPaid);
      },
      (error: unknown) => void message.error(errorMessage(error), 6),
    );

  const onRetry = () => {
    setRetryFailed(null);
    retry.mutate(undefined, {
      onSuccess: () => void message.success(PEOPLE_MESSAGES.autoPayoutRetried),
      // spec 8: a failed retry sets an error flag (shown as the alert below)
      onError: (error) => setRetryFailed(errorMessage(error)),
    });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadPayoutCsv(payout.id);
    } catch (error) {
      void message.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const primary = (() => {
    switch (payout.action) {
      case 'retryAutoPayout':
        return (
          <Button type="primary" danger icon={<RedoOutlined />} loading={retry.isPending} onClick={onRetry} data-testid="retry-auto-payout">
            Retry Auto Payout
          </Button>
        );
      case 'pay':
        return (
          <Popconfirm title={`Pay ${money(payout.total)} for ${payout.itemCount} bought ${payout.itemCount === 1 ? 'item' : 'items'}?`} okText="Pay" onConfirm={() => onMarkPaid()}>
            <Button type="primary" icon={<DollarOutlined />} loading={markPaid.isPending} data-testid="pay-payout">
              Pay
            </Button>
          </Popconfirm>
        );
      case 'markPaid':
        return (
          <Popconfirm
            title={`Mark ${payout.name} as paid?`}
            description={`Its ${payout.itemCount} ${payout.itemCount === 1 ? 'item moves' : 'items move'} from Sold to Paid.`}
            okText="Mark as paid"
            onConfirm={() => onMarkPaid()}
          >
            <Button type="primary" icon={<CheckOutlined />} loading={markPaid.isPending} data-testid="mark-paid">
              Mark as Paid
            </Button>
          </Popconfirm>
        );
      default:
        return null;
    }
  })();

  const figures = [
    { key: 'items', title: 'Items', value: String(payout.itemCount) },
    { key: 'total', title: 'Total', value: money(payout.total) },
    { key: 'consigners', title: `${word}s`, value: String(payout.consignerCount) },
  ];
  const pendingManualShares = payout.consigners.filter((s) => s.provider === 'manual' && s.status !== 'Paid');

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400 }}>
      <Card data-testid="payout-header" styles={{ body: { padding: isMobile ? 16 : 24 } }}>
        <Flex gap={16} vertical={isMobile} justify="space-between" align={isMobile ? 'stretch' : 'flex-start'}>
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Flex align="center" gap={10} wrap>
              {!isMobile && <FileDoneOutlined style={{ fontSize: 22, color: '#1f4e79' }} />}
              <Typography.Title level={isMobile ? 4 : 3} style={{ margin: 0 }} data-testid="payout-title">
                Payout {payout.name} - {payout.status}
              </Typography.Title>
            </Flex>
            <Typography.Text type="secondary">
              Made {formatDateLong(payout.createdAt)}
              {payout.createdByName ? ` by ${payout.createdByName}` : ''}
              {payout.paidAt ? ` · paid ${formatDateLong(payout.paidAt)}` : ''}
            </Typography.Text>
            <Flex gap={6} wrap style={{ marginTop: 4 }}>
              <PayoutStatusTag status={payout.status} />
              <Tag style={{ marginInlineEnd: 0 }} data-testid="payout-provider">
                {PROVIDER_NAMES[payout.provider] ?? payout.provider}
              </Tag>
            </Flex>
          </Flex>
          <Flex gap={8} wrap align="center" justify={isMobile ? 'stretch' : 'flex-end'} className={isMobile ? 'br-pay-actions-phone' : undefined}>
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()} data-testid="export-payout">
              Export CSV
            </Button>
            {primary}
          </Flex>
        </Flex>

        <Row gutter={[16, 12]} style={{ marginTop: 20 }}>
          {figures.map((f) => (
            <Col xs={8} sm={8} md={6} key={f.key}>
              <Statistic className="br-pay-figure" title={f.title} value={f.value} data-testid={`payout-${f.key}`} />
            </Col>
          ))}
        </Row>

        {payout.action === 'autoInProgress' && (
          <Alert type="info" showIcon style={{ marginTop: 16 }} title={PEOPLE_MESSAGES.autoPayoutInProgress} data-testid="auto-in-progress" />
        )}
        {payout.status === 'Failed' && payout.failureReason && (
          <Alert type="error" showIcon style={{ marginTop: 16 }} title="The auto payout failed" description={payout.failureReason} data-testid="payout-failure" />
        )}
        {retryFailed && <Alert type="error" showIcon style={{ marginTop: 16 }} title="The retry did not go through" description={retryFailed} data-testid="retry-failed" />}
      </Card>

      {payout.consigners.map((share) => (
        <ShareCard
          key={share.consignerId}
          share={share}
          currency={currency}
          // paying one consigner at a time, when more than one is still to pay by hand
          onMarkPaid={pendingManualShares.length > 1 && share.provider === 'manual' && share.status !== 'Paid' && payout.action === 'markPaid' ? () => onMarkPaid([share.consignerId]) : undefined}
          marking={markPaid.isPending}
          onBankDetails={() => setBankShare(share)}
        />
      ))}
      <BankDetailsDialog share={bankShare} currency={currency} onClose={() => setBankShare(null)} />
    </Flex>
  );
}
