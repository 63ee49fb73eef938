/** Issuing and managing API keys for accounts (operator CLI; later the account area). */
import type { Clock } from '../core/clock.js';
import { conflict, type DomainError, notFoundError } from '../core/errors.js';
import type { ApiKeyRecord, KeyRepository, NewKey } from '../store/key-repository.js';
import type { Store } from '../store/store.js';
import { generateKey, generateSecret, hashSecret } from './credentials.js';

export interface IssuedKey {
  account: string;
  key: string;
  /** Shown once; only its hash is stored. */
  secret: string;
}

export interface KeyService {
  /**
   * Creates the account when it does not exist (`enterprise` applies to a new account, or upgrades
   * an existing one). Refused (409) when the account has its cap of enabled keys already, unless
   * `beyondCap` (the operator's choice).
   */
  createKey(accountName: string, options: { enterprise?: boolean; beyondCap?: boolean }): Promise<IssuedKey>;
  listKeys(): Promise<ApiKeyRecord[]>;
  disableKey(key: string): Promise<void>;
  keyCount(): Promise<number>;
}

export interface KeyCap {
  /** Enabled keys an account may have (its field explorer's own key not counted); absent: no cap. */
  maxKeysPerAccount?: number;
}

/** The refusal of a key beyond the account's cap, worded once for the CLI and the account area. */
export function keyCapReached(maxKeys: number): DomainError {
  return conflict(
    'Too many API keys.',
    `An account may have at most ${maxKeys} enabled API keys (applications); disable one it no longer uses before creating another.`,
  );
}

/**
 * Stores a new key for the account within its cap (none when `maxKeys` is undefined). An account at
 * its cap is refused before `build` pays the slow hash, and the cap is checked again, atomically,
 * as the key is stored.
 */
export async function storeKeyWithinCap(keys: Pick<KeyRepository, 'create' | 'createUnlessAtCap' | 'countEnabled'>, maxKeys: number | undefined, accountId: number, build: () => Promise<NewKey>): Promise<void> {
  if (maxKeys === undefined) return keys.create(await build());
  if ((await keys.countEnabled(accountId)) >= maxKeys || !(await keys.createUnlessAtCap(await build(), maxKeys))) throw keyCapReached(maxKeys);
}

export function createKeyService(store: Store, clock: Clock, cap: KeyCap = {}): KeyService {
  return {
    async createKey(accountName, { enterprise = false, beyondCap = false }) {
      let account = await store.accounts.findByName(accountName);
      if (!account) account = await store.accounts.create(accountName, enterprise, clock.now());
      else if (enterprise && !account.enterprise) await store.accounts.setEnterprise(accountName, true);
      const key = generateKey();
      const secret = generateSecret();
      const accountId = account.id;
      await storeKeyWithinCap(store.keys, beyondCap ? undefined : cap.maxKeysPerAccount, accountId, async () => ({ key, accountId, secretHash: await hashSecret(secret), now: clock.now() }));
      return { account: account.name, key, secret };
    },
    listKeys: () => store.keys.list(),
    async disableKey(key) {
      if (!(await store.keys.disable(key))) throw notFoundError('Key', `No API key '${key}' exists.`);
    },
    keyCount: () => store.keys.count(),
  };
}
