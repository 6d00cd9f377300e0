import dayjs from 'dayjs';
import { Button, DatePicker, Flex, Segmented } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { nextMonth, previousMonth } from '@backroom/domain';
import { useIsMobile } from '../../hooks';
import { currentStatementMonth } from './statement-period';

const step = (period: string, by: 1 | -1) => (period.length === 4 ? String(Number(period) + by) : by === 1 ? nextMonth(period) : previousMonth(period));

/**
 * Month or Year (the year-end summary), the period's field and arrows to the one before and after;
 * nothing before 2000 or after this month.
 */
export function StatementPicker({ period, onChange }: { period: string; onChange: (period: string) => void }) {
  const isMobile = useIsMobile();
  const latest = currentStatementMonth();
  const isYear = period.length === 4;
  const last = isYear ? latest.slice(0, 4) : latest;
  const first = isYear ? '2000' : '2000-01';
  return (
    <Flex gap={8} align={isMobile ? 'stretch' : 'center'} vertical={isMobile}>
      <Segmented
        value={isYear ? 'year' : 'month'}
        block={isMobile}
        options={[
          { label: 'Month', value: 'month' },
          { label: 'Year', value: 'year' },
        ]}
        onChange={(v) => onChange(v === 'year' ? period.slice(0, 4) : isYear ? (period === latest.slice(0, 4) ? latest : `${period}-12`) : period)}
        aria-label="Statement period"
        data-testid="statement-period"
      />
      <Flex gap={4} align="center" style={{ minWidth: 0 }}>
        <Button icon={<LeftOutlined />} aria-label={isYear ? 'Previous year' : 'Previous month'} onClick={() => onChange(step(period, -1))} disabled={period <= first} data-testid="statement-prev" />
        <DatePicker
          picker={isYear ? 'year' : 'month'}
          value={dayjs(isYear ? `${period}-01-01` : `${period}-01`)}
          format={isYear ? 'YYYY' : 'MMMM YYYY'}
          allowClear={false}
          inputReadOnly
          aria-label={isYear ? 'Statement year' : 'Statement month'}
          disabledDate={(d) => d.format(isYear ? 'YYYY' : 'YYYY-MM') > last || d.year() < 2000}
          onChange={(d) => d && onChange(d.format(isYear ? 'YYYY' : 'YYYY-MM'))}
          style={{ width: isMobile ? undefined : 160, flex: isMobile ? 1 : undefined, minWidth: 0 }}
          data-testid="statement-month"
        />
        <Button icon={<RightOutlined />} aria-label={isYear ? 'Next year' : 'Next month'} onClick={() => onChange(step(period, 1))} disabled={period >= last} data-testid="statement-next" />
      </Flex>
    </Flex>
  );
}
