import { lazy, Suspense } from 'react';
import { Flex, Input } from 'antd';
import dayjs from 'dayjs';
import { useIsMobile } from '../hooks';
// types only: the picker itself loads lazily below
import type { DayRange, RangePreset } from './DesktopDateRange';

export type { DayRange };
const DAY = 'YYYY-MM-DD';
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v, DAY).isValid();
const ALL_PRESETS: readonly RangePreset[] = ['week', 'month', 'quarter', 'year'];

// The range picker is loaded beside the page: it is the heaviest part of a screen's header, and a
// phone never needs it.
const DesktopDateRange = lazy(() => import('./DesktopDateRange'));

/**
 * A date range of whole days (YYYY-MM-DD), always set: antd's range picker with presets on a desktop,
 * the phone's own two date fields on a phone (the range picker's two months do not fit 390 px, and
 * the native fields need no picker code). Used by the dashboard, Activity and the consigner's Inventory.
 */
export function DateRangeField(props: {
  range: DayRange;
  onChange: (next: DayRange) => void;
  width?: number;
  testId?: string;
  /** The phone's two fields; `${testId}-from` and `${testId}-to` unless named. */
  fieldTestIds?: [string, string];
  className?: string;
  presets?: readonly RangePreset[];
}) {
  const { range, onChange, width = 280, testId = 'date-range', fieldTestIds = [`${testId}-from`, `${testId}-to`], className, presets = ALL_PRESETS } = props;
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <Flex gap={8} style={{ width: '100%' }} className={className} data-testid={testId}>
        <Input
          type="date"
          aria-label="From"
          value={range.from}
          max={range.to}
          onChange={(e) => isDay(e.target.value) && e.target.value <= range.to && onChange({ from: e.target.value, to: range.to })}
          data-testid={fieldTestIds[0]}
        />
        <Input
          type="date"
          aria-label="To"
          value={range.to}
          min={range.from}
          onChange={(e) => isDay(e.target.value) && e.target.value >= range.from && onChange({ from: range.from, to: e.target.value })}
          data-testid={fieldTestIds[1]}
        />
      </Flex>
    );
  }
  return (
    <Suspense fallback={<Input readOnly value={`${range.from}  →  ${range.to}`} style={{ width }} aria-label="Dates" />}>
      <DesktopDateRange range={range} onChange={onChange} width={width} presets={presets} testId={testId} />
    </Suspense>
  );
}

/** The last `days` whole days, today the last of them (catalogue doc section 9: activity 7, dashboard 30). */
export function lastDays(days: number): DayRange {
  return { from: dayjs().subtract(days - 1, 'day').format(DAY), to: dayjs().format(DAY) };
}
