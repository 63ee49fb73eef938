/** The compute pool: worker threads that generate synthetic weather, as the calling thread would. */
import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { COMPUTE_NICE_INCREMENT, createComputePool, inlineComputePool, JSON_ROWS_ON_THREADS, loadForTasks } from '../../src/compute/compute-pool.js';
import { createDrawingContext } from '../../src/maps/map-drawing.js';
import { createGenerationContext } from '../../src/weather/synthetic/block-generation.js';
import { RowLayout, writeJsonRows } from '../../src/core/json-rows.js';
import { type AgronomicNormValuesInput, agronomicNormValues } from '../../src/agronomy/agronomic-norm-values.js';
import { resolveGddParameters } from '../../src/agronomy/gdd.js';
import { toEpochDay } from '../../src/core/dates.js';
import { cellAt, cellById } from '../../src/weather/grid.js';
import { createSyntheticSource, forecastWindowDays } from '../../src/weather/synthetic/synthetic-source.js';
import type { BlockGenerator, CellBlocksInput, CellBlocksOutput, ForecastWindowInput } from '../../src/weather/synthetic/block-generation.js';
import { blockOfDay } from '../../src/weather/synthetic/weather-generator.js';
import { abandonController, type Requester, WorkAbandonedError } from '../../src/core/requester.js';

const pool = createComputePool({ threads: 2 });
afterAll(() => pool.close());

