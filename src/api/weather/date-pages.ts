/** Answers of dated weather resources: one date's entry, or one page of a date range's days. */
import { csvLayoutFor } from '../../http/representation.js';
import type { WrittenBody } from '../../http/written-body.js';
import { addDays, daysBetween, type IsoDate } from '../../core/dates.js';
import { setDataSource } from '../../http/data-source.js';
import { contentRange, pageIndices, pageLinks, type Paging, parsePaging, parseSort } from '../../http/list-query.js';
import type { CompiledEntry } from '../output-table.js';
import { entryAnswer, listAnswer } from '../output-table.js';
import type { PlaceCall } from '../place-routes.js';
import { listLinks, requestPath } from './weather-place.js';

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

type DatedQuery = { limit?: string; offset?: string; sort?: string };

/** `sort` of observations and forecasts: by date. */
const DATED_SORT_CHOICES = { date: 'date' } as const;
export const DATED_SORTS = Object.keys(DATED_SORT_CHOICES);

/**
 * The answer of a resource of dates (observations, forecasts) for the call's checked dates: one
 * date's entry, or the list `key` of the page of the range the query asks for (sorted by date,
 * `Content-Range` — `… fields` on field paths, `{key} …` at a location — and `next`/`prev`).
 * `fetch` gives the days of consecutive ascending dates and their source (`X-Data-Source`).
 */
export async function datedAnswer<Day extends { date: IsoDate }>(
  call: PlaceCall<DatedQuery>,
  key: 'observations' | 'forecasts',
  entry: CompiledEntry<readonly Day[]>,
  fetch: (ascending: IsoDate[]) => Promise<{ source: string; days: readonly Day[] }>,
  baseUrl: string,
): Promise<WrittenBody> {
  const { view, query, request, reply } = call;
  const span = call.dates!;
  // CSV without limit or offset: the whole range in one answer (a download), JSON by pages.
  const paging = parsePaging(query, key, request.auth.enterprise, csvLayoutFor(request) !== null);
  const sort = parseSort(query.sort, DATED_SORT_CHOICES, [{ key: 'date', descending: false }]);
  if (span.single) {
    const result = await fetch([span.start]);
    setDataSource(reply, result.source);
    return entryAnswer(entry, result.days, 0);
  }
  const page = pageOfDates(span.start, span.end, paging, sort[0]!.descending);
  const byDate = new Map<IsoDate, Day>();
  if (page.ascending.length > 0) {
    const result = await fetch(page.ascending);
    setDataSource(reply, result.source);
    for (const day of result.days) byDate.set(day.date, day);
  }
  const range = contentRange(paging.offset, page.dates.length, page.total);
  reply.header('Content-Range', view.fieldHref ? `${range} fields` : `${key} ${range}`);
  const links = listLinks(view, request.url, pageLinks(requestPath(request), query, paging, page.total), baseUrl);
  const days = page.dates.map((date) => byDate.get(date)!);
  return listAnswer(entry, days, days.length, key, links);
}
