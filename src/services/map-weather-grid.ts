/**
 * The WeatherGridProvider of weather map layers on top of the application's WeatherSource.
 *
 * For a variable, a box and an update time it asks the source for a coarse lattice of grid cells
 * covering the box and interpolates bilinearly between them. The lattice is a sub-grid of the
 * 5-arc-minute cell grid: every step-th cell centre in both directions, the step the smallest
 * power of two that keeps the lattice within `maxPointsPerSide` points along each side of the box,
 * and never finer than the source's detail (`WeatherSource.hourlyDetailDeg`: the synthetic
 * source states its 0.5° climatology, below which it holds only each cell's own noise, so its
 * lattices are at least 6 cells apart). Lattices
 * are aligned to the global grid, so neighbouring tiles share their edge points (no seams), and a
 * point of a coarser power-of-two lattice is also a point of every finer one.
 *
 * Each lattice point is one `weather.hourly(cell, { start: hour of the update time, hours: 1,
 * issuedAt: update time })` call; the answer carries every instantaneous variable, so all layers
 * of a place and time share the calls (point cache). `recentPrecipitation` sums the 24 hours ending
 * with the update hour (one 24-hour `hourly` call); where the source has no such hours it is
 * estimated from `daily` totals of the previous and current day. Both the assembled lattices and
 * the point values are kept in bounded LRU caches; failures (e.g. SourceUnavailableError) are
 * never cached.
 *
 * A lattice is filled for the requesters of the images that need it (core/requester.ts), shared
 * while it is being filled: the source's `hourlyMany` computes for them, and the filling stops once
 * all of them have given up. A point asked of the source one by one is shared by any lattice that
 * needs it, and is nobody's (it is small, and always finished).
 */
import { LRUCache } from 'lru-cache';
import type { LonLatBBox, WeatherGridProvider, WeatherGridSampler, WeatherGridVariable } from '../maps/index.js';
import { addDays, fromEpochDay, type IsoDate } from '../core/dates.js';
import { type Requester, SharedWorks, throwIfAbandoned } from '../core/requester.js';
import { SharedCalls } from '../core/shared-calls.js';
import { dailyVariableOfMapGrid } from '../weather/daily-variables.js';
import { CELLS_PER_DEGREE, GRID_COLUMNS, GRID_ROWS, cellByIndex } from '../weather/grid.js';
import type { GridCell, HourlyWeather, WeatherSource } from '../weather/weather-source.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface MapWeatherGridOptions {
  /** Most lattice points along each side of a box (default 24; at least 2). */
  maxPointsPerSide?: number;
  /** Assembled lattices kept (default 512). */
  latticeCacheSize?: number;
  /** Point answers kept, one per (cell, update time) and kind (default 65,536, about 10 MB). */
  pointCacheSize?: number;
  /** Source requests running at the same time while a lattice is filled (default 8). */
  concurrency?: number;
}

export interface MapWeatherGridStatistics {
  /** `hourly` requests sent to the source (one per lattice point not yet cached). */
  hourlyRequests: number;
  dailyRequests: number;
  /** Lattices assembled (cache misses). */
  latticesBuilt: number;
  latticeHits: number;
}

export interface MapWeatherGrid extends WeatherGridProvider {
  readonly statistics: MapWeatherGridStatistics;
  /** Forgets every cached lattice and point value. */
  clear(): void;
}

/** The lattice a box is sampled on: index ranges and spacing in cells. */
export interface LatticeLayout {
  /** Spacing in cells: a power of two, or the source's detail in cells where that is coarser. */
  readonly step: number;
  /** Lattice indices: column i is cell column i·step (modulo the grid), row j is cell row j·step (clamped). */
  readonly i0: number;
  readonly i1: number;
  readonly j0: number;
  readonly j1: number;
}

/** What a lattice is built from (the key names it). */

/** Continuous cell coordinates of a point: column 0 / row 0 at the centre of the first cell. */
function cellColumn(longitude: number): number {
  return (longitude + 180) * CELLS_PER_DEGREE - 0.5;
}
function cellRow(latitude: number): number {
  return (90 - latitude) * CELLS_PER_DEGREE - 0.5;
}

