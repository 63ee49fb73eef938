import type { Insertable, Kysely } from 'kysely';
import { isUniqueViolation, DuplicateKeyError } from './errors.js';
import type { AccountTable, Database } from './schema.js';

export interface Account {
  id: number;
  name: string;
  enterprise: boolean;
  createdAt: number;
  /** Web sign-in email (lower-case); null for accounts made by the operator. */
  email: string | null;
}

/** An account with its password hash, for web sign-in only. */
export interface AccountWithPassword extends Account {
  passwordHash: string | null;
}

export interface AccountRepository {
  create(name: string, enterprise: boolean, now: number): Promise<Account>;
  findByName(name: string): Promise<Account | undefined>;
  findById(id: number): Promise<Account | undefined>;
  setEnterprise(name: string, enterprise: boolean): Promise<boolean>;
  /** A web account: named by its email. Throws DuplicateKeyError when the email or name is taken. */
  createWithPassword(record: { email: string; passwordHash: string; now: number }): Promise<Account>;
  findByEmail(email: string): Promise<AccountWithPassword | undefined>;
}

export function accountRepository(db: Kysely<Database>): AccountRepository {
  const toAccount = (row: { id: number; name: string; enterprise: number; created_at: number; email: string | null }): Account => ({
    id: row.id,
    name: row.name,
    enterprise: row.enterprise === 1,
    createdAt: row.created_at,
    email: row.email,
  });
  /** Inserts the account; `taken` words the DuplicateKeyError of a name or email in use. */
  async function insert(values: Insertable<AccountTable>, taken: string): Promise<Account> {
    try {
      return toAccount(await db.insertInto('accounts').values(values).returningAll().executeTakeFirstOrThrow());
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateKeyError(taken);
      throw error;
    }
  }
  return {
    create(name, enterprise, now) {
      return insert({ name, enterprise: enterprise ? 1 : 0, created_at: now }, `An account named '${name}' exists already.`);
    },
    async findByName(name) {
      const row = await db.selectFrom('accounts').selectAll().where('name', '=', name).executeTakeFirst();
      return row && toAccount(row);
    },
    async findById(id) {
      const row = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toAccount(row);
    },
    async setEnterprise(name, enterprise) {
      const result = await db
        .updateTable('accounts')
        .set({ enterprise: enterprise ? 1 : 0 })
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    createWithPassword({ email, passwordHash, now }) {
      return insert({ name: email, email, password_hash: passwordHash, enterprise: 0, created_at: now }, `An account for '${email}' exists already.`);
    },
    async findByEmail(email) {
      const row = await db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
      return row && { ...toAccount(row), passwordHash: row.password_hash };
    },
  };
}
