import dayjs from 'dayjs';

/** A calendar range, both ends included (YYYY-MM-DD). */
export type DateRange = { from: string; to: string };

export const DAY = 'YYYY-MM-DD';
/** The spec's default: the last 7 days, today included. */
const DEFAULT_DAYS = 7;

export function isDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, DAY).isValid();
}

/** The range of the address's ?from=&to= when it is one, else the last 7 days. */
export function rangeOf(from: string | null, to: string | null): DateRange {
  if (isDay(from) && isDay(to) && from <= to) return { from, to };
  const today = dayjs();
  return { from: today.subtract(DEFAULT_DAYS - 1, 'day').format(DAY), to: today.format(DAY) };
}
