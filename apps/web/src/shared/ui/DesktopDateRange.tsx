import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const DAY = 'YYYY-MM-DD';

/** A range of whole days, YYYY-MM-DD to YYYY-MM-DD (DateRangeField.tsx re-exports it for the screens). */
export type DayRange = { from: string; to: string };

/** The presets a desktop range offers: the last 7, 30 and 90 days, and this year so far. */
export type RangePreset = 'week' | 'month' | 'quarter' | 'year';

function presetOf(key: RangePreset): { label: string; value: [Dayjs, Dayjs] } {
  const today = dayjs();
  if (key === 'week') return { label: 'Last 7 days', value: [today.subtract(6, 'day'), today] };
  if (key === 'month') return { label: 'Last 30 days', value: [today.subtract(29, 'day'), today] };
  if (key === 'quarter') return { label: 'Last 90 days', value: [today.subtract(89, 'day'), today] };
  return { label: 'This year', value: [today.startOf('year'), today] };
}

/** DateRangeField's desktop part: antd's range picker with presets (its own chunk: the picker is heavy). */
export default function DesktopDateRange(props: { range: DayRange; onChange: (next: DayRange) => void; width: number; presets: readonly RangePreset[]; testId: string }) {
  const { range, onChange, width, presets, testId } = props;
  return (
    <DatePicker.RangePicker
      value={[dayjs(range.from, DAY), dayjs(range.to, DAY)]}
      allowClear={false}
      presets={presets.map(presetOf)}
      onChange={(v) => {
        if (v?.[0] && v[1]) onChange({ from: v[0].format(DAY), to: v[1].format(DAY) });
      }}
      aria-label="Dates"
      style={{ width }}
      data-testid={testId}
    />
  );
}
