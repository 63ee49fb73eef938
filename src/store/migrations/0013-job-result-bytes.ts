import { type Kysely, sql } from 'kysely';

/**
 * The size of stored job results, so that a job and an account have a budget of bytes and a job
 * is read page by page: `job_results.bytes` (the payload's UTF-8 bytes, as the answer sends
 * them), `jobs.result_bytes` (their sum over the job), and an index that gives a job's positions
 * and sizes without reading any payload. Results stored before are measured here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('job_results')
    .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('jobs')
    .addColumn('result_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // octet_length: bytes of the text in UTF-8 on both dialects (SQLite 3.43 and later).
  await sql`update job_results set bytes = octet_length(payload)`.execute(db);
  await sql`update jobs set result_bytes = (select coalesce(sum(r.bytes), 0) from job_results r where r.job_id = jobs.id)
    where exists (select 1 from job_results r where r.job_id = jobs.id)`.execute(db);
  await db.schema.createIndex('job_results_sizes').on('job_results').columns(['job_id', 'position', 'bytes']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_results_sizes').execute();
  await db.schema.alterTable('jobs').dropColumn('result_bytes').execute();
  await db.schema.alterTable('job_results').dropColumn('bytes').execute();
}
