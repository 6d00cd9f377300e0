import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { App, Avatar, Button, Card, Col, Flex, Result, Row, Skeleton, Statistic, Switch, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, IdcardOutlined, LockOutlined, MailOutlined, PhoneOutlined, ShopOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { consignerWord } from '@backroom/domain';
import { ApiError, errorMessage } from '../../shared/api';
import { formatPrice, initials } from '../../shared/format';
import { useDocumentTitle, useIsMobile } from '../../shared/hooks';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { StatementPanel } from '../../shared/ui/statement/StatementPanel';
import { useStatementPeriod } from '../../shared/ui/statement/statement-period';
import { ConsignerInventoryList } from '../inventory-lists';
import { useCurrentStore } from '../store/store.api';
import { ChangeTypeDialog } from './ChangeTypeDialog';
import { useConsigner, useConsignerReport, useSendPasswordReset, useUpdateConsigner, type Consigner } from './consigners.api';
import { DetailsDialog } from './DetailsDialog';
import './consigners.css';

/** /consigners/{id} (Consigners access; people doc section 2, Consigner detail). */
export default function ConsignerPage() {
  const { id = '' } = useParams();
  const consigner = useConsigner(id);
  const store = useCurrentStore();
  const word = consignerWord(store?.isBuyingStore);
  useDocumentTitle(consigner.data ? consigner.data.name : word);

  if (consigner.isPending) return <FullPageSpinner />;
  if (consigner.isError) {
    const notFound = consigner.error instanceof ApiError && (consigner.error.status === 404 || consigner.error.status === 400);
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? `${word} not found` : `We could not load this ${word.toLowerCase()}`}
        subTitle={notFound ? 'They may have been deleted.' : errorMessage(consigner.error)}
        extra={
          <Link to="/consigners">
            <Button type="primary">{word}s</Button>
          </Link>
        }
        data-testid="consigner-not-found"
      />
    );
  }
  return <ConsignerScreen consigner={consigner.data} />;
}

function ConsignerScreen({ consigner }: { consigner: Consigner }) {
  const { message } = App.useApp();
  const isMobile = useIsMobile();
  const store = useCurrentStore();
  const currency = store?.currency || 'USD';
  const update = useUpdateConsigner(consigner.id);
  const reset = useSendPasswordReset(consigner.id);
  const [typeOpen, setTypeOpen] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [period, setPeriod] = useStatementPeriod();

  const setChargeTax = (chargeTax: boolean) =>
    update.mutate(
      { chargeTax },
      {
        onSuccess: () => void message.success(chargeTax ? 'VAT is charged on their fees from now on' : 'VAT is no longer charged on their fees'),
        onError: (error) => void message.error(errorMessage(error), 5),
      },
    );

  const sendReset = () =>
    reset.mutate(undefined, {
      onSuccess: (answer) => void message.success(answer.message, 4),
      onError: (error) => void message.error(errorMessage(error), 5),
    });

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1400 }}>
      <Card data-testid="consigner-header" styles={{ body: { padding: isMobile ? 16 : 24 } }}>
        <Flex gap={16} align={isMobile ? 'stretch' : 'center'} vertical={isMobile} justify="space-between">
          <Flex gap={isMobile ? 12 : 16} align={isMobile ? 'flex-start' : 'center'} style={{ minWidth: 0 }}>
            <Avatar size={isMobile ? 48 : 64} style={{ background: '#1f4e79', flex: 'none', fontSize: isMobile ? 18 : 24 }}>
              {initials(consigner.name || consigner.email)}
            </Avatar>
            <Flex vertical gap={4} style={{ minWidth: 0 }}>
              <Flex wrap gap={8} align="center">
                <Typography.Title level={isMobile ? 4 : 3} style={{ margin: 0 }} data-testid="consigner-name">
                  {consigner.name}
                </Typography.Title>
                <Tooltip title="Change the account type (fee schedule)">
                  <Tag
                    color="blue"
                    icon={<EditOutlined />}
                    style={{ cursor: 'pointer', marginInlineEnd: 0, fontSize: 13, paddingBlock: 2 }}
                    onClick={() => setTypeOpen(true)}
                    role="button"
                    tabIndex={0}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') setTypeOpen(true);
                    }}
                    data-testid="account-type"
                  >
                    {consigner.accountType ?? 'Default type'}
                  </Tag>
                </Tooltip>
                {consigner.isStoreAccount && (
                  <Tag icon={<ShopOutlined />} color="geekblue" style={{ marginInlineEnd: 0 }}>
                    Store account
                  </Tag>
                )}
                {!consigner.isActive && (
                  <Tag color="red" style={{ marginInlineEnd: 0 }} data-testid="disabled-tag">
                    Disabled
                  </Tag>
                )}
              </Flex>
              <Flex wrap gap={isMobile ? 4 : 16} vertical={isMobile}>
                <Typography.Text type="secondary" ellipsis>
                  <MailOutlined /> {consigner.email}
                </Typography.Text>
                {consigner.phone && (
                  <Typography.Text type="secondary">
                    <PhoneOutlined /> {consigner.phone}
                  </Typography.Text>
                )}
              </Flex>
            </Flex>
          </Flex>
          <Flex gap={8} wrap align="center" justify={isMobile ? 'flex-start' : 'flex-end'}>
            <label className="br-vat-switch">
              <Switch checked={consigner.chargeTax} loading={update.isPending && update.variables?.chargeTax !== undefined} onChange={setChargeTax} data-testid="vat-switch" />
              <span>VAT</span>
            </label>
            <Button icon={<IdcardOutlined />} onClick={() => setDetailsOpen(true)} data-testid="open-details">
              Details
            </Button>
            <Button icon={<LockOutlined />} loading={reset.isPending} onClick={sendReset} data-testid="reset-password">
              Reset Password
            </Button>
          </Flex>
        </Flex>
      </Card>

      <ReportCards consignerId={consigner.id} currency={currency} />

      <StatementPanel consignerId={consigner.id} currency={currency} period={period} onPeriodChange={setPeriod} />

      <Card
        title={
          <>
            <UnorderedListOutlined /> Inventory
          </>
        }
        styles={{ body: { padding: isMobile ? 12 : 20 } }}
        data-testid="consigner-inventory"
      >
        <ConsignerInventoryList consignerId={consigner.id} />
      </Card>

      <ChangeTypeDialog open={typeOpen} consigner={consigner} currency={currency} onClose={() => setTypeOpen(false)} />
      <DetailsDialog open={detailsOpen} consigner={consigner} onClose={() => setDetailsOpen(false)} />
    </Flex>
  );
}

