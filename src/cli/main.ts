#!/usr/bin/env node
/**
 * The `agwx` command: the composition root. `serve` runs the API; `migrate` applies database
 * migrations; `import` and `export` read and write station and crop-model weather files; `keys`
 * manages API keys.
 */
import { readFile } from 'node:fs/promises';
import { Presets, SingleBar } from 'cli-progress';
import { Command } from 'commander';
import { describeMapAccess, parseLayerLimit, parseRegionLimit } from './map-access-limits.js';
import { buildApp } from '../app.js';
import { closeWithin } from '../http/graceful-close.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { fixedClock, systemClock, type Clock } from '../core/clock.js';
import { jobWorkerOptions } from './job-worker-options.js';
import { createAccountService } from '../services/account-service.js';
import { createKeyService } from '../services/key-service.js';
import { createRedisClient, watchRedis } from '../redis.js';
import type { OpenDatabaseOptions } from '../store/database.js';
import { openStore, startStore, type Store } from '../store/store.js';
import { importStationFile } from '../weather/import/import-station-file.js';
import { createDatabaseWeatherCache } from '../weather/database-weather-cache.js';
import { createWeatherSources } from '../weather/weather-sources.js';
import { createComputePool } from '../compute/compute-pool.js';
import { loadElevationGrid } from '../weather/elevation/elevation-grid.js';
import { loadTimeZones } from '../weather/time-zone.js';
import { type ExportCommandOptions, runExport } from './export-command.js';
import { walkThrough } from './walk-through.js';

interface ImportOptions {
  format?: string;
  lat?: number;
  lon?: number;
  elevation?: number;
  dataset?: string;
  columns?: string;
  skipBad?: boolean;
}

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

/** A serving process's database: statement deadlines and the circuit breaker (PostgreSQL). */
function databaseOptions(config: Config): OpenDatabaseOptions {
  return { connectTimeoutMs: config.databaseConnectTimeoutMs, deadlines: { statementTimeoutMs: config.databaseStatementTimeoutMs } };
}

/**
 * Builds the app with everything the configuration names (weather sources, Redis) and stops it
 * cleanly on SIGINT/SIGTERM: requests in flight finish, running jobs go back to the queue.
 *
 * It starts whether or not the database answers: it listens at once (`/health` 200, `/ready` 503
 * saying why, every other request 503 with Retry-After), tries the database with back-off, and
 * once it answers applies the migrations, creates the development key when there is none, and
 * serves. A migration that fails for another reason stops the process.
 */