/** The blocks of the years `first` to `first + count − 1`. */
function blocksOfYears(first: number, count: number): number[] {
  const from = blockOfDay(toEpochDay(`${first}-01-01`));
  const to = blockOfDay(toEpochDay(`${first + count - 1}-12-31`));
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** The blocks of a range of dates. */
function blocksOf(start: string, end: string): number[] {
  const from = blockOfDay(toEpochDay(start));
  return Array.from({ length: blockOfDay(toEpochDay(end)) - from + 1 }, (_, i) => from + i);
}

/** The pool, recording the block and forecast-window tasks asked of it. */
function countingPool() {
  const blockTasks: CellBlocksInput[] = [];
  const windows: ForecastWindowInput[] = [];
  const generator: BlockGenerator = {
    cellBlocks(input): Promise<CellBlocksOutput> {
      blockTasks.push(input);
      return pool.cellBlocks(input);
    },
    hoursWithoutSoil: (input) => pool.hoursWithoutSoil(input),
    forecastWindow(input) {
      windows.push(input);
      return pool.forecastWindow(input);
    },
  };
  return { generator, blockTasks, windows };
}

describe('compute pool', () => {
  it('generates on worker threads the blocks the calling thread generates', async () => {
    expect(pool.threads).toBe(2);
    const input = { seed: 7, cellId: cellAt(41.6, -93.6).id, blocks: [blockOfDay(toEpochDay('1999-06-01')), blockOfDay(toEpochDay('2024-02-29'))] };
    const [threaded, inline] = await Promise.all([pool.cellBlocks(input), inlineComputePool().cellBlocks(input)]);
    expect(threaded.blocks.map((b) => b.block)).toEqual(input.blocks);
    expect(threaded.blocks.map((b) => Array.from(b.values))).toEqual(inline.blocks.map((b) => Array.from(b.values)));
  });

  it('feeds a synthetic source the same weather as it generates itself, asking once for blocks wanted at the same time', async () => {
    const { generator: counting, blockTasks: calls } = countingPool();
    const pooled = createSyntheticSource({ cacheSize: 64, compute: counting, inlineBlocksPerTurn: 0 });
    const alone = createSyntheticSource({ cacheSize: 64 });
    const cell = cellAt(-1.29, 36.82);
    const range = { start: '2019-12-20', end: '2020-06-10' };
    const [a, b] = await Promise.all([pooled.daily(cell, range), pooled.daily(cell, range)]);
    expect(a).toEqual(await alone.daily(cell, range));
    expect(b).toEqual(a);
    // The range's blocks, generated in one task; the second request waited for it.
    expect(calls).toEqual([{ climatologyPath: undefined, seed: pooled.generator.seed, cellId: cell.id, blocks: blocksOf(range.start, range.end) }]);
    await pooled.daily(cell, range);
    expect(calls).toHaveLength(1);
  });

  it('generates the blocks a norm asks for one by one in one task per cell, and a week in a task of its own', async () => {
    const { generator: counting, blockTasks: calls } = countingPool();
    const pooled = createSyntheticSource({ cacheSize: 512, compute: counting, inlineBlocksPerTurn: 0 });
    const alone = createSyntheticSource({ cacheSize: 64 });
    const nairobi = cellAt(-1.29, 36.82);
    const oslo = cellAt(59.91, 10.75);
    const season = (year: number) => ({ start: `${year}-03-01`, end: `${year}-06-28` });
    const years = [2015, 2016, 2017, 2018, 2019];
    // As a norm asks: every year's season of two places at once, one year asked twice.
    const asked = [...years.map((year) => [nairobi, year] as const), ...years.map((year) => [oslo, year] as const), [oslo, 2017] as const];
    const series = await Promise.all(asked.map(([cell, year]) => pooled.daily(cell, season(year))));
    for (const [i, [cell, year]] of asked.entries()) expect(series[i]).toEqual(await alone.daily(cell, season(year)));
    const seasonBlocks = years.flatMap((year) => blocksOf(season(year).start, season(year).end));
    expect(calls.map((c) => [c.cellId, c.blocks])).toEqual([
      [nairobi.id, seasonBlocks],
      [oslo.id, seasonBlocks],
    ]);
    // A later turn asks for a season the first did not: one more task, for its blocks alone.
    await pooled.daily(nairobi, season(2014));
    expect(calls.map((c) => c.blocks)).toEqual([seasonBlocks, seasonBlocks, blocksOf(season(2014).start, season(2014).end)]);
    // With no blocks generated at once (a budget of 0), a week (one or two blocks) goes to the pool too.
    const week = { start: '2013-05-03', end: '2013-05-09' };
    expect(await pooled.daily(oslo, week)).toEqual(await alone.daily(oslo, week));
    expect(calls.map((c) => [c.cellId, c.blocks])).toEqual([
      [nairobi.id, seasonBlocks],
      [oslo.id, seasonBlocks],
      [nairobi.id, blocksOf(season(2014).start, season(2014).end)],
      [oslo.id, blocksOf(week.start, week.end)],
    ]);
  });

  it('generates the few blocks of a turn at once, and the blocks past its budget on the pool, the same weather either way', async () => {
    const { generator: counting, blockTasks: calls } = countingPool();
    const pooled = createSyntheticSource({ cacheSize: 512, compute: counting, inlineBlocksPerTurn: 10 });
    const alone = createSyntheticSource({ cacheSize: 64 });
    const cell = cellAt(50.45, 30.52);
    const other = cellAt(-34.6, -58.4);
    // A week: one or two blocks, generated where it is asked for.
    const week = { start: '2021-04-28', end: '2021-05-04' };
    expect(await pooled.daily(cell, week)).toEqual(await alone.daily(cell, week));
    expect(calls).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    // In one turn: the first season of a place and the first of another take the turn's ten
    // blocks; the same place's next season (as a norm asks) goes to the pool although the budget
    // had room for it, and a third place's season finds the budget spent.
    const season = (year: number) => ({ start: `${year}-03-01`, end: `${year}-06-28` });
    expect(blocksOf(season(2015).start, season(2015).end)).toHaveLength(5);
    const year = { start: '2003-01-01', end: '2003-12-31' };
    const third = cellAt(35.7, 139.7);
    const asked = [
      [cell, season(2015)],
      [cell, season(2016)],
      [other, season(2015)],
      [third, season(2015)],
    ] as const;
    const answers = await Promise.all(asked.map(([at, range]) => pooled.daily(at, range)));
    for (const [i, [at, range]] of asked.entries()) expect(answers[i]).toEqual(await alone.daily(at, range));
    expect(calls.map((c) => [c.cellId, c.blocks])).toEqual([
      [cell.id, blocksOf(season(2016).start, season(2016).end)],
      [third.id, blocksOf(season(2015).start, season(2015).end)],
    ]);
    // A year is larger than any turn's budget.
    expect(await pooled.daily(cell, year)).toEqual(await alone.daily(cell, year));
    expect(calls).toHaveLength(3);
    expect(calls[2]!.blocks).toEqual(blocksOf(year.start, year.end));
    // A later turn has its budget again, for a place asked for in an earlier turn too.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await pooled.daily(other, season(2017))).toEqual(await alone.daily(other, season(2017)));
    expect(calls).toHaveLength(3);
  });

  it('computes forecast windows on worker threads as the calling thread does, once for requests at the same time', async () => {
    const { generator: counting, blockTasks, windows } = countingPool();
    const pooled = createSyntheticSource({ cacheSize: 64, compute: counting, inlineBlocksPerTurn: 0 });
    const alone = createSyntheticSource({ cacheSize: 64 });
    const cell = cellAt(45.04, 38.98);
    const issuedAt = Date.parse('2024-03-10T09:00:00Z');
    const request = { start: Date.parse('2024-03-11T00:00:00Z'), hours: 48, issuedAt };
    const [a, b] = await Promise.all([pooled.hourly(cell, request), pooled.hourly(cell, { ...request, start: request.start + 6 * 3_600_000, hours: 6 })]);
    const expected = await alone.hourly(cell, request);
    expect(a).toEqual(expected);
    expect(a!.hours).toHaveLength(48);
    expect(a!.hours[0]!.soilMoisture.every(Number.isFinite)).toBe(true);
    expect(b!.hours).toEqual(expected!.hours.slice(6, 12));
    // One task: the thread that computes the window generates its blocks (the generated weather of
    // its soil spin-up starts in January), which are handed back and kept here.
    expect(blockTasks).toEqual([]);
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatchObject({ climatologyPath: undefined, seed: pooled.generator.seed, cellId: cell.id, issueDate: '2024-03-10', blocks: [] });
    // Observations of those days need no task now, and are the days generated here.
    const observed = await pooled.daily(cell, { start: '2024-01-15', end: '2024-03-01' });
    expect(blockTasks).toEqual([]);
    expect(observed).toEqual(await alone.daily(cell, { start: '2024-01-15', end: '2024-03-01' }));
    // Kept: asking again computes nothing.
    await pooled.hourly(cell, { ...request, hours: 1 });
    expect(windows).toHaveLength(1);
  });

  it('has observations asked while a window is computed wait for the blocks its task generates', async () => {
    const { generator: counting, blockTasks, windows } = countingPool();
    const pooled = createSyntheticSource({ cacheSize: 64, compute: counting, inlineBlocksPerTurn: 0 });
    const alone = createSyntheticSource({ cacheSize: 64 });
    const cell = cellAt(-23.5, -46.6);
    const request = { start: Date.parse('2024-03-11T03:00:00Z'), hours: 24, issuedAt: Date.parse('2024-03-10T15:00:00Z') };
    const range = { start: '2024-01-15', end: '2024-02-14' };
    const before = { start: '2023-01-01', end: '2023-04-30' };
    const [forecast, observed, earlier] = await Promise.all([pooled.hourly(cell, request), pooled.daily(cell, range), pooled.daily(cell, before)]);
    expect(forecast).toEqual(await alone.hourly(cell, request));
    expect(observed).toEqual(await alone.daily(cell, range));
    expect(earlier).toEqual(await alone.daily(cell, before));
    // Late January came with the window; only the blocks of early 2023, which the window does not need, had a task of their own.
    expect(windows).toHaveLength(1);
    expect(blockTasks.map((t) => t.blocks)).toEqual([blocksOf(before.start, before.end)]);
  });

  it('answers the same forecast window again (a thread keeps nothing it hands over)', async () => {
    const input = { seed: 7, cellId: cellAt(41.6, -93.6).id, issueDate: '2024-06-15' };
    const first = (await pool.forecastWindow(input)).window;
    const again = await Promise.all([pool.forecastWindow(input), pool.forecastWindow(input), pool.forecastWindow(input)]);
    for (const { window } of again) expect(Array.from(window.values)).toEqual(Array.from(first.values));
    expect(first.count).toBeGreaterThanOrEqual(24 * 10);
  });

  it('hands back the blocks it generated for a window, as generated for the cell, and not those it was given', async () => {
    const cellId = cellAt(-33.9, 18.4).id;
    const range = forecastWindowDays('2024-03-10');
    const here = createSyntheticSource({ cacheSize: 64, seed: 7 });
    here.dailyDays(cellById(cellId), range);
    const packed = here.packedBlocks(cellById(cellId), range);
    expect(packed.map((b) => b.block)).toEqual(blocksOf(range.start, range.end));
    const alone = await pool.forecastWindow({ seed: 7, cellId, issueDate: '2024-03-10' });
    expect(alone.blocks.map((b) => b.block)).toEqual(packed.map((b) => b.block));
    expect(alone.blocks.map((b) => Array.from(b.values))).toEqual(packed.map((b) => Array.from(b.values)));
    const given = await pool.forecastWindow({ seed: 7, cellId, issueDate: '2024-03-10', blocks: packed.slice(0, 2) });
    expect(given.blocks.map((b) => b.block)).toEqual(packed.slice(2).map((b) => b.block));
    expect(Array.from(given.window.values)).toEqual(Array.from(alone.window.values));
  });

  it('runs its threads at a lower scheduling priority than the event loop', async () => {
    // Linux: each thread's nice value is field 19 of /proc/self/task/<tid>/stat.
    const niceOfThreads = () =>
      new Map(
        readdirSync('/proc/self/task').map((tid) => {
          const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
          return [tid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const;
        }),
      );
    const before = niceOfThreads();
    const lowered = createComputePool({ threads: 2 });
    try {
      const input = { seed: 7, cellId: cellAt(41.6, -93.6).id, blocks: blocksOfYears(2001, 1) };
      await Promise.all([lowered.cellBlocks(input), lowered.cellBlocks(input), lowered.cellBlocks(input)]);
      // The two worker threads (and any thread they start) run at the lower priority...
      const started = [...niceOfThreads()].filter(([tid]) => !before.has(tid)).map(([, nice]) => nice);
      expect(started.length).toBeGreaterThanOrEqual(2);
      expect(started.filter((nice) => nice === COMPUTE_NICE_INCREMENT).length).toBeGreaterThanOrEqual(2);
      // ...and the calling thread keeps its own.
      expect(niceOfThreads().get(String(process.pid))).toBe(0);
    } finally {
      await lowered.close();
    }
  });

  it('answers as before when its threads read the climatology and time zones at start', async () => {
    const loaded = createComputePool({ threads: 1, loadAtStart: {} });
    try {
      const input = { seed: 7, cellId: cellAt(-33.9, 151.2).id, blocks: [blockOfDay(toEpochDay('2010-06-01'))] };
      const [threaded, inline] = await Promise.all([loaded.cellBlocks(input), inlineComputePool({}).cellBlocks(input)]);
      expect(Array.from(threaded.blocks[0]!.values)).toEqual(Array.from((await pool.cellBlocks(input)).blocks[0]!.values));
      expect(Array.from(inline.blocks[0]!.values)).toEqual(Array.from(threaded.blocks[0]!.values));
    } finally {
      await loaded.close();
    }
  });

  it('reads the map geodata at start when asked to, so that no image waits for it', () => {
    const withoutMaps = createDrawingContext();
    loadForTasks(createGenerationContext(), withoutMaps, {});
    expect(withoutMaps.geodata.unread()).toEqual(expect.arrayContaining(['land 10m', 'country borders 10m', 'cities', 'roads', 'blue marble']));
    const withMaps = createDrawingContext();
    loadForTasks(createGenerationContext(), withMaps, { maps: true });
    expect(withMaps.geodata.unread()).toEqual([]);
  });

  it('writes large rows of JSON on a worker thread and small ones at once, as the UTF-8 bytes of the text the calling thread writes', async () => {
    const rowsOf = (count: number) =>
      new RowLayout()
        .text('{"place":"Poznań","day":"')
        .string((i) => `d${i}`)
        .text('","v":')
        .number((i) => (i % 7 === 0 ? null : Math.sin(i) * 1000))
        .text('}')
        .rows(count);
    const large = rowsOf(JSON_ROWS_ON_THREADS * 5);
    const threaded = pool.writeJsonRows(large);
    expect(threaded).toBeInstanceOf(Promise);
    const bytes = await threaded;
    expect(bytes).toBeInstanceOf(Uint8Array);
    const text = Buffer.from(bytes as Uint8Array).toString('utf8');
    expect(text).toBe(writeJsonRows(large));
    expect(JSON.parse(`[${text}]`)).toHaveLength(JSON_ROWS_ON_THREADS * 5);
    const small = rowsOf(JSON_ROWS_ON_THREADS - 1);
    const atOnce = pool.writeJsonRows(small);
    expect(atOnce).not.toBeInstanceOf(Promise);
    expect(Buffer.from(atOnce as Uint8Array).toString('utf8')).toBe(writeJsonRows(small));
    // A pool of no threads writes them at once too.
    expect(Buffer.from(inlineComputePool().writeJsonRows(large) as Uint8Array).toString('utf8')).toBe(writeJsonRows(large));
  });

  it('computes the daily values of agronomic norms on a worker thread as the calling thread does', async () => {
    // Two seasons of 60 days from their accumulation start (the requested days start 20 days in), at two elevations.
    const season = (year: number, elevationM: number) => {
      const column = (f: (i: number) => number) => Float64Array.from({ length: 60 }, (_, i) => f(i));
      return {
        columns: {
          firstEpochDay: toEpochDay(`${year}-04-01`),
          tmax: column((i) => 18 + 8 * Math.sin(i / 7 + year)),
          tmin: column((i) => 6 + 4 * Math.cos(i / 5)),
          precipitation: column((i) => (i % 6 === 0 ? 7.5 : 0)),
          solar: column((i) => 5200 + 30 * i),
          rhMax: column(() => 88),
          rhMin: column((i) => 35 + (i % 10)),
          vapourPressure: column(() => Number.NaN),
          rhMean: column(() => Number.NaN),
          windAverage: column((i) => 2 + (i % 4) / 2),
        },
        length: 60,
        place: { latitude: 41.6, elevationM, windHeightM: 10 },
        shift: 20,
        leap: year % 4 === 0,
      };
    };
    const offsets = Array.from({ length: 40 }, (_, d) => d);
    const inputOf = (): AgronomicNormValuesInput => ({
      seasons: [season(2019, 280), season(2020, 310)],
      offsets: { leap: offsets, common: offsets },
      dayCount: 40,
      gdd: resolveGddParameters(),
      referenceEt: {},
    });
    const input = inputOf();
    const [threaded, inline] = await Promise.all([pool.agronomicNormValues(input), inlineComputePool().agronomicNormValues(inputOf())]);
    expect(threaded).toEqual(agronomicNormValues(inputOf()));
    expect(threaded).toEqual(inline);
    // Day 0 of season 1 is index 20 of its weather; its running total counts the 20 days before.
    expect(threaded.accumulatedGdd[1]).toBeGreaterThan(threaded.gdd[1]! * 5);
    expect(Array.from(threaded.pet).every((pet) => pet > 0)).toBe(true);
    expect(input.seasons[0]!.columns.tmax.length).toBe(0); // the weather was moved to the thread, not copied
  });
});

describe('compute pool between accounts and requesters', () => {
  const single = createComputePool({ threads: 1 });
  afterAll(() => single.close());
  const cellId = cellAt(52.4, 16.9).id;

  it("takes the accounts' tasks in turn: one account's queue holds another's task for no more than the task running", async () => {
    await single.cellBlocks({ seed: 7, cellId, blocks: blocksOfYears(2000, 1) });
    const finished: string[] = [];
    const account = (id: number): Requester => ({ account: id });
    // Account 1 queues four tasks of 20 years' blocks each, then account 2 one of a single year's.
    const floods = [0, 1, 2, 3].map((i) => single.cellBlocks({ seed: 7, cellId, blocks: blocksOfYears(1700 + i * 20, 20) }, account(1)).then(() => finished.push(`flood ${i}`)));
    const other = single.cellBlocks({ seed: 7, cellId, blocks: blocksOfYears(1999, 1) }, account(2)).then(() => finished.push('other'));
    await Promise.all([...floods, other]);
    // Account 2's task runs as soon as the thread is free, not after account 1's whole queue.
    expect(finished.indexOf('other')).toBeLessThanOrEqual(1);
    expect(finished.filter((name) => name.startsWith('flood'))).toEqual(['flood 0', 'flood 1', 'flood 2', 'flood 3']);
  });

  it('drops the waiting tasks of a requester that gives up and stops its running one at its next checkpoint, keeping the thread', async () => {
    await single.cellBlocks({ seed: 7, cellId, blocks: blocksOfYears(2000, 1) });
    const before = single.tasks();
    const controller = abandonController();
    const gone: Requester = { account: 1, signal: controller.signal };
    // 600 years' blocks: seconds of work, checked between blocks.
    const running = single.cellBlocks({ seed: 8, cellId, blocks: blocksOfYears(1400, 600) }, gone);
    const waiting = [1, 2, 3].map((i) => single.cellBlocks({ seed: 8, cellId, blocks: blocksOfYears(1990 + i, 1) }, gone));
    const others = single.cellBlocks({ seed: 8, cellId, blocks: blocksOfYears(1980, 1) });
    for (const promise of [running, ...waiting]) promise.catch(() => undefined);
    while (single.tasks().running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort(new WorkAbandonedError('client gone'));
    for (const promise of [running, ...waiting]) await expect(promise).rejects.toThrow('client gone');
    // The task of no requester is answered by the same thread, with nothing to load again.
    expect((await others).blocks.map((b) => b.block)).toEqual(blocksOfYears(1980, 1));
    const after = single.tasks();
    expect(after.dropped - before.dropped).toBe(3);
    expect(after.stopped - before.stopped).toBe(1);
    expect(after.finished - before.finished).toBe(1);
    expect([after.waiting, after.running]).toEqual([0, 0]);
    // An abandoned requester's new task is refused at once.
    await expect(single.cellBlocks({ seed: 8, cellId, blocks: blocksOfYears(1970, 1) }, gone)).rejects.toBeInstanceOf(WorkAbandonedError);
  });

  it('goes on with a forecast window while one of its requesters still waits, and drops it once all have gone', async () => {
    const source = createSyntheticSource({ cacheSize: 64, compute: single });
    const alone = createSyntheticSource({ cacheSize: 64 });
    const cell = cellAt(-8.05, -34.9);
    const forecastOn = (day: string) => ({ start: Date.parse(`${day}T12:00:00Z`), hours: 6, issuedAt: Date.parse(`${day}T09:00:00Z`) });
    const requester = () => {
      const controller = abandonController();
      return { requester: { account: 3, signal: controller.signal } as Requester, leave: () => controller.abort(new WorkAbandonedError('gone')) };
    };
    // The thread is busy with another requester's long task while the windows wait.
    const blocker = requester();
    const busy = single.cellBlocks({ seed: 9, cellId, blocks: blocksOfYears(1300, 600) }, blocker.requester).catch(() => undefined);
    while (single.tasks().running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = single.tasks();
    const [a, b, c, d] = [requester(), requester(), requester(), requester()];
    const forA = source.hourly(cell, forecastOn('2024-05-02'), a.requester);
    const forB = source.hourly(cell, forecastOn('2024-05-02'), b.requester);
    const forC = source.hourly(cell, forecastOn('2024-05-03'), c.requester);
    const forD = source.hourly(cell, forecastOn('2024-05-03'), d.requester);
    a.leave();
    c.leave();
    d.leave();
    await expect(forA).rejects.toBeInstanceOf(WorkAbandonedError);
    await expect(forC).rejects.toBeInstanceOf(WorkAbandonedError);
    await expect(forD).rejects.toBeInstanceOf(WorkAbandonedError);
    blocker.leave();
    await busy;
    // B still gets the window A gave up; the one C and D both gave up never ran.
    expect(await forB).toEqual(await alone.hourly(cell, forecastOn('2024-05-02')));
    const after = single.tasks();
    // One window computed (B's); the other never reached the thread (its task was dropped, or never
    // queued while it waited for the blocks B's window generates). The blocker was stopped.
    expect(after.finished - before.finished).toBe(1);
    expect(after.stopped - before.stopped).toBe(1);
    // Asked again, it is computed afresh.
    expect(await source.hourly(cell, forecastOn('2024-05-03'), requester().requester)).toEqual(await alone.hourly(cell, forecastOn('2024-05-03')));
  });
});
