/** Charts drawn with uPlot: observed weather, and accumulated values against their norms. */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const DAY_SECONDS = 86_400;

/** Seconds since the epoch of a `YYYY-MM-DD` (UTC noon, so bars sit on their day). */
export function dateSeconds(date: string): number {
  return Date.parse(`${date}T12:00:00Z`) / 1000;
}

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

/** Daily maximum and minimum temperature (lines) and precipitation (bars, right axis). */
export function observationChart(
  element: HTMLElement,
  rows: { date: string; max: number | null; min: number | null; precipitation: number | null }[],
  units: { temperature: string; precipitation: string },
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
        { label: 'Date', value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
        { label: 'Max temperature', scale: '°', stroke: '#b3261e', width: 2 },
        { label: 'Min temperature', scale: '°', stroke: '#0b57d0', width: 2 },
        { label: 'Precipitation', scale: 'precipitation', stroke: '#1f6f43', fill: 'rgba(31, 111, 67, 0.35)', paths: bars, points: { show: false } },
      ],
    },
    data,
    element,
  );
}

/** The current planting's accumulated value against the norm's average (and ± one standard deviation). */
export function accumulationChart(
  element: HTMLElement,
  rows: { date: string; value: number | null; norm: number | null; stdDev: number | null }[],
  label: string,
): uPlot {
  element.replaceChildren();
  const low = rows.map((r) => (r.norm == null || r.stdDev == null ? null : r.norm - r.stdDev));
  const high = rows.map((r) => (r.norm == null || r.stdDev == null ? null : r.norm + r.stdDev));
  const data: uPlot.AlignedData = [rows.map((r) => dateSeconds(r.date)), rows.map((r) => r.value), rows.map((r) => r.norm), low, high];
  return new uPlot(
    {
      width: width(element),
      height: 240,
      scales: { x: { time: true } },
      axes: [{ space: 60 }, { label }],
      series: [
        { label: 'Date', value: (_u, v) => (v == null ? '' : new Date(v * 1000).toISOString().slice(0, 10)) },
        { label: 'This season', stroke: '#1f6f43', width: 2.5 },
        { label: 'Norm', stroke: '#4d5651', width: 2, dash: [6, 4] },
        { label: 'Norm − 1 SD', stroke: '#9aa39e', width: 1 },
        { label: 'Norm + 1 SD', stroke: '#9aa39e', width: 1 },
      ],
    },
    data,
    element,
  );
}

export { DAY_SECONDS };
