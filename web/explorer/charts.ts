/**
 * Charts drawn with uPlot: observed weather, accumulated values against their norms, and a
 * planting's water balance.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const DAY_SECONDS = 86_400;

/** Seconds since the epoch of a `YYYY-MM-DD` (UTC noon, so bars sit on their day). */
export function dateSeconds(date: string): number {
  return Date.parse(`${date}T12:00:00Z`) / 1000;
}

const dateText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function width(element: HTMLElement): number {
  return Math.max(280, Math.floor(element.clientWidth || element.parentElement?.clientWidth || 400) - 4);
}

export function showUnavailable(element: HTMLElement, message: string): void {
  element.replaceChildren();
  const p = document.createElement('p');
  p.className = 'unavailable';
  p.textContent = message;
  element.append(p);
}

/** The last value of a series that is not null, with its index. */
function lastValue(values: (number | null)[]): { value: number; index: number } | null {
  for (let i = values.length - 1; i >= 0; i--) {
    const value = values[i];
    if (value != null) return { value, index: i };
  }
  return null;
}

/**
 * A legend value writer: the value under the cursor, and without a cursor the series' latest
 * value (so the legend reads without hovering). `format` writes a number as the API served it.
 */
function legendValue(format: (value: number) => string): uPlot.Series['value'] {
  return (u, value, seriesIdx, idx) => {
    if (idx == null) {
      const last = lastValue(u.data[seriesIdx] as (number | null)[]);
      return last === null ? '–' : format(last.value);
    }
    return value == null ? '–' : format(value);
  };
}

/** The date series: the day under the cursor, or the latest day with a value. */
const dateSeries: uPlot.Series = {
  label: 'Date',
  value: (u, value, _seriesIdx, idx) => {
    if (idx == null) {
      const days = u.data[0];
      return days.length === 0 ? '–' : dateText(days[days.length - 1]!);
    }
    return value == null ? '–' : dateText(value);
  },
};

/** Keeps the drawn range of `scale` on the element (`data-min`, `data-max`), as plain data to read. */
function recordScale(element: HTMLElement, scale: string): ((u: uPlot, key: string) => void)[] {
  return [
    (u: uPlot, key: string) => {
      if (key !== scale) return;
      const { min, max } = u.scales[key]!;
      if (min != null) element.dataset.min = String(min);
      if (max != null) element.dataset.max = String(max);
    },
  ];
}

