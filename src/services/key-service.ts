/** Issuing and managing API keys for accounts (operator CLI; later the account area). */
import type { Clock } from '../core/clock.js';
import { notFoundError } from '../core/errors.js';
import type { ApiKeyRecord } from '../store/key-repository.js';
import type { Store } from '../store/store.js';
import { generateKey, generateSecret, hashSecret } from './credentials.js';

export interface IssuedKey {
  account: string;
  key: string;
  /** Shown once; only its hash is stored. */
  secret: string;
}

export interface KeyService {
  /** Creates the account when it does not exist (`enterprise` applies to a new account, or upgrades an existing one). */
  createKey(accountName: string, options: { enterprise?: boolean }): Promise<IssuedKey>;
  listKeys(): Promise<ApiKeyRecord[]>;
  disableKey(key: string): Promise<void>;
  keyCount(): Promise<number>;
}

export function createKeyService(store: Store, clock: Clock): KeyService {
  return {
    async createKey(accountName, { enterprise = false }) {
      let account = await store.accounts.findByName(accountName);
      if (!account) account = await store.accounts.create(accountName, enterprise, clock.now());
      else if (enterprise && !account.enterprise) await store.accounts.setEnterprise(accountName, true);
      const key = generateKey();
      const secret = generateSecret();
      await store.keys.create({ key, accountId: account.id, secretHash: await hashSecret(secret), now: clock.now() });
      return { account: account.name, key, secret };
    },
    listKeys: () => store.keys.list(),
    async disableKey(key) {
      if (!(await store.keys.disable(key))) throw notFoundError('Key', `No API key '${key}' exists.`);
    },
    keyCount: () => store.keys.count(),
  };
}
