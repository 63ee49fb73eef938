import type { Kysely } from 'kysely';

/** Each stored job result keeps the `X-Data-Source` its request answered with (null: none). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_results').addColumn('data_source', 'varchar(1000)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_results').dropColumn('data_source').execute();
}