/**
 * The coarsest-enough lattice for a box: the finest whose lattice has ≤ maxPoints per side, its
 * step a power of two of at least `minStep` cells, or `minStep` itself.
 */
export function latticeLayout(bbox: LonLatBBox, maxPoints: number, minStep = 1): LatticeLayout {
  let west = cellColumn(bbox.west);
  let east = cellColumn(bbox.east);
  if (!(east > west)) east = west + 1e-9;
  if (east - west >= GRID_COLUMNS) {
    // The box shows the whole world (or more): one turn of the globe, wrapping at the edge.
    west = 0;
    east = GRID_COLUMNS;
  }
  const north = Math.max(-0.5, cellRow(Math.min(90, bbox.north)));
  const south = Math.min(GRID_ROWS - 0.5, Math.max(north + 1e-9, cellRow(Math.max(-90, bbox.south))));
  for (let power = 1; ; power *= 2) {
    if (power * 2 <= minStep) continue;
    const step = Math.max(power, minStep);
    const i0 = Math.floor(west / step);
    const i1 = Math.max(i0 + 1, Math.ceil(east / step));
    const j0 = Math.floor(north / step);
    const j1 = Math.max(j0 + 1, Math.ceil(south / step));
    if ((i1 - i0 + 1 <= maxPoints && j1 - j0 + 1 <= maxPoints) || step >= GRID_COLUMNS) return { step, i0, i1, j0, j1 };
  }
}

/** The grid cell of a lattice point. */
export function latticeCell(layout: LatticeLayout, i: number, j: number): GridCell {
  const column = (((i * layout.step) % GRID_COLUMNS) + GRID_COLUMNS) % GRID_COLUMNS;
  const row = Math.min(GRID_ROWS - 1, Math.max(0, j * layout.step));
  return cellByIndex(row, column);
}

/** Bilinear lookup in a lattice; missing corners (NaN) are left out of the weighting. */
function latticeSampler(layout: LatticeLayout, values: Float64Array): WeatherGridSampler {
  const columns = layout.i1 - layout.i0 + 1;
  const rows = layout.j1 - layout.j0 + 1;
  const firstColumn = layout.i0 * layout.step;
  return {
    sample(latitude, longitude) {
      let c = cellColumn(longitude);
      // Bring the longitude into the lattice's turn of the globe (boxes may extend past ±180°).
      if (c < firstColumn) c += Math.ceil((firstColumn - c) / GRID_COLUMNS) * GRID_COLUMNS;
      if (c >= firstColumn + GRID_COLUMNS) c -= Math.floor((c - firstColumn) / GRID_COLUMNS) * GRID_COLUMNS;
      let u = c / layout.step - layout.i0;
      let v = cellRow(latitude) / layout.step - layout.j0;
      u = u < 0 ? 0 : u > columns - 1 ? columns - 1 : u;
      v = v < 0 ? 0 : v > rows - 1 ? rows - 1 : v;
      const i = Math.min(columns - 2, Math.floor(u));
      const j = Math.min(rows - 2, Math.floor(v));
      const fx = u - i;
      const fy = v - j;
      const k = j * columns + i;
      const a = values[k]!;
      const b = values[k + 1]!;
      const d = values[k + columns]!;
      const e = values[k + columns + 1]!;
      const wa = (1 - fx) * (1 - fy);
      const wb = fx * (1 - fy);
      const wd = (1 - fx) * fy;
      const we = fx * fy;
      if (a === a && b === b && d === d && e === e) return a * wa + b * wb + d * wd + e * we;
      let sum = 0;
      let weight = 0;
      if (a === a) (sum += a * wa), (weight += wa);
      if (b === b) (sum += b * wb), (weight += wb);
      if (d === d) (sum += d * wd), (weight += wd);
      if (e === e) (sum += e * we), (weight += we);
      return weight > 0 ? sum / weight : null;
    },
  };
}

/** Position of each instantaneous variable in a point's values. */
const HOURLY_INDEX = {
  temperature: 0,
  dewPoint: 1,
  relativeHumidity: 2,
  precipitationRate: 3,
  windSpeed: 4,
  windGust: 5,
  cloudCover: 6,
} as const satisfies Partial<Record<WeatherGridVariable, number>>;

