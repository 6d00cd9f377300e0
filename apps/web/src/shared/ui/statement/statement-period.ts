import { useSearchParams } from 'react-router';
import { storeDayOf } from '@backroom/domain';

/** This month in the store's calendar (the store's days are UTC days: storeDayOf). */
export const currentStatementMonth = () => storeDayOf(new Date()).slice(0, 7);

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/**
 * The statement period of the page's address: ?year=YYYY (the year-end summary) or ?month=YYYY-MM;
 * this month when neither is a period up to now.
 */
export function useStatementPeriod(): [string, (period: string) => void] {
  const [params, setParams] = useSearchParams();
  const latest = currentStatementMonth();
  const year = params.get('year') ?? '';
  const month = params.get('month') ?? '';
  const period = YEAR.test(year) && year >= '2000' && year <= latest.slice(0, 4) ? year : MONTH.test(month) && month >= '2000-01' && month <= latest ? month : latest;
  const setPeriod = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.delete('month');
        copy.delete('year');
        copy.set(next.length === 4 ? 'year' : 'month', next);
        return copy;
      },
      { replace: true },
    );
  return [period, setPeriod];
}
