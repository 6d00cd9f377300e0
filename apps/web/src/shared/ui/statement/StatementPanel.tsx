import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined, FileTextOutlined } from '@ant-design/icons';
import { monthLabel } from '@backroom/domain';
import { errorMessage } from '../../api';
import { useIsMobile } from '../../hooks';
import { downloadStatementCsv, downloadStatementPdf, useStatement } from '../../statements.api';
import { StatementEntries } from './StatementEntries';
import { StatementPicker } from './StatementPicker';
import { StatementSummary } from './StatementSummary';
import './statement.css';

/**
 * A consigner's statement of one month (docs/consigner-account.md "Statements"): the month picker,
 * the opening balance, the Sales, Fees, Payouts and Adjustments lines, the closing balance, the
 * month's ledger entries, "Download CSV" and "Download PDF"; or a year's (the year-end summary). The staff consigner
 * screen and the portal's /statements both show it; the period is the page's (kept in its address).
 */
export function StatementPanel({ consignerId, currency, period, onPeriodChange }: { consignerId: string; currency: string; period: string; onPeriodChange: (period: string) => void }) {
  const isMobile = useIsMobile();
  const { message } = App.useApp();
  const statement = useStatement(consignerId, period);
  const isYear = period.length === 4;
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);

  const download = async (format: 'csv' | 'pdf') => {
    setDownloading(format);
    try {
      await (format === 'csv' ? downloadStatementCsv : downloadStatementPdf)(consignerId, period);
    } catch (error) {
      void message.error(errorMessage(error), 5);
    } finally {
      setDownloading(null);
    }
  };

  const picker = <StatementPicker period={period} onChange={onPeriodChange} />;
  const downloadButtons = (
    <Flex gap={8}>
      <Button icon={<DownloadOutlined />} onClick={() => void download('csv')} loading={downloading === 'csv'} disabled={!statement.data} data-testid="statement-download" block={isMobile}>
        Download CSV
      </Button>
      <Button icon={<FilePdfOutlined />} onClick={() => void download('pdf')} loading={downloading === 'pdf'} disabled={!statement.data} data-testid="statement-download-pdf" block={isMobile}>
        Download PDF
      </Button>
    </Flex>
  );

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <FileTextOutlined aria-hidden /> Statement
          {!isMobile && (
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {isYear ? `${period} year-end summary` : monthLabel(period)}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={isMobile ? undefined : <Flex gap={12} align="center">{picker}{downloadButtons}</Flex>}
      styles={{ body: { padding: isMobile ? 12 : 20 } }}
      data-testid="statement"
    >
      <Flex vertical gap={16}>
        {isMobile && (
          <Flex vertical gap={8}>
            {picker}
            {downloadButtons}
          </Flex>
        )}
        {statement.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} data-testid="statement-loading" />
        ) : statement.isError ? (
          <Alert
            type="error"
            showIcon
            message="We could not load this statement"
            description={errorMessage(statement.error)}
            action={<Button size="small" onClick={() => void statement.refetch()}>Retry</Button>}
            data-testid="statement-error"
          />
        ) : (
          <>
            <StatementSummary statement={statement.data} currency={currency} />
            <StatementEntries entries={statement.data.entries} currency={currency} loading={statement.isFetching && statement.isPlaceholderData} emptyText={isYear ? 'No ledger entries this year' : 'No ledger entries this month'} />
          </>
        )}
      </Flex>
    </Card>
  );
}
