import type { Kysely } from 'kysely';
import { autoIncrementId } from './dialect-helpers.js';

/**
 * Batch jobs: the queue itself (one row per job, with its bundled requests as compact JSON and
 * its claim: token and lease) and one row per result (compact JSON payload). Deleting an account
 * deletes its jobs; deleting a job deletes its results.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', autoIncrementId(db))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('requests', 'text', (c) => c.notNull())
    .addColumn('request_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claim_token', 'varchar(64)')
    .addColumn('lease_until', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'bigint')
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('jobs_state_id').on('jobs').columns(['state', 'id']).execute();
  await db.schema.createIndex('jobs_state_completed').on('jobs').columns(['state', 'completed_at']).execute();
  await db.schema
    .createTable('job_results')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('http_status', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_results_pk', ['job_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_results').execute();
  await db.schema.dropTable('jobs').execute();
}
