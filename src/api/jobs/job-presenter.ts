/** The one place that knows the Batch job JSON shapes and key orders. */
import type { JobView } from '../../jobs/job-service.js';

export function jobPath(id: number): string {
  return `/v2/jobs/${id}`;
}

/** `2024-06-15T12:00:00Z` */
function timestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** GET and DELETE: `jobStatus, jobId, title, type, dateRequested, queuePosition?, results?`. */
export function presentJob(view: JobView) {
  const { job } = view;
  return {
    jobStatus: view.status,
    jobId: job.id,
    title: job.title,
    type: job.type,
    dateRequested: timestamp(job.createdAt),
    ...(view.status === 'queued' ? { queuePosition: view.queuePosition } : {}),
    ...(view.status === 'done'
      ? {
          results: (view.results ?? []).map((r) => ({ title: r.title, api: r.api, httpStatus: String(r.httpStatus), payload: r.payload })),
        }
      : {}),
  };
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
