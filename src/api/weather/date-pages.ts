/** One page of a multi-day answer: which dates, in which order, and the range to fetch for them. */
import { datesInRange, type IsoDate } from '../../core/dates.js';
import type { Paging } from '../../http/list-query.js';

export interface DatePage {
  /** The page's dates in answer order. */
  dates: IsoDate[];
  /** The same dates ascending (one contiguous range). */
  ascending: IsoDate[];
  total: number;
}

export function pageOfDates(start: IsoDate, end: IsoDate, paging: Paging, descending: boolean): DatePage {
  const all = datesInRange(start, end);
  if (descending) all.reverse();
  const dates = all.slice(paging.offset, paging.offset + paging.limit);
  const ascending = descending ? [...dates].reverse() : dates;
  return { dates, ascending, total: all.length };
}
