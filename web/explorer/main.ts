/** The field explorer: the account's fields on a map; for the chosen one, weather and agronomic charts. */
import '../styles/account.css';
import { ApiClient, type ApiAnswer } from './api-client.js';
import { accumulationChart, observationChart, showUnavailable } from './charts.js';
import { createFieldMap, type FieldMap } from './field-map.js';
import type { AgronomicNormDay, AgronomicValues, Field, ForecastDay, Observation } from './types.js';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The service's clock (it may be pinned), read from the page. */
const now = Number.isFinite(Date.parse(meta('agwx-now'))) ? Date.parse(meta('agwx-now')) : Date.now();
const api = new ApiClient(meta('agwx-csrf'));
const status = byId('status');

function setStatus(text: string): void {
  status.textContent = text;
}

/** A message for an answer that is not a success: 404 means the endpoint or data does not exist here. */
function unavailableText(answer: ApiAnswer<unknown>, what: string): string {
  if (answer.status === 404) return `${what}: not available on this service.`;
  return `${what}: not available (${answer.message}).`;
}

function cell(row: HTMLTableRowElement, text: string, header = false): void {
  const element = document.createElement(header ? 'th' : 'td');
  if (header) element.setAttribute('scope', 'row');
  element.textContent = text;
  row.append(element);
}

function table(container: HTMLElement, caption: string, headings: string[], rows: string[][]): void {
  const t = document.createElement('table');
  const c = document.createElement('caption');
  c.textContent = caption;
  const head = t.createTHead().insertRow();
  for (const h of headings) {
    const th = document.createElement('th');
    th.setAttribute('scope', 'col');
    th.textContent = h;
    head.append(th);
  }
  const body = t.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    r.forEach((text, i) => cell(row, text, i === 0));
  }
  t.prepend(c);
  container.replaceChildren(t);
}

const fmt = (value: number | null | undefined, digits = 1) => (value == null || !Number.isFinite(value) ? '–' : value.toFixed(digits));

/** A text summary of a chart, for screen readers. */
function summarize(chart: 'observations' | 'gdd' | 'ppet', text: string): void {
  byId(`summary-${chart}`).textContent = text;
}

/** The field's local date now, estimated from its longitude (the server checks with the field's real time zone). */
function localToday(field: Field): string {
  return new Date(now + (field.centerPoint.longitude / 15) * 3_600_000).toISOString().slice(0, 10);
}

async function showObservations(field: Field): Promise<void> {
  const chart = byId('chart-observations');
  const tableBox = byId('observations');
  // Observations run through yesterday at the field; should the estimate of its date be a day
  // ahead (time-zone borders), ask again ending one day earlier.
  let end = addDays(localToday(field), -1);
  let start = addDays(end, -29);
  const path = () => `/v2/weather/fields/${encodeURIComponent(field.id)}/observations/${start},${end}`;
  let answer = await api.getAll<Observation>(path(), 'observations');
  if (answer.status === 400) {
    end = addDays(end, -1);
    start = addDays(end, -29);
    answer = await api.getAll<Observation>(path(), 'observations');
  }
  if (!answer.body) {
    showUnavailable(chart, unavailableText(answer, 'Observations'));
    tableBox.replaceChildren();
    return;
  }
  if (answer.dataSource) byId('field-source').textContent = `Weather data source: ${answer.dataSource}.`;
  const rows = answer.body.map((o) => ({ date: o.date, max: o.temperatures.max, min: o.temperatures.min, precipitation: o.precipitation.amount }));
  const first = answer.body[0];
  if (!first) {
    showUnavailable(chart, 'Observations: none for the last 30 days.');
    return;
  }
  observationChart(chart, rows, { temperature: first.temperatures.units, precipitation: first.precipitation.units });
  const total = rows.reduce((sum, r) => sum + (r.precipitation ?? 0), 0);
  summarize(
    'observations',
    `From ${start} to ${end}: highest temperature ${fmt(Math.max(...rows.map((r) => r.max ?? -Infinity)))} °${first.temperatures.units}, ` +
      `lowest ${fmt(Math.min(...rows.map((r) => r.min ?? Infinity)))} °${first.temperatures.units}, precipitation ${fmt(total)} ${first.precipitation.units} in all. The table below lists every day.`,
  );
  table(
    tableBox,
    `Observed daily weather, ${start} to ${end}`,
    ['Date', `Max °${first.temperatures.units}`, `Min °${first.temperatures.units}`, `Precipitation ${first.precipitation.units}`],
    rows.map((r) => [r.date, fmt(r.max), fmt(r.min), fmt(r.precipitation)]),
  );
}

async function showForecast(field: Field): Promise<void> {
  const box = byId('forecast');
  const answer = await api.get<{ forecasts: ForecastDay[] }>(`/v2/weather/fields/${encodeURIComponent(field.id)}/forecasts?blockSize=24`);
  if (!answer.body) {
    showUnavailable(box, unavailableText(answer, 'Forecast'));
    return;
  }
  const rows = answer.body.forecasts.map((day) => {
    const block = day.forecast[0];
    return [
      day.date,
      block?.conditionsText ?? '–',
      block ? `${fmt(block.temperatures.max)} / ${fmt(block.temperatures.min)} °${block.temperatures.units}` : '–',
      block ? `${fmt(block.precipitation.amount)} ${block.precipitation.units}` : '–',
      block?.precipitation.chance == null ? '–' : `${Math.round(block.precipitation.chance)} %`,
    ];
  });
  table(box, 'Daily forecast (24-hour blocks)', ['Date', 'Conditions', 'Max / min', 'Precipitation', 'Chance of rain'], rows);
}

