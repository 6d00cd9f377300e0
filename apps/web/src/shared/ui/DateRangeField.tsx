import { DatePicker, Flex, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useIsMobile } from '../hooks';

export type DayRange = { from: string; to: string };
const DAY = 'YYYY-MM-DD';
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v, DAY).isValid();

/**
 * A date range of whole days (YYYY-MM-DD): antd's range picker with presets on a desktop, the
 * phone's own two date fields on a phone (the range picker's two months do not fit 390 px).
 */
export function DateRangeField({ range, onChange, width = 280, testId = 'date-range' }: { range: DayRange; onChange: (next: DayRange) => void; width?: number; testId?: string }) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <Flex gap={8} style={{ width: '100%' }} data-testid={testId}>
        <Input
          type="date"
          aria-label="From"
          value={range.from}
          max={range.to}
          onChange={(e) => isDay(e.target.value) && e.target.value <= range.to && onChange({ from: e.target.value, to: range.to })}
          data-testid={`${testId}-from`}
        />
        <Input
          type="date"
          aria-label="To"
          value={range.to}
          min={range.from}
          onChange={(e) => isDay(e.target.value) && e.target.value >= range.from && onChange({ from: range.from, to: e.target.value })}
          data-testid={`${testId}-to`}
        />
      </Flex>
    );
  }
  const presets = [
    { label: 'Last 7 days', value: [dayjs().subtract(6, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: 'Last 30 days', value: [dayjs().subtract(29, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: 'Last 90 days', value: [dayjs().subtract(89, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: 'This year', value: [dayjs().startOf('year'), dayjs()] as [Dayjs, Dayjs] },
  ];
  return (
    <DatePicker.RangePicker
      value={[dayjs(range.from, DAY), dayjs(range.to, DAY)]}
      allowClear={false}
      presets={presets}
      onChange={(v) => {
        if (v?.[0] && v[1]) onChange({ from: v[0].format(DAY), to: v[1].format(DAY) });
      }}
      aria-label="Dates"
      style={{ width }}
      data-testid={testId}
    />
  );
}

/** The last `days` whole days, today the last of them (catalogue doc section 9: activity 7, dashboard 30). */
export function lastDays(days: number): DayRange {
  return { from: dayjs().subtract(days - 1, 'day').format(DAY), to: dayjs().format(DAY) };
}