async function runApp(options: { listen: boolean; worker: boolean; devKey: boolean }): Promise<void> {
  const config = loadConfig();
  const clock = clockFor(config);
  const { store, startup } = startStore(config.databaseUrl, databaseOptions(config));
  // Unreachable Redis fails its commands at once (limits and caches fall back to memory); it reconnects by itself.
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : undefined;
  // CPU-heavy work runs on worker threads, one per core by default (AGWX_COMPUTE_THREADS).
  // Each thread reads what its tasks need as it starts (loadAtStart), not on a first request;
  // the map geodata too unless AGWX_MAPS_AT_START=off.
  const compute = createComputePool({ threads: config.computeThreads, loadAtStart: { maps: config.mapsAtStart } });
  const weather = createWeatherSources(config, store, clock, { compute });
  // So is what the event loop reads once: the elevation grid (70–115 ms to decode) and the
  // time-zone data; read on first use, they would hold the loop on a fresh process's first requests.
  const elevation = loadElevationGrid();
  loadTimeZones();
  const app = await buildApp({ config, store, clock, weather, redis, compute, elevation, startup, jobs: options.worker ? jobWorkerOptions(config) : undefined });
  if (redis) watchRedis(redis, app.log);
  store.handle.breaker?.onChange((state) =>
    state === 'open'
      ? app.log.warn('the database does not answer: requests that need it answer 503 until it does')
      : app.log.info('the database answers again'),
  );
  startup.start(app.log);
  startup.ready.then(
    async () => {
      if (options.devKey && (await store.keys.count()) === 0) {
        // Enterprise: a walk-through user is not held to the spec's smaller pages for ordinary accounts.
        const issued = await createKeyService(store, clock).createKey('development', { enterprise: true });
        process.stdout.write(walkThrough(config, issued));
      }
    },
    (error: unknown) => {
      process.stderr.write(`agwx: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  ).catch((error: unknown) => app.log.error({ err: error }, 'creating the development key failed'));
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    startup.stop();
    await closeWithin(app, config.shutdownGraceMs);
    await compute.close();
    await store.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  if (options.listen) await app.listen({ port: config.port, host: config.host });
  else {
    await app.ready();
    app.log.info({ concurrency: config.jobConcurrency }, 'job worker started');
  }
}

const serve = (options: { devKey: boolean; worker: boolean }) => runApp({ listen: true, worker: options.worker, devKey: options.devKey });

/** Runs batch jobs only: the same application, not listening; jobs come from the database queue. */
const worker = () => runApp({ listen: false, worker: true, devKey: false });

export function buildCli(): Command {
  const program = new Command('agwx').description('agwx — agronomic weather API').showHelpAfterError();

  program
    .command('serve')
    .description('Run the API server (migrates the database once it answers)')
    .option('--no-dev-key', 'do not create a development key when the database has none')
    .option('--no-worker', 'do not run batch jobs in this process (run `agwx worker` processes instead)')
    .action(serve);

  program
    .command('worker')
    .description('Run batch jobs from the database queue without serving HTTP (AGWX_JOB_CONCURRENCY at a time)')
    .action(worker);

  program
    .command('migrate')
    .description('Create or upgrade the database schema, then exit')
    .action(() =>
      withStore(async (_store, config) => {
        process.stdout.write(`Database at ${redact(config.databaseUrl)} is up to date.\n`);
      }),
    );

  program
    .command('import')
    .description('Import a station file (CSV, DSSAT .WTH, KNMI etmgeg, NASA POWER CSV/JSON) into the weather store')
    .argument('<file>', 'the station file')
    .option('--format <name>', 'csv, dssat, knmi, nasa-power-csv or nasa-power-json (detected when absent)')
    .option('--lat <degrees>', 'latitude of the station (when the file has none, or to override it)', Number)
    .option('--lon <degrees>', 'longitude of the station', Number)
    .option('--elevation <metres>', 'elevation of the station above sea level, used for the air pressure in reference ET (when the file has none, or to override it)', Number)
    .option('--dataset <name>', 'provenance name (default import:<format>-<station>)')
    .option('--columns <mapping>', 'CSV column mapping, e.g. date=Datum,tmax=TX:F,precipitation=RR:in')
    .option('--skip-bad', 'skip malformed rows (each is listed) instead of stopping at the first')
    .action((file: string, options: ImportOptions) =>
      withStore(async (store) => {
        const text = await readFile(file, 'utf8');
        const bar = new SingleBar({ format: 'importing {bar} {percentage}%', hideCursor: true }, Presets.shades_classic);
        bar.start(100, 0);
        try {
          const result = await importStationFile(
            {
              text,
              fileName: file,
              format: options.format,
              latitude: options.lat,
              longitude: options.lon,
              elevation: options.elevation,
              dataset: options.dataset,
              columns: options.columns,
              skipBad: options.skipBad,
              onProgress: (fraction) => bar.update(Math.round(fraction * 100)),
            },
            createDatabaseWeatherCache(store.weather),
          );
          bar.update(100);
          bar.stop();
          for (const row of result.skipped) process.stdout.write(`skipped ${file}:${row.line}: ${row.reason}\n`);
          process.stdout.write(
            `Imported ${result.days} days (${result.firstDate ?? '-'} to ${result.lastDate ?? '-'}) as ${result.dataset} ` +
              `(${result.format}) into cell ${result.cell.id} at ${result.cell.latitude.toFixed(4)}, ${result.cell.longitude.toFixed(4)}` +
              `${result.elevation === null ? ', no station elevation (the elevation grid is used)' : `, station elevation ${result.elevation} m`}` +
              `${result.skipped.length > 0 ? `; ${result.skipped.length} rows skipped` : ''}.\n`,
          );
        } finally {
          bar.stop();
        }
      }),
    );

  program
    .command('export')
    .description('Write a crop-model weather file (DSSAT .WTH or APSIM .met) of a place or a field from the configured weather sources')
    .requiredOption('--format <name>', 'dssat (or wth) or apsim (or met)')
    .requiredOption('--start <date>', 'first date, YYYY-MM-DD (from 1900-01-01; at most 50 years in one file)')
    .requiredOption('--end <date>', 'last date, YYYY-MM-DD (yesterday or earlier)')
    .option('--lat <degrees>', 'latitude of the place')
    .option('--lon <degrees>', 'longitude of the place')
    .option('--field <id>', "a field's id (with --account) instead of --lat and --lon")
    .option('--account <name>', 'the account that owns --field')
    .option('--date-format <style>', 'DSSAT only: yyddd (default) or yyyyddd')
    .option('--insi <code>', 'DSSAT only: the 4-character station code that names the file (default AGWX)')
    .option('--out <file>', 'write to this file (default stdout)')
    .action((options: ExportCommandOptions) =>
      withStore(async (store, config) => {
        const clock = clockFor(config);
        const message = await runExport(store, createWeatherSources(config, store, clock), clock, options);
        process.stderr.write(message);
      }),
    );

  const keys = program.command('keys').description('Manage API keys');
  keys
    .command('create')
    .description('Create an API key (and its account when new); prints the secret once')
    .requiredOption('--account <name>', 'account that owns the key')
    .option('--enterprise', 'mark the account enterprise (higher list limits)')
    .option('--beyond-cap', 'create the key even when the account has AGWX_MAX_KEYS_PER_ACCOUNT enabled keys already')
    .option('--json', 'print {"key": ..., "secret": ...} for scripts')
    .action((options: { account: string; enterprise?: boolean; beyondCap?: boolean; json?: boolean }) =>
      withStore(async (store, config) => {
        const keys = createKeyService(store, clockFor(config), { maxKeysPerAccount: config.maxKeysPerAccount });
        const issued = await keys.createKey(options.account, { enterprise: options.enterprise, beyondCap: options.beyondCap });
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
  keys
    .command('limit')
    .description('Limit the weather map layers and regions a key may request (others are refused with 403); without options, show the limits')
    .argument('<key>', 'the key to limit')
    .option('--layers <codes>', "comma-separated layer codes, e.g. base,radar; 'all' lifts the layer limit")
    .option('--regions <boxes>', "west,south,east,north boxes separated by ';', e.g. \"-100,35,-90,45\"; 'world' lifts the region limit")
    .option('--clear', 'lift both limits')
    .action((key: string, options: { layers?: string; regions?: string; clear?: boolean }) =>
      withStore(async (store) => {
        const record = await store.keys.find(key);
        if (!record) throw new Error(`no API key '${key}' exists`);
        if (options.clear && (options.layers !== undefined || options.regions !== undefined)) throw new Error('--clear cannot be combined with --layers or --regions');
        let access = { layers: record.mapLayers, regions: record.mapRegions };
        if (options.clear) access = { layers: null, regions: null };
        if (options.layers !== undefined) access.layers = parseLayerLimit(options.layers);
        if (options.regions !== undefined) access.regions = parseRegionLimit(options.regions);
        const changed = options.clear || options.layers !== undefined || options.regions !== undefined;
        if (changed) await store.keys.setMapAccess(key, access);
        process.stdout.write(`Key ${key} ${changed ? 'may now request' : 'may request'} ${describeMapAccess(access)}.\n`);
      }),
    );
  keys
    .command('rate')
    .description("Set a key's rate limit (requests per minute and burst); without options, show it")
    .argument('<key>', 'the key')
    .option('--per-minute <n>', 'sustained requests per minute', wholeNumber)
    .option('--burst <n>', 'extra requests above the sustained rate, refilled over ten minutes', wholeNumber)
    .option('--default', "return to the configured default for the account's kind")
    .action((key: string, options: { perMinute?: number; burst?: number; default?: boolean }) =>
      withStore(async (store, config) => {
        const record = await store.keys.find(key);
        if (!record) throw new Error(`no API key '${key}' exists`);
        let limit = { perMinute: record.ratePerMinute, burst: record.rateBurst };
        if (options.default) limit = { perMinute: null, burst: null };
        if (options.perMinute !== undefined) limit.perMinute = options.perMinute;
        if (options.burst !== undefined) limit.burst = options.burst;
        const changed = options.default || options.perMinute !== undefined || options.burst !== undefined;
        if (changed) await store.keys.setRateLimit(key, limit);
        const fallback = record.enterprise ? config.enterpriseRateLimit : config.rateLimit;
        process.stdout.write(
          `Key ${key}: ${limit.perMinute ?? fallback.perMinute} requests a minute${limit.perMinute === null ? ' (default)' : ''}, ` +
            `burst ${limit.burst ?? fallback.burst}${limit.burst === null ? ' (default)' : ''}.\n`,
        );
      }),
    );
  const accounts = program.command('accounts').description('Manage accounts');
  accounts
    .command('enterprise')
    .description('Mark an account enterprise (higher list limits), or no longer with --off')
    .argument('<name>', "the account's name, or a web account's email")
    .option('--off', 'remove the enterprise mark')
    .action((name: string, options: { off?: boolean }) =>
      withStore(async (store, config) => {
        const account = await createAccountService(store, clockFor(config)).setEnterprise(name, !options.off);
        process.stdout.write(`Account ${account.name} is ${account.enterprise ? 'enterprise' : 'not enterprise'}.\n`);
      }),
    );
  return program;
}

function wholeNumber(text: string): number {
  if (!/^\d+$/.test(text)) throw new Error(`'${text}' is not a whole number`);
  return Number(text);
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
