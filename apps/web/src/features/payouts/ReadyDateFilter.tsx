import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Flex } from 'antd';

const DAY = 'YYYY-MM-DD';
type Range = { from: string | undefined; to: string | undefined };

/** Ready to Pay's order-date filter: a range picker on a desktop, two date pickers on a phone (two months do not fit 390 px). */
export function ReadyDateFilter({ from, to, onChange, isMobile }: Range & { onChange: (range: Range) => void; isMobile: boolean }) {
  const setRange = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [null, null];
    if (start && end) onChange({ from: start.format(DAY), to: end.format(DAY) });
    else if (!start && !end) onChange({ from: undefined, to: undefined });
  };
  const rangeValue: [Dayjs, Dayjs] | null = from && to ? [dayjs(from), dayjs(to)] : null;
  if (isMobile)
    return (
      <Flex gap={8}>
        <DatePicker
          placeholder="Ordered from"
          value={from ? dayjs(from) : null}
          onChange={(d) => setRange([d, to ? dayjs(to) : d])}
          inputReadOnly
          style={{ flex: 1 }}
          data-testid="order-from"
        />
        <DatePicker
          placeholder="Ordered to"
          value={to ? dayjs(to) : null}
          onChange={(d) => (d ? setRange([from ? dayjs(from) : d, d]) : setRange(null))}
          inputReadOnly
          style={{ flex: 1 }}
          data-testid="order-to"
        />
      </Flex>
    );
  return (
    <DatePicker.RangePicker
      value={rangeValue}
      onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
      placeholder={['Ordered from', 'Ordered to']}
      allowEmpty={[false, false]}
      style={{ width: 280 }}
      data-testid="order-range"
    />
  );
}
