#!/usr/bin/env node
/**
 * The `agwx` command: the composition root. `serve` runs the API; `migrate` applies database
 * migrations; `keys` manages API keys.
 */
import { Command } from 'commander';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { fixedClock, systemClock, type Clock } from '../core/clock.js';
import { createKeyService } from '../services/key-service.js';
import { openStore, type Store } from '../store/store.js';
import { walkThrough } from './walk-through.js';

function clockFor(config: Config): Clock {
  return config.now === null ? systemClock() : fixedClock(config.now);
}

async function withStore<T>(run: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = await openStore(config.databaseUrl);
  try {
    return await run(store, config);
  } finally {
    await store.close();
  }
}

async function serve(options: { devKey: boolean }): Promise<void> {
  const config = loadConfig();
  const clock = clockFor(config);
  const store = await openStore(config.databaseUrl);
  if (options.devKey && (await store.keys.count()) === 0) {
    const issued = await createKeyService(store, clock).createKey('development', {});
    process.stdout.write(walkThrough(config, issued));
  }
  const app = await buildApp({ config, store, clock });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

export function buildCli(): Command {
  const program = new Command('agwx').description('agwx — agronomic weather API').showHelpAfterError();

  program
    .command('serve')
    .description('Run the API server (migrates the database first)')
    .option('--no-dev-key', 'do not create a development key when the database has none')
    .action(serve);

  program
    .command('migrate')
    .description('Create or upgrade the database schema, then exit')
    .action(() =>
      withStore(async (_store, config) => {
        process.stdout.write(`Database at ${redact(config.databaseUrl)} is up to date.\n`);
      }),
    );

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key (and its account when new); prints the secret once')
    .requiredOption('--account <name>', 'account that owns the key')
    .option('--enterprise', 'mark the account enterprise (higher list limits)')
    .option('--json', 'print {"key": ..., "secret": ...} for scripts')
    .action((options: { account: string; enterprise?: boolean; json?: boolean }) =>
      withStore(async (store, config) => {
        const issued = await createKeyService(store, clockFor(config)).createKey(options.account, { enterprise: options.enterprise });
        if (options.json) process.stdout.write(`${JSON.stringify({ key: issued.key, secret: issued.secret })}\n`);
        else
          process.stdout.write(
            `Account: ${issued.account}\nKey:     ${issued.key}\nSecret:  ${issued.secret}\n\nThe secret is shown only now; store it safely.\n`,
          );
      }),
    );
  keys
    .command('list')
    .description('List API keys')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withStore(async (store) => {
        const list = await createKeyService(store, systemClock()).listKeys();
        const rows = list.map((k) => ({
          key: k.key,
          account: k.accountName,
          enterprise: k.enterprise,
          enabled: k.enabled,
          created: new Date(k.createdAt).toISOString(),
          lastUsed: k.lastUsedAt === null ? null : new Date(k.lastUsedAt).toISOString(),
        }));
        if (options.json) process.stdout.write(`${JSON.stringify(rows)}\n`);
        else if (rows.length === 0) process.stdout.write('No keys.\n');
        else
          for (const r of rows)
            process.stdout.write(
              `${r.key}  ${r.account}${r.enterprise ? ' (enterprise)' : ''}  ${r.enabled ? 'enabled' : 'DISABLED'}  created ${r.created}  last used ${r.lastUsed ?? 'never'}\n`,
            );
      }),
    );
  keys
    .command('disable')
    .description('Disable an API key: its tokens stop working within seconds')
    .argument('<key>', 'the key to disable')
    .action((key: string) =>
      withStore(async (store) => {
        await createKeyService(store, systemClock()).disableKey(key);
        process.stdout.write(`Key ${key} disabled.\n`);
      }),
    );
  return program;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

buildCli()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof ConfigError) process.stderr.write(`agwx: configuration error: ${error.message}\n`);
    else process.stderr.write(`agwx: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
