/** One page of a multi-day answer: which dates, in which order, and the range to fetch for them. */
import { addDays, daysBetween, type IsoDate } from '../../core/dates.js';
import { type Paging, pageIndices } from '../../http/list-query.js';

export interface DatePage {
  /** The page's dates in answer order. */
  dates: IsoDate[];
  /** The same dates ascending (one contiguous range). */
  ascending: IsoDate[];
  total: number;
}

/** The page of the dates `start` to `end` (416 when the offset is past the last). */
export function pageOfDates(start: IsoDate, end: IsoDate, paging: Paging, descending: boolean): DatePage {
  const total = daysBetween(start, end) + 1;
  const dates = pageIndices(paging, total, descending).map((index) => addDays(start, index));
  const ascending = descending ? [...dates].reverse() : dates;
  return { dates, ascending, total };
}
