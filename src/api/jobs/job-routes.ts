/** /v2/jobs — batch jobs: create, read, cancel or purge. Thin: parse → service → present. */
import { Readable } from 'node:stream';
import { ApiError, invalidParameter, notFound } from '../../http/api-error.js';
import { JobResultsFullError, mebibytes } from '../../jobs/job-budget.js';
import { JobQueueFullError, type JobService } from '../../jobs/job-service.js';
import type { ApiPlugin } from '../api-plugin.js';
import { CreatedJobSchema, jobPath, JobSchema, presentCreatedJob, presentJob, writeJobWithResults } from './job-table.js';
import { CreateJobBody, JobParams } from './job-schemas.js';

const TAGS = ['jobs'];
/** Room for 10,000 requests of the longest accepted form. */
const JOB_BODY_LIMIT = 24 * 1024 * 1024;
/** Retry-After of a job refused because the account's queue is full. */
const QUEUE_FULL_RETRY_SECONDS = 60;
/** Job ids are issued by the database as 32-bit integers. */
const MAX_JOB_ID = 2_147_483_647;

/** The job id of the path: a positive whole number (400 otherwise). */
function jobIdOf(text: string): number {
  if (!/^\d{1,20}$/.test(text) || Number(text) < 1) {
    throw invalidParameter('jobId', `'jobId' must be a positive whole number, the id returned when the job was created (got '${text}').`);
  }
  const id = Number(text);
  if (id > MAX_JOB_ID) throw notFound('Job', `No job with id ${text} exists for this account.`);
  return id;
}

export interface JobRouteOptions {
  jobs: JobService;
  baseUrl: string;
}

export const jobRoutes: ApiPlugin<JobRouteOptions> = async (app, { jobs, baseUrl }) => {
  app.post(
    '/v2/jobs',
    {
      bodyLimit: JOB_BODY_LIMIT,
      schema: {
        summary: 'Create a batch job (bundled GET requests)',
        description:
          'The requests run in the background as the API key that queued the job, with its map and rate limits (each bundled request takes one from the key\'s sustained rate as it runs). Only paths under /v2/ run, and none under /v2/jobs. An account may have a limited number of requests in its queued and running jobs: 429 with Retry-After beyond it. Results have a budget of bytes per job and per account: an answer that does not fit is kept as a 413 error result, and an account whose stored results fill its budget cannot queue a job (413). Accounts take turns on the job workers.',
        tags: TAGS,
        body: CreateJobBody,
        response: { 201: CreatedJobSchema },
      },
    },
    async (request, reply) => {
      const view = await jobs.create(request.auth, request.body).catch((error: unknown) => {
        if (error instanceof JobResultsFullError) {
          throw new ApiError(
            413,
            'Job results budget used up.',
            `The stored results of all the account's jobs may hold at most ${mebibytes(error.budgetBytes)} together and hold ${mebibytes(error.usedBytes)}, so a new job could keep none of its results. Delete done jobs whose results you have read (DELETE /v2/jobs/{jobId}), or wait for them to expire three days after completion, then submit this job again.`,
          );
        }
        if (!(error instanceof JobQueueFullError)) throw error;
        throw new ApiError(
          429,
          'Too many requests queued.',
          `An account may have at most ${error.maxQueuedRequests} requests in its queued and running jobs; it has ${error.queuedRequests}, and this job adds ${error.requested}. Retry once some of its jobs are done.`,
          { 'Retry-After': String(QUEUE_FULL_RETRY_SECONDS) },
        );
      });
      reply.code(201).header('Location', `${baseUrl}${jobPath(view.job.id)}`);
      return presentCreatedJob(view);
    },
  );

  app.get(
    '/v2/jobs/:jobId',
    { schema: { summary: 'Get a batch job (results when done)', tags: TAGS, params: JobParams, response: { 200: JobSchema } } },
    async (request, reply) => {
      const view = await jobs.get(request.auth.accountId, jobIdOf(request.params.jobId));
      if (!view.results) return presentJob(view);
      // Results are written out as they are read, a page at a time, never held as one answer (a
      // stream of bytes: it asks for the next page once the socket has taken about 16 KiB).
      const body: unknown = Readable.from(writeJobWithResults(view), { objectMode: false });
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.delete(
    '/v2/jobs/:jobId',
    { schema: { summary: 'Cancel a queued or running job, or purge a done one', tags: TAGS, params: JobParams, response: { 200: JobSchema } } },
    async (request) => presentJob(await jobs.cancel(request.auth.accountId, jobIdOf(request.params.jobId))),
  );
};
