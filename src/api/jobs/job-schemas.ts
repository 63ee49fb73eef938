/** TypeBox schemas of the batch job requests (validation and OpenAPI); the answers' shapes are job-table.ts. */
import { Type } from 'typebox';
import { MAX_REQUESTS_PER_JOB, MAX_REQUESTS_WITH_AGRONOMICS } from '../../jobs/job-requests.js';
import { Nullable } from '../schema-helpers.js';

export const MAX_JOB_TITLE_LENGTH = 255;
export const MAX_API_LENGTH = 2048;

export const BundledRequestSchema = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ maxLength: MAX_JOB_TITLE_LENGTH, description: `null or at most ${MAX_JOB_TITLE_LENGTH} characters` }))),
    api: Type.String({
      maxLength: MAX_API_LENGTH,
      description: `'GET /v2/…' (the verb, one space, the URI with any query string; at most ${MAX_API_LENGTH} characters)`,
    }),
  },
  { additionalProperties: false },
);

export const CreateJobBody = Type.Object(
  {
    title: Type.String({ maxLength: MAX_JOB_TITLE_LENGTH, description: `a text of at most ${MAX_JOB_TITLE_LENGTH} characters` }),
    type: Type.String({ enum: ['batch'], description: 'batch (the only job type)' }),
    requests: Type.Array(BundledRequestSchema, {
      minItems: 1,
      description: `an array of 1 to ${MAX_REQUESTS_PER_JOB} requests (${MAX_REQUESTS_WITH_AGRONOMICS} when any is agronomic)`,
    }),
  },
  { additionalProperties: false },
);

export const JobParams = Type.Object({ jobId: Type.String() });
