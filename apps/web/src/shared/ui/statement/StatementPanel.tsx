import { useState } from 'react';
import dayjs from 'dayjs';
import { Alert, App, Button, Card, DatePicker, Flex, Skeleton, Typography } from 'antd';
import { DownloadOutlined, FileTextOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { monthLabel, nextMonth, previousMonth } from '@backroom/domain';
import { errorMessage } from '../../api';
import { useIsMobile } from '../../hooks';
import { downloadStatementCsv, useStatement } from '../../statements.api';
import { StatementEntries } from './StatementEntries';
import { StatementSummary } from './StatementSummary';
import { currentStatementMonth } from './statement-month';
import './statement.css';


/**
 * A consigner's statement of one month (docs/consigner-account.md "Statements"): the month picker,
 * the opening balance, the Sales, Fees, Payouts and Adjustments lines, the closing balance, the
 * month's ledger entries and "Download CSV". The staff consigner screen and the portal's /statements
 * both show it; the month is the page's (kept in its address).
 */
export function StatementPanel({ consignerId, currency, month, onMonthChange }: { consignerId: string; currency: string; month: string; onMonthChange: (month: string) => void }) {
  const isMobile = useIsMobile();
  const { message } = App.useApp();
  const statement = useStatement(consignerId, month);
  const [downloading, setDownloading] = useState(false);
  const latest = currentStatementMonth();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatementCsv(consignerId, month);
    } catch (error) {
      void message.error(errorMessage(error), 5);
    } finally {
      setDownloading(false);
    }
  };

  const picker = (
    <Flex gap={4} align="center" className="br-statement-picker">
      <Button icon={<LeftOutlined />} aria-label="Previous month" onClick={() => onMonthChange(previousMonth(month))} disabled={month <= '2000-01'} data-testid="statement-prev" />
      <DatePicker
        picker="month"
        value={dayjs(`${month}-01`)}
        format="MMMM YYYY"
        allowClear={false}
        inputReadOnly
        aria-label="Statement month"
        disabledDate={(d) => d.format('YYYY-MM') > latest || d.year() < 2000}
        onChange={(d) => d && onMonthChange(d.format('YYYY-MM'))}
        style={{ width: isMobile ? undefined : 170, flex: isMobile ? 1 : undefined }}
        data-testid="statement-month"
      />
      <Button icon={<RightOutlined />} aria-label="Next month" onClick={() => onMonthChange(nextMonth(month))} disabled={month >= latest} data-testid="statement-next" />
    </Flex>
  );
  const downloadButton = (
    <Button icon={<DownloadOutlined />} onClick={() => void download()} loading={downloading} disabled={!statement.data} data-testid="statement-download">
      Download CSV
    </Button>
  );

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <FileTextOutlined aria-hidden /> Statement
          {!isMobile && (
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {monthLabel(month)}
            </Typography.Text>
          )}
        </Flex>
      }
      extra={isMobile ? undefined : <Flex gap={12} align="center">{picker}{downloadButton}</Flex>}
      styles={{ body: { padding: isMobile ? 12 : 20 } }}
      data-testid="statement"
    >
      <Flex vertical gap={16}>
        {isMobile && (
          <Flex vertical gap={8}>
            {picker}
            {downloadButton}
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
            <StatementEntries entries={statement.data.entries} currency={currency} loading={statement.isFetching && statement.isPlaceholderData} />
          </>
        )}
      </Flex>
    </Card>
  );
}