async function showAgronomics(field: Field): Promise<void> {
  const gddChart = byId('chart-gdd');
  const ppetChart = byId('chart-ppet');
  const id = encodeURIComponent(field.id);
  const [values, norms] = await Promise.all([
    api.get<AgronomicValues>(`/v2/agronomics/fields/${id}/agronomicvalues`),
    api.getAll<AgronomicNormDay>(`/v2/agronomics/fields/${id}/agronomicnorms?limit=10`, 'dailyNorms'),
  ]);
  if (!values.body) {
    showUnavailable(gddChart, unavailableText(values, 'Agronomic values'));
    showUnavailable(ppetChart, unavailableText(values, 'Agronomic values'));
    return;
  }
  const normByDay = new Map((norms.body ?? []).map((n) => [n.day, n]));
  const normNote = norms.body ? '' : ` ${unavailableText(norms, 'Norms')}`;
  const days = values.body.dailyValues;
  if (days.length === 0) {
    showUnavailable(gddChart, 'No days since planting yet.');
    showUnavailable(ppetChart, 'No days since planting yet.');
    return;
  }
  accumulationChart(
    gddChart,
    days.map((d) => {
      const norm = normByDay.get(d.date.slice(5));
      return { date: d.date, value: d.accumulatedGdd, norm: norm?.accumulatedGdd.average ?? null, stdDev: norm?.accumulatedGdd.stdDev ?? null };
    }),
    'GDD',
  );
  accumulationChart(
    ppetChart,
    days.map((d) => {
      const norm = normByDay.get(d.date.slice(5));
      return { date: d.date, value: d.accumulatedPpet, norm: norm?.accumulatedPpet.average ?? null, stdDev: norm?.accumulatedPpet.stdDev ?? null };
    }),
    'P/PET',
  );
  const last = days[days.length - 1]!;
  const lastNorm = normByDay.get(last.date.slice(5));
  summarize('gdd', `Accumulated GDD on ${last.date}: ${fmt(last.accumulatedGdd, 0)}; norm ${fmt(lastNorm?.accumulatedGdd.average, 0)}.`);
  summarize('ppet', `Accumulated P/PET on ${last.date}: ${fmt(last.accumulatedPpet, 2)}; norm ${fmt(lastNorm?.accumulatedPpet.average, 2)}.`);
  if (normNote) {
    for (const chart of [gddChart, ppetChart]) {
      const p = document.createElement('p');
      p.className = 'unavailable';
      p.textContent = normNote.trim();
      chart.append(p);
    }
  }
}

async function selectField(field: Field, map: FieldMap | null): Promise<void> {
  for (const button of document.querySelectorAll<HTMLButtonElement>('#fields button')) {
    button.setAttribute('aria-pressed', String(button.dataset.fieldId === field.id));
  }
  map?.select(field);
  const details = byId('details');
  details.hidden = false;
  byId('field-title').textContent = field.name ? `${field.name} (${field.id})` : field.id;
  byId('field-source').textContent = '';
  for (const chart of ['observations', 'gdd', 'ppet'] as const) summarize(chart, '');
  setStatus(`Loading weather for ${field.name ?? field.id}…`);
  const results = await Promise.allSettled([showObservations(field), showForecast(field), showAgronomics(field)]);
  const failed = results.filter((r) => r.status === 'rejected');
  setStatus(failed.length === 0 ? `Showing ${field.name ?? field.id}.` : `Some data for ${field.name ?? field.id} could not be loaded.`);
}

async function start(): Promise<void> {
  const token = await api.accessToken();
  // The list first: the map's tiles, requested as soon as it exists, would otherwise hold the
  // browser's few connections to the server while the list waits behind them.
  const answer = await api.getAll<Field>('/v2/fields?limit=100', 'fields');
  let map: FieldMap | null = null;
  try {
    map = createFieldMap(byId('map'), token);
    api.onToken((next) => map?.setToken(next));
  } catch (error) {
    showUnavailable(byId('map'), `The map could not be shown (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (!answer.body) {
    setStatus(`Your fields could not be loaded: ${answer.message}`);
    return;
  }
  const fields = answer.body;
  const list = byId('fields');
  list.replaceChildren(
    ...fields.map((field) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.fieldId = field.id;
      button.setAttribute('aria-pressed', 'false');
      button.textContent = field.name ?? field.id;
      const detail = document.createElement('small');
      detail.textContent = `${field.id} · ${field.centerPoint.latitude.toFixed(3)}, ${field.centerPoint.longitude.toFixed(3)}`;
      button.append(detail);
      button.addEventListener('click', () => void selectField(field, map));
      item.append(button);
      return item;
    }),
  );
  map?.showFields(fields, (field) => void selectField(field, map));
  if (fields.length === 0) {
    setStatus('This account has no fields yet. Create one with POST /v2/fields (see the API reference).');
    return;
  }
  setStatus(`${fields.length} field${fields.length === 1 ? '' : 's'}. Choose one to see its weather.`);
  await selectField(fields[0]!, map);
}

start().catch((error: unknown) => setStatus(`The explorer could not start: ${error instanceof Error ? error.message : String(error)}`));
