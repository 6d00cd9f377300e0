import { useSearchParams } from 'react-router';
import { storeDayOf } from '@backroom/domain';

/** This month in the store's calendar (the store's days are UTC days: storeDayOf). */
export const currentStatementMonth = () => storeDayOf(new Date()).slice(0, 7);

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The statement month of the page's address (?month=YYYY-MM), this month when absent or not a month. */
export function useStatementMonth(): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const latest = currentStatementMonth();
  const month = MONTH.test(asked) && asked >= '2000-01' && asked <= latest ? asked : latest;
  const setMonth = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('month', next);
        return copy;
      },
      { replace: true },
    );
  return [month, setMonth];
}
