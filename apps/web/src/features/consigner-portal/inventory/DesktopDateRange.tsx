import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY, type DateRange } from './date-range';

/** The desktop date range of /inventory: antd's range picker with the usual presets. */
export default function DesktopDateRange({ range, onChange, width }: { range: DateRange; onChange: (next: DateRange) => void; width: number }) {
  const presets = [
    { label: 'Last 7 days', value: [dayjs().subtract(6, 'day'), dayjs()] as [Dayjs, Dayjs] },
    { label: 'Last 30 days', value: [dayjs().subtract(29, 'day'), dayjs()] as [Dayjs, Dayjs] },
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
      data-testid="date-range"
    />
  );
}