function hourValues(hour: HourlyWeather): Float32Array {
  return Float32Array.of(hour.temperature, hour.dewPoint, hour.relativeHumidity, hour.precipitation, hour.windAverage, hour.windGust, hour.cloudCover);
}

/** The daily totals `recentPrecipitation` is estimated from where the source has no hours (its entry in DAILY_VARIABLES names the grid). */
const RECENT_PRECIPITATION_DAILY = dailyVariableOfMapGrid('recentPrecipitation' satisfies WeatherGridVariable);

/** No value at this point (the source had none). */
const MISSING = new Float32Array(0);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Longest stretch a lattice fill keeps the event loop before letting other requests run. */
const SLICE_MS = 10;

function utcDate(time: number): IsoDate {
  return fromEpochDay(Math.floor(time / DAY_MS));
}

export function createMapWeatherGrid(weather: WeatherSource, options: MapWeatherGridOptions = {}): MapWeatherGrid {
  const maxPoints = Math.max(2, Math.floor(options.maxPointsPerSide ?? 24));
  // The source's hours hold no detail finer than this many cells (a lattice finer would only interpolate).
  const minStep = weather.hourlyDetailDeg ? Math.max(1, Math.floor(weather.hourlyDetailDeg * CELLS_PER_DEGREE)) : 1;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const lattices = new LRUCache<string, WeatherGridSampler>({ max: options.latticeCacheSize ?? 512 });
  const points = new LRUCache<string, Float32Array>({ max: options.pointCacheSize ?? 65_536 });
  // Points are also filled many at once (`fillMany`), which leaves out those being fetched.
  const pointFetches = new SharedCalls<string, Float32Array>();
  // Lattices are built for the requesters of the images that need them, shared while they wait.
  const latticeBuilds = new SharedWorks<string, WeatherGridSampler>();
  const statistics: MapWeatherGridStatistics = { hourlyRequests: 0, dailyRequests: 0, latticesBuilt: 0, latticeHits: 0 };

  /** Instantaneous values of the update hour at a cell. */
  async function fetchHour(cell: GridCell, time: number): Promise<Float32Array> {
    const start = Math.floor(time / HOUR_MS) * HOUR_MS;
    statistics.hourlyRequests++;
    const result = await weather.hourly(cell, { start, hours: 1, issuedAt: time, soil: false });
    const hour = result?.hours[0];
    return hour ? hourValues(hour) : MISSING;
  }

  /** Precipitation of the 24 hours ending with the update hour, mm. */
  async function fetchRecentPrecipitation(cell: GridCell, time: number): Promise<Float32Array> {
    const lastHour = Math.floor(time / HOUR_MS) * HOUR_MS;
    statistics.hourlyRequests++;
    const result = await weather.hourly(cell, { start: lastHour - 23 * HOUR_MS, hours: 24, issuedAt: time, soil: false });
    if (result && result.hours.length === 24) return Float32Array.of(result.hours.reduce((sum, hour) => sum + hour.precipitation, 0));
    // No such hours: the previous day's total for the part of the 24 h before local midnight, plus
    // the current day's total prorated over the elapsed part of the day (solar time at the cell).
    const localTime = time + (cell.longitude / 15) * HOUR_MS;
    const today = utcDate(localTime);
    const elapsed = (localTime - Math.floor(localTime / DAY_MS) * DAY_MS) / DAY_MS;
    statistics.dailyRequests++;
    const daily = await weather.daily(cell, { start: addDays(today, -1), end: today });
    const [yesterday, current] = [daily?.days[0]?.[RECENT_PRECIPITATION_DAILY], daily?.days[1]?.[RECENT_PRECIPITATION_DAILY]];
    if (yesterday == null || current == null) return MISSING;
    return Float32Array.of(yesterday * (1 - elapsed) + current * elapsed);
  }

  function point(kind: 'h' | 'r', cell: GridCell, time: number): Float32Array | Promise<Float32Array> {
    const key = `${kind}${cell.id}@${time}`;
    const cached = points.get(key);
    if (cached) return cached;
    return pointFetches.run(key, async () => {
      const values = await (kind === 'h' ? fetchHour(cell, time) : fetchRecentPrecipitation(cell, time));
      points.set(key, values);
      return values;
    });
  }

  /**
   * The values of `missing` points (those not kept nor in flight) from one `hourlyMany` request;
   * points the source has no hours for are left to the one-by-one fill (recent precipitation from
   * daily totals).
   */
  async function fillMany(kind: 'h' | 'r', missing: readonly { cell: GridCell }[], time: number, requester: Requester): Promise<void> {
    const wanted = missing.filter(({ cell }) => !pointFetches.has(`${kind}${cell.id}@${time}`));
    if (wanted.length === 0) return;
    const hourStart = Math.floor(time / HOUR_MS) * HOUR_MS;
    const request = kind === 'h' ? { start: hourStart, hours: 1 } : { start: hourStart - 23 * HOUR_MS, hours: 24 };
    statistics.hourlyRequests++;
    const results = await weather.hourlyMany!(
      wanted.map(({ cell }) => cell),
      { ...request, issuedAt: time, soil: false },
      requester,
    );
    results.forEach((result, i) => {
      const hours = result?.hours;
      if (!hours || hours.length !== request.hours) return;
      const values = kind === 'h' ? hourValues(hours[0]!) : Float32Array.of(hours.reduce((sum, hour) => sum + hour.precipitation, 0));
      points.set(`${kind}${wanted[i]!.cell.id}@${time}`, values);
    });
  }

  async function buildLattice(variable: WeatherGridVariable, layout: LatticeLayout, time: number, requester: Requester): Promise<WeatherGridSampler> {
    statistics.latticesBuilt++;
    const columns = layout.i1 - layout.i0 + 1;
    const rows = layout.j1 - layout.j0 + 1;
    const values = new Float64Array(columns * rows);
    const kind = variable === 'recentPrecipitation' ? 'r' : 'h';
    const index = variable === 'recentPrecipitation' ? 0 : HOURLY_INDEX[variable];
    const missing: { k: number; cell: GridCell }[] = [];
    const store = (k: number, point: Float32Array) => {
      values[k] = point.length === 0 ? NaN : point[index]!;
    };
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < columns; i++) {
        const k = j * columns + i;
        const cell = latticeCell(layout, layout.i0 + i, layout.j0 + j);
        const cached = points.get(`${kind}${cell.id}@${time}`);
        if (cached) store(k, cached);
        else missing.push({ k, cell });
      }
    }
    // A source that answers many cells at once (away from the event loop) gets them in one request.
    if (weather.hourlyMany && missing.length > 0) await fillMany(kind, missing, time, requester);
    // Fill the rest with a few requests in flight; a source that computes synchronously gets the
    // event loop back between requests once SLICE_MS has passed, so other requests are not held up.
    const remaining = missing.filter(({ cell }) => !points.has(`${kind}${cell.id}@${time}`));
    let next = 0;
    let sliceStart = performance.now();
    const worker = async () => {
      while (next < remaining.length) {
        if (performance.now() - sliceStart > SLICE_MS) {
          await nextTurn();
          throwIfAbandoned(requester);
          sliceStart = performance.now();
          continue;
        }
        const item = remaining[next++]!;
        store(item.k, await point(kind, item.cell, time));
      }
    };
    for (const item of missing) {
      const kept = points.get(`${kind}${item.cell.id}@${time}`);
      if (kept) store(item.k, kept);
    }
    await Promise.all(Array.from({ length: Math.min(concurrency, remaining.length) }, worker));
    return latticeSampler(layout, values);
  }

  return {
    statistics,
    clear() {
      lattices.clear();
      points.clear();
    },
    valuesFor(variable, bbox, time, requester) {
      if (!(variable in HOURLY_INDEX) && variable !== 'recentPrecipitation') {
        throw new Error(`unknown weather grid variable '${variable}'`);
      }
      const layout = latticeLayout(bbox, maxPoints, minStep);
      const key = `${variable}|${time}|${layout.step}|${layout.i0}|${layout.i1}|${layout.j0}|${layout.j1}`;
      const cached = lattices.get(key);
      if (cached) {
        statistics.latticeHits++;
        return cached;
      }
      return latticeBuilds.join(key, requester, async (shared) => {
        const sampler = await buildLattice(variable, layout, time, shared);
        lattices.set(key, sampler);
        return sampler;
      });
    },
  };
}
