/**
 * The batch job answers, each declared once as an output table (api/output-table.ts): a job (the
 * spec's key order: jobStatus, jobId, title, type, dateRequested, queuePosition while queued,
 * results when done), the creation answer (`jobId` first), and a result
 * (`{ title, api, httpStatus (a string), payload, dataSource }`, the payload its stored JSON text
 * as it is, `dataSource` the request's `X-Data-Source`).
 */
import { Type } from 'typebox';
import { writeJsonRows } from '../../core/json-rows.js';
import type { JobResult, JobView } from '../../jobs/job-service.js';
import { compileEntry, entrySchema, entryTable, type EntryTable, type OutputView, out } from '../output-table.js';

export { jobPath } from '../paths.js';

/** `2024-06-15T12:00:00Z` */
function timestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const jobStatus = out.json<JobView, OutputView>(Type.String({ enum: ['queued', 'done', 'cancelled', 'purged'] }), (view) => view.status);
const jobId = out.json<JobView, OutputView>(Type.Integer(), (view) => view.job.id);
const title = out.text<JobView>((view) => view.job.title);
const type = out.text<JobView>((view) => view.job.type);
const dateRequested = out.text<JobView>((view) => timestamp(view.job.createdAt), true);
const queuePosition = out.json<JobView, OutputView>(Type.Integer(), (view) => view.queuePosition ?? null);

/** A job; `queuePosition` is written while it is queued, `results` (streamed) when it is done. */
const JOB = entryTable<JobView, OutputView>({ jobStatus: { ...jobStatus, always: true }, jobId: { ...jobId, always: true }, title: { ...title, always: true }, type: { ...type, always: true }, dateRequested: { ...dateRequested, always: true }, queuePosition });
/** The creation answer: `jobId` first, then the rest in the job's order. */
const CREATED_JOB = entryTable<JobView, OutputView>({ jobId, jobStatus, title, type, dateRequested, queuePosition });

type Results = readonly JobResult[];
const RESULT = entryTable<Results, OutputView>({
  title: out.optionalText<Results>((results, i) => results[i]!.title),
  api: out.text<Results>((results, i) => results[i]!.api),
  httpStatus: out.text<Results>((results, i) => String(results[i]!.httpStatus), true),
  payload: out.rawJson<Results>(Type.Unknown(), (results, i) => results[i]!.payloadJson),
  /** What the request's `X-Data-Source` header said (null: none), which the job's one answer cannot carry per request. */
  dataSource: { ...out.optionalText<Results>((results, i) => results[i]!.dataSource), description: "the request's X-Data-Source: the sources of its numbers; null when it named none" },
});

export const JobSchema = Type.Object({ ...entrySchema(JOB).properties, results: Type.Optional(Type.Array(entrySchema(RESULT))) });
export const CreatedJobSchema = entrySchema(CREATED_JOB);

const METRIC: OutputView = { units: 'metric' };
const object = (table: EntryTable<JobView, OutputView>, view: JobView) => compileEntry(table, METRIC, (name) => name !== 'queuePosition' || view.status === 'queued').object(view, 0);

/** GET and DELETE without results. */
export const presentJob = (view: JobView) => object(JOB, view);
/** The creation answer. */
export const presentCreatedJob = (view: JobView) => compileEntry(CREATED_JOB, METRIC).object(view, 0);

/**
 * GET of a done job as JSON text, written a page of results at a time; only the page being
 * written is held, whatever the job's size.
 */
export async function* writeJobWithResults(view: JobView): AsyncGenerator<string, void, undefined> {
  const result = compileEntry(RESULT, METRIC);
  const short = JSON.stringify(presentJob(view));
  yield `${short.slice(0, -1)},"results":[`;
  let separator = '';
  for await (const page of view.results ?? []) {
    if (page.length === 0) continue;
    yield separator + writeJsonRows(result.rows(page, page.length));
    separator = ',';
  }
  yield ']}';
}