/** Total Sales (before fees), Total Payout and Pending Payout (after fees), from the consigner report. */
function ReportCards({ consignerId, currency }: { consignerId: string; currency: string }) {
  const report = useConsignerReport(consignerId);
  const isMobile = useIsMobile();
  const figures = [
    { key: 'sales', title: 'Total Sales', note: 'before fees', value: report.data?.totalSold },
    { key: 'payout', title: 'Total Payout', note: 'paid out', value: report.data?.totalPaid },
    { key: 'pending', title: 'Pending Payout', note: 'after fees', value: report.data?.totalPending },
  ];
  if (isMobile) {
    // a phone: one card, a line per figure
    return (
      <Card size="small" data-testid="report-cards">
        {report.isError ? (
          <Typography.Text type="danger">{errorMessage(report.error)}</Typography.Text>
        ) : (
          <Flex vertical gap={8}>
            {figures.map((f) => (
              <Flex key={f.key} justify="space-between" align="baseline" gap={8} data-testid={`report-${f.key}`}>
                <span>
                  {f.title} <Typography.Text type="secondary" style={{ fontSize: 12 }}>({f.note})</Typography.Text>
                </span>
                {report.isPending ? <Skeleton.Button active size="small" style={{ width: 72 }} /> : <Typography.Text strong style={{ fontSize: 17 }}>{formatPrice(f.value ?? 0, currency)}</Typography.Text>}
              </Flex>
            ))}
          </Flex>
        )}
      </Card>
    );
  }
  return (
    <Row gutter={[16, 16]} data-testid="report-cards">
      {figures.map((f) => (
        <Col xs={24} sm={8} key={f.key}>
          <Card size="small" styles={{ body: { padding: '16px 20px' } }} data-testid={`report-${f.key}`}>
            {report.isError ? (
              <Typography.Text type="danger">{errorMessage(report.error)}</Typography.Text>
            ) : (
              <Statistic
                className="br-consigner-figure"
                title={
                  <>
                    {f.title} <Typography.Text type="secondary" style={{ fontSize: 12 }}>({f.note})</Typography.Text>
                  </>
                }
                value={formatPrice(f.value ?? 0, currency)}
                loading={report.isPending}
              />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