/** Daily maximum and minimum temperature (lines) and precipitation (bars, right axis). */
export function observationChart(
  element: HTMLElement,
  rows: { date: string; max: number | null; min: number | null; precipitation: number | null }[],
  units: { temperature: string; precipitation: string },
  format: { temperature: (value: number) => string; precipitation: (value: number) => string },
): uPlot {
  element.replaceChildren();
  const data: uPlot.AlignedData = [
    rows.map((r) => dateSeconds(r.date)),
    rows.map((r) => r.max),
    rows.map((r) => r.min),
    rows.map((r) => r.precipitation),
  ];
  const bars = uPlot.paths.bars!({ size: [0.6, 24] });
  return new uPlot(
    {
      width: width(element),
      height: 240,
      scales: { x: { time: true }, precipitation: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
      axes: [
        { space: 60 },
        { label: `°${units.temperature}`, scale: '°' },
        { label: units.precipitation, scale: 'precipitation', side: 1, grid: { show: false } },
      ],
      series: [
        dateSeries,
        { label: `Max temperature (°${units.temperature})`, scale: '°', stroke: '#b3261e', width: 2, value: legendValue(format.temperature) },
        { label: `Min temperature (°${units.temperature})`, scale: '°', stroke: '#0b57d0', width: 2, value: legendValue(format.temperature) },
        {
          label: `Precipitation (${units.precipitation})`,
          scale: 'precipitation',
          stroke: '#1f6f43',
          fill: 'rgba(31, 111, 67, 0.35)',
          paths: bars,
          points: { show: false },
          value: legendValue(format.precipitation),
        },
      ],
    },
    data,
    element,
  );
}

/**
 * The current planting's accumulated value against the norm's average (and ± one standard
 * deviation). With `floor`, the axis starts there and the band below the norm is drawn no lower
 * (a ratio such as P/PET cannot be negative, whatever the norm minus a deviation comes to).
 */
export function accumulationChart(
  element: HTMLElement,
  rows: { date: string; value: number | null; norm: number | null; stdDev: number | null }[],
  label: string,
  format: (value: number) => string,
  floor: number | null = null,
): uPlot {
  element.replaceChildren();
  const clamp = (value: number) => (floor === null ? value : Math.max(floor, value));
  const low = rows.map((r) => (r.norm == null || r.stdDev == null ? null : clamp(r.norm - r.stdDev)));
  const high = rows.map((r) => (r.norm == null || r.stdDev == null ? null : r.norm + r.stdDev));
  const data: uPlot.AlignedData = [rows.map((r) => dateSeconds(r.date)), rows.map((r) => r.value), rows.map((r) => r.norm), low, high];
  const scales: uPlot.Scales = { x: { time: true } };
  if (floor !== null) {
    scales.y = {
      range: (_u, _min, max) => {
        const top = max == null || !Number.isFinite(max) || max <= floor ? floor + 1 : max;
        return [floor, top + (top - floor) * 0.05];
      },
    };
  }
  return new uPlot(
    {
      width: width(element),
      height: 240,
      scales,
      axes: [{ space: 60 }, { label }],
      series: [
        dateSeries,
        { label: 'This season', stroke: '#1f6f43', width: 2.5, value: legendValue(format) },
        { label: 'Norm', stroke: '#4d5651', width: 2, dash: [6, 4], value: legendValue(format) },
        { label: 'Norm − 1 SD', stroke: '#9aa39e', width: 1, value: legendValue(format) },
        { label: 'Norm + 1 SD', stroke: '#9aa39e', width: 1, value: legendValue(format) },
      ],
      hooks: { setScale: recordScale(element, 'y') },
    },
    data,
    element,
  );
}

export interface WaterBalanceRow {
  date: string;
  depletion: number | null;
  readilyAvailableWater: number | null;
  totalAvailableWater: number | null;
  precipitation: number | null;
  irrigation: number | null;
  forecast: boolean;
}

/**
 * A planting's root-zone depletion against its readily and total available water, its axis
 * pointing down from 0 (field capacity) as irrigation schedules draw it: the line crossing RAW is
 * the day to irrigate, TAW the wilting point. Rain and irrigation are bars rising from the bottom
 * on the right axis. Forecast days are shaded and their depletion dashed; the observed and
 * forecast lines share the last observed day so the line is unbroken.
 *
 * The element keeps plain data to read: `data-points` (days drawn), `data-forecast-points`, and
 * `data-irrigation-dates` (the days with an irrigation bar, comma-separated).
 */
export function waterBalanceChart(element: HTMLElement, rows: WaterBalanceRow[], units: string, format: (value: number) => string): uPlot {
  element.replaceChildren();
  const lastObserved = rows.findLastIndex((r) => !r.forecast);
  const data: uPlot.AlignedData = [
    rows.map((r) => dateSeconds(r.date)),
    rows.map((r) => (r.forecast ? null : r.depletion)),
    rows.map((r, i) => (r.forecast || i === lastObserved ? r.depletion : null)),
    rows.map((r) => r.readilyAvailableWater),
    rows.map((r) => r.totalAvailableWater),
    rows.map((r) => r.precipitation),
    rows.map((r) => r.irrigation),
  ];
  const forecastDays = rows.filter((r) => r.forecast).map((r) => dateSeconds(r.date));
  /** The forecast days' background, under the grid and the series. */
  const shadeForecast = (u: uPlot) => {
    if (forecastDays.length === 0) return;
    const from = u.valToPos(Math.min(...forecastDays) - DAY_SECONDS / 2, 'x', true);
    const to = u.valToPos(Math.max(...forecastDays) + DAY_SECONDS / 2, 'x', true);
    const left = Math.max(u.bbox.left, from);
    const right = Math.min(u.bbox.left + u.bbox.width, to);
    if (right <= left) return;
    u.ctx.save();
    u.ctx.fillStyle = 'rgba(232, 178, 36, 0.16)';
    u.ctx.fillRect(left, u.bbox.top, right - left, u.bbox.height);
    u.ctx.restore();
  };
  const depthRange = (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, (Number.isFinite(max) ? Math.max(1, max) : 1) * 1.05];
  const value = legendValue(format);
  const chart = new uPlot(
    {
      width: width(element),
      height: 280,
      scales: {
        x: { time: true },
        depletion: { dir: -1, range: depthRange },
        // The bars take at most the lower 40 % of the plot, under the depletion lines' usual place.
        water: { range: (_u, _min, max) => [0, (Number.isFinite(max) ? Math.max(1, max) : 1) * 2.5] },
      },
      axes: [
        { space: 60 },
        { label: `Depletion (${units}), drier ↓`, scale: 'depletion' },
        { label: `Rain, irrigation (${units})`, scale: 'water', side: 1, grid: { show: false } },
      ],
      series: [
        dateSeries,
        { label: `Depletion, observed (${units})`, scale: 'depletion', stroke: '#7a3e00', width: 2.5, value },
        { label: `Depletion, forecast (${units})`, scale: 'depletion', stroke: '#7a3e00', width: 2.5, dash: [6, 4], value },
        { label: `RAW (${units})`, scale: 'depletion', stroke: '#b3261e', width: 1.5, dash: [2, 3], value },
        { label: `TAW (${units})`, scale: 'depletion', stroke: '#4d5651', width: 1.5, value },
        {
          label: `Rain (${units})`,
          scale: 'water',
          stroke: '#1f6f43',
          fill: 'rgba(31, 111, 67, 0.35)',
          paths: uPlot.paths.bars!({ size: [0.4, 12], align: -1 }),
          points: { show: false },
          value,
        },
        {
          label: `Irrigation (${units})`,
          scale: 'water',
          stroke: '#0b57d0',
          fill: 'rgba(11, 87, 208, 0.45)',
          paths: uPlot.paths.bars!({ size: [0.4, 12], align: 1 }),
          points: { show: false },
          value,
        },
      ],
      hooks: { drawClear: [shadeForecast] },
    },
    data,
    element,
  );
  const days = chart.data[0];
  const irrigation = chart.data[6] as (number | null)[];
  element.dataset.points = String(days.length);
  element.dataset.forecastPoints = String(forecastDays.length);
  element.dataset.irrigationDates = Array.from(days, (day, i) => ((irrigation[i] ?? 0) > 0 ? dateText(day) : null))
    .filter((day) => day !== null)
    .join(',');
  return chart;
}

export { DAY_SECONDS };
