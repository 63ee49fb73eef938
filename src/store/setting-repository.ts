import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface SettingRepository {
  get(name: string): Promise<string | undefined>;
  /** Stores `value` unless a value exists already; returns the stored value (safe with several instances). */
  getOrCreate(name: string, value: string): Promise<string>;
}

export function settingRepository(db: Kysely<Database>): SettingRepository {
  const get = async (name: string) =>
    (await db.selectFrom('settings').select('value').where('name', '=', name).executeTakeFirst())?.value;
  return {
    get,
    async getOrCreate(name, value) {
      await db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await get(name))!;
    },
  };
}
