/** The one place that knows the Batch job JSON shapes and key orders. */
export { jobPath } from '../paths.js';
import type { JobView } from '../../jobs/job-service.js';

/** `2024-06-15T12:00:00Z` */
function timestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** GET and DELETE without results: `jobStatus, jobId, title, type, dateRequested, queuePosition?`. */
export function presentJob(view: JobView) {
  const { job } = view;
  return {
    jobStatus: view.status,
    jobId: job.id,
    title: job.title,
    type: job.type,
    dateRequested: timestamp(job.createdAt),
    ...(view.status === 'queued' ? { queuePosition: view.queuePosition } : {}),
  };
}

/**
 * GET of a done job as JSON text, written a page of results at a time:
 * `jobStatus, jobId, title, type, dateRequested, results` with each result
 * `{ title, api, httpStatus (a string), payload }`; the payload is its stored JSON text as it is.
 * Only the page being written is held, whatever the job's size.
 */
export async function* writeJobWithResults(view: JobView): AsyncGenerator<string, void, undefined> {
  const short = JSON.stringify(presentJob(view));
  yield `${short.slice(0, -1)},"results":[`;
  let separator = '';
  for await (const page of view.results ?? []) {
    let text = '';
    for (const result of page) {
      text += `${separator}{"title":${JSON.stringify(result.title)},"api":${JSON.stringify(result.api)},"httpStatus":"${result.httpStatus}","payload":${result.payloadJson}}`;
      separator = ',';
    }
    if (text !== '') yield text;
  }
  yield ']}';
}

/** The creation answer: `jobId` first, then `jobStatus, title, type, dateRequested, queuePosition`. */
export function presentCreatedJob(view: JobView) {
  const { job } = view;
  return {
    jobId: job.id,
    jobStatus: view.status,
    title: job.title,
    type: job.type,
    dateRequested: timestamp(job.createdAt),
    queuePosition: view.queuePosition,
  };
}
