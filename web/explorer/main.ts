/**
 * The field explorer: the account's fields on a map; forms to create and change fields and
 * plantings; for the chosen field, growth stages, weather and agronomic charts, and the water
 * balance of its current planting with a form to record irrigations.
 */
import '../styles/account.css';
import { ApiClient, type ApiAnswer } from './api-client.js';
import { accumulationChart, observationChart, showUnavailable, waterBalanceChart } from './charts.js';
import { createFieldMap, type FieldMap } from './field-map.js';
import { formatServed, servedUnits } from './precision.js';
import type {
  AgronomicNormDay,
  AgronomicValues,
  Crop,
  Field,
  ForecastDay,
  Irrigation,
  GrowthModel,
  MapLegend,
  ModelResults,
  Observation,
  Planting,
  WaterBalance,
  YieldPair,
} from './types.js';

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** The service's clock (it may be pinned), read from the page. */
const now = Number.isFinite(Date.parse(meta('agwx-now'))) ? Date.parse(meta('agwx-now')) : Date.now();
const api = new ApiClient(meta('agwx-csrf'));
const status = byId('status');
/** The unit system the page asks the API for where it chooses one (the API's default). */
const UNITS = 'metric' as const;

const state: {
  fields: Field[];
  selected: Field | null;
  map: FieldMap | null;
  crops: Crop[];
  plantings: Planting[];
  /** The planting the planting form changes; null: the form creates one. */
  editing: Planting | null;
} = { fields: [], selected: null, map: null, crops: [], plantings: [], editing: null };

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

/** A text summary of a chart, for screen readers. */
function summarize(chart: 'observations' | 'gdd' | 'ppet' | 'water', text: string): void {
  byId(`summary-${chart}`).textContent = text;
}

/** The field's local date now, estimated from its longitude (the server checks with the field's real time zone). */
function localToday(field: Field): string {
  return new Date(now + (field.centerPoint.longitude / 15) * 3_600_000).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Forms

/** The message line of a form: the API's error in words, or what was done. */
function formMessage(form: HTMLFormElement, text: string | null, kind: 'error' | 'done' = 'error'): void {
  const line = form.querySelector<HTMLElement>('.form-error, .form-done')!;
  line.className = kind === 'error' ? 'form-error' : 'form-done';
  line.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  line.textContent = text ?? '';
  line.hidden = !text;
}

function errorText(answer: ApiAnswer<unknown>): string {
  return `Not saved (${answer.status}): ${answer.message}`;
}

const input = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
const text = (form: HTMLFormElement, name: string) => input(form, name).value.trim();
/** A number input: null when empty; what the browser could not read as a number is sent as it was typed. */
function number(form: HTMLFormElement, name: string): number | string | null {
  const element = input(form, name) as HTMLInputElement;
  const value = element.value.trim();
  if (value === '') return element.validity.badInput ? 'not a number' : null;
  return Number(value);
}
const orNull = (value: string) => (value === '' ? null : value);

/** Runs a form's request with its button disabled, so that one click sends one request. */
async function submitting(form: HTMLFormElement, work: () => Promise<void>): Promise<void> {
  const buttons = [...form.querySelectorAll<HTMLButtonElement>('button')];
  for (const button of buttons) button.disabled = true;
  try {
    await work();
  } catch (error) {
    formMessage(form, `Not saved: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    for (const button of buttons) button.disabled = false;
  }
}

function setUpFieldCreate(): void {
  const form = byId<HTMLFormElement>('field-create');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitting(form, async () => {
      const body = {
        id: text(form, 'id'),
        name: orNull(text(form, 'name')),
        farmId: text(form, 'farmId'),
        acres: number(form, 'acres'),
        centerPoint: { latitude: number(form, 'latitude'), longitude: number(form, 'longitude') },
      };
      const answer = await api.send<Field>('POST', '/v2/fields', body);
      if (!answer.body) {
        formMessage(form, errorText(answer));
        return;
      }
      form.reset();
      formMessage(form, `Field ${answer.body.name ?? answer.body.id} created.`, 'done');
      await loadFields(answer.body.id);
    });
  });
}

function setUpFieldEdit(): void {
  const form = byId<HTMLFormElement>('field-edit');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const field = state.selected;
    if (!field) return;
    void submitting(form, async () => {
      // JSON-Patch: each changed property tested against the value shown, then replaced, so a
      // change made elsewhere in the meantime is refused rather than overwritten.
      const operations: { op: 'test' | 'replace'; path: string; value: unknown }[] = [];
      const name = orNull(text(form, 'name'));
      const farmId = text(form, 'farmId');
      if (name !== field.name) operations.push({ op: 'test', path: '/name', value: field.name }, { op: 'replace', path: '/name', value: name });
      if (farmId !== field.farmId) operations.push({ op: 'test', path: '/farmId', value: field.farmId }, { op: 'replace', path: '/farmId', value: farmId });
      if (operations.length === 0) {
        formMessage(form, 'Nothing has changed.', 'done');
        return;
      }
      const answer = await api.send<Field>('PATCH', `/v2/fields/${encodeURIComponent(field.id)}`, operations);
      if (!answer.body) {
        formMessage(form, errorText(answer));
        return;
      }
      formMessage(form, 'Field saved.', 'done');
      await loadFields(answer.body.id);
    });
  });
}

function fillFieldEdit(field: Field): void {
  const form = byId<HTMLFormElement>('field-edit');
  input(form, 'name').value = field.name ?? '';
  input(form, 'farmId').value = field.farmId;
  formMessage(form, null);
  byId('field-fixed').textContent =
    `Id ${field.id}, ${field.acres == null ? 'acres not given' : `${field.acres} acres`}, at ${field.centerPoint.latitude}, ${field.centerPoint.longitude}. ` +
    'The API changes only the name and farm id of a field.';
}

const cropLabel = (crop: Crop) => `${crop.name}${crop.type && crop.type !== 'generic' ? ` – ${crop.type}` : ''}`;

/** Why the crop list is empty, shown with the planting form. */
let cropsError: string | null = null;

async function loadCrops(): Promise<void> {
  const select = byId<HTMLFormElement>('planting-form').elements.namedItem('crop') as HTMLSelectElement;
  const answer = await api.getAll<Crop>('/v2/agronomics/crops?limit=10', 'crops');
  state.crops = answer.body ?? [];
  select.replaceChildren(
    ...state.crops.map((crop) => {
      const option = document.createElement('option');
      option.value = crop.id;
      option.textContent = cropLabel(crop);
      return option;
    }),
  );
  const corn = state.crops.find((crop) => crop.name === 'corn' && crop.isDefaultForCrop) ?? state.crops[0];
  if (corn) select.value = corn.id;
  cropsError = answer.body ? null : `The crop catalogue could not be loaded: ${answer.message}`;
}

/** The yield pair of two inputs: null when both are empty. */
function yieldPair(form: HTMLFormElement, amount: string, units: string): { amount: number | string | null; units: string | null } | null {
  const pair = { amount: number(form, amount), units: orNull(text(form, units)) };
  return pair.amount === null && pair.units === null ? null : pair;
}

function fillPlantingForm(planting: Planting | null): void {
  const form = byId<HTMLFormElement>('planting-form');
  state.editing = planting;
  const set = (name: string, value: string | number | null) => (input(form, name).value = value == null ? '' : String(value));
  byId('planting-form-heading').textContent = planting ? `Planting ${planting.id}` : 'New planting';
  (form.elements.namedItem('save') as HTMLButtonElement).textContent = planting ? 'Save planting' : 'Create planting';
  (form.elements.namedItem('new') as HTMLButtonElement).hidden = planting === null;
  if (planting) {
    set('crop', planting.crop);
    set('plantingDate', planting.plantingDate);
    set('harvestDate', planting.harvestDate);
    set('yieldAmount', planting.yield.amount);
    set('yieldUnits', planting.yield.units);
    set('projectedHarvestDate', planting.projections.harvestDate);
    set('projectedYieldAmount', planting.projections.yield.amount);
    set('projectedYieldUnits', planting.projections.yield.units);
  } else {
    const crop = input(form, 'crop').value;
    form.reset();
    set('crop', crop);
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>('#plantings button')) {
    button.setAttribute('aria-pressed', String(planting !== null && button.dataset.plantingId === String(planting.id)));
  }
}

function setUpPlantingForm(): void {
  const form = byId<HTMLFormElement>('planting-form');
  (form.elements.namedItem('new') as HTMLButtonElement).addEventListener('click', () => {
    fillPlantingForm(null);
    formMessage(form, null);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const field = state.selected;
    if (!field) return;
    const editing = state.editing;
    void submitting(form, async () => {
      const projectedYield = yieldPair(form, 'projectedYieldAmount', 'projectedYieldUnits');
      const projectedHarvestDate = orNull(text(form, 'projectedHarvestDate'));
      const body = {
        crop: text(form, 'crop'),
        plantingDate: text(form, 'plantingDate'),
        harvestDate: orNull(text(form, 'harvestDate')),
        yield: yieldPair(form, 'yieldAmount', 'yieldUnits'),
        projections: projectedYield === null && projectedHarvestDate === null ? null : { yield: projectedYield, harvestDate: projectedHarvestDate },
      };
      const base = `/v2/agronomics/fields/${encodeURIComponent(field.id)}/plantings`;
      // A change replaces the planting (PUT): every property of the form is sent.
      const answer = editing ? await api.send<Planting>('PUT', `${base}/${editing.id}`, body) : await api.send<Planting>('POST', base, body);
      if (!answer.body) {
        formMessage(form, errorText(answer));
        return;
      }
      // The message follows the list, so what it says is already shown there.
      await loadPlantings(field, answer.body.id);
      formMessage(form, editing ? `Planting ${answer.body.id} saved.` : `Planting ${answer.body.id} created.`, 'done');
      void showGrowthStages(field);
      void showAgronomics(field);
      void showWaterBalance(field);
    });
  });
}

/** The field's plantings, newest first; the one with the highest id is the current one. */
async function loadPlantings(field: Field, selectId: number | null = null): Promise<void> {
  const list = byId('plantings');
  const answer = await api.getAll<Planting>(`/v2/agronomics/fields/${encodeURIComponent(field.id)}/plantings?limit=100`, 'plantings');
  if (state.selected?.id !== field.id) return;
  if (!answer.body) {
    state.plantings = [];
    showUnavailable(list, unavailableText(answer, 'Plantings'));
    fillPlantingForm(null);
    return;
  }
  state.plantings = [...answer.body].sort((a, b) => b.id - a.id);
  const currentId = state.plantings[0]?.id;
  const crops = new Map(state.crops.map((crop) => [crop.id, crop]));
  list.replaceChildren(
    ...state.plantings.map((planting) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.plantingId = String(planting.id);
      button.setAttribute('aria-pressed', 'false');
      const crop = crops.get(planting.crop);
      button.textContent = `${crop ? cropLabel(crop) : planting.crop}, planted ${planting.plantingDate}`;
      const detail = document.createElement('small');
      detail.textContent = `planting ${planting.id}${planting.id === currentId ? ' · current' : ''}${planting.harvestDate ? ` · harvested ${planting.harvestDate}` : ''}`;
      button.append(detail);
      button.addEventListener('click', () => {
        fillPlantingForm(planting);
        formMessage(byId<HTMLFormElement>('planting-form'), null);
      });
      item.append(button);
      return item;
    }),
  );
  if (state.plantings.length === 0) showUnavailable(list, 'No plantings yet: create one with the form below.');
  fillPlantingForm(state.plantings.find((p) => p.id === selectId) ?? null);
}

// ---------------------------------------------------------------------------------------------
// Growth stages

let stagesRequest = 0;

async function showGrowthStages(field: Field): Promise<void> {
  const box = byId('growth-stages');
  const choice = byId('model-choice');
  const select = byId<HTMLSelectElement>('model');
  const request = ++stagesRequest;
  const current = await api.get<Planting>(`/v2/agronomics/fields/${encodeURIComponent(field.id)}/plantings/current`);
  if (request !== stagesRequest) return;
  if (!current.body) {
    choice.hidden = true;
    showUnavailable(box, current.status === 404 ? 'No planting yet: create one to see its growth stages.' : unavailableText(current, 'Plantings'));
    return;
  }
  const planting = current.body;
  const models = await api.getAll<GrowthModel>(`/v2/agronomics/models?cropId=${encodeURIComponent(planting.crop)}`, 'models');
  if (request !== stagesRequest) return;
  if (!models.body || models.body.length === 0) {
    choice.hidden = true;
    showUnavailable(box, models.body ? `No growth-stage model for the crop ${planting.crop}.` : unavailableText(models, 'Growth-stage models'));
    return;
  }
  const previous = select.value;
  select.replaceChildren(
    ...models.body.map((model) => {
      const option = document.createElement('option');
      option.value = model.id;
      option.textContent = model.name;
      return option;
    }),
  );
  if (models.body.some((model) => model.id === previous)) select.value = previous;
  choice.hidden = models.body.length < 2;
  select.onchange = () => void showModelResults(field, planting, select.value, ++stagesRequest);
  await showModelResults(field, planting, select.value, request);
}

async function showModelResults(field: Field, planting: Planting, modelId: string, request: number): Promise<void> {
  const box = byId('growth-stages');
  const answer = await api.get<ModelResults>(`/v2/agronomics/fields/${encodeURIComponent(field.id)}/models/${encodeURIComponent(modelId)}/results`);
  if (request !== stagesRequest) return;
  if (!answer.body) {
    showUnavailable(box, unavailableText(answer, 'Growth stages'));
    return;
  }
  const results = answer.body;
  const stageName = (stage: { stage: string | null; id: string }) => stage.stage ?? stage.id;
  const gdd = (value: number) => formatServed(value, 'degreeDays');
  const rows: string[][] = [];
  for (const stage of results.previousStages) rows.push([stageName(stage), stage.description, stage.date, 'reached (observed)', gdd(stage.gddThreshold)]);
  if (results.currentStage) {
    const stage = results.currentStage;
    rows.push([stageName(stage), stage.description, stage.date, 'reached (observed), current stage', gdd(stage.gddThreshold)]);
  }
  for (const stage of results.predictedStages) {
    const early = stage.predictedDateEarly;
    const late = stage.predictedDateLate;
    const range = early && late && (early !== stage.predictedDate || late !== stage.predictedDate) ? ` (${early} to ${late})` : '';
    const basis = stage.predictionBasis === 'forecast' ? 'predicted from the forecast' : stage.predictionBasis === 'norms' ? 'predicted from the norms' : 'not expected this season';
    rows.push([stageName(stage), stage.description, stage.predictedDate ? `${stage.predictedDate}${range}` : '–', basis, gdd(stage.gddThreshold)]);
  }
  table(
    box,
    `Growth stages of planting ${planting.id} (${planting.crop}, planted ${planting.plantingDate}; biofix ${results.biofixDate})`,
    ['Stage', 'Description', 'Date', 'Status', `GDD threshold (°${results.gddUnits})`],
    rows,
  );
}

// ---------------------------------------------------------------------------------------------
// Weather and agronomic values

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
  const units = { temperature: first.temperatures.units, precipitation: first.precipitation.units };
  const temperature = (value: number | null | undefined) => formatServed(value, 'temperature', units.temperature);
  const precipitation = (value: number | null | undefined) => formatServed(value, 'depth', units.precipitation);
  observationChart(chart, rows, units, { temperature, precipitation });
  const total = rows.reduce((sum, r) => sum + (r.precipitation ?? 0), 0);
  summarize(
    'observations',
    `From ${start} to ${end}: highest temperature ${temperature(Math.max(...rows.map((r) => r.max ?? -Infinity)))} °${units.temperature}, ` +
      `lowest ${temperature(Math.min(...rows.map((r) => r.min ?? Infinity)))} °${units.temperature}, precipitation ${precipitation(total)} ${units.precipitation} in all. The table below lists every day.`,
  );
  table(
    tableBox,
    `Observed daily weather, ${start} to ${end}`,
    ['Date', `Max °${units.temperature}`, `Min °${units.temperature}`, `Precipitation ${units.precipitation}`],
    rows.map((r) => [r.date, temperature(r.max), temperature(r.min), precipitation(r.precipitation)]),
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
    if (!block) return [day.date, '–', '–', '–', '–'];
    const t = block.temperatures;
    const p = block.precipitation;
    return [
      day.date,
      block.conditionsText,
      `${formatServed(t.max, 'temperature', t.units)} / ${formatServed(t.min, 'temperature', t.units)} °${t.units}`,
      `${formatServed(p.amount, 'depth', p.units)} ${p.units}`,
      p.chance == null ? '–' : `${formatServed(p.chance, 'percent')} %`,
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
  if (state.selected?.id !== field.id) return;
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
  const gdd = (value: number | null | undefined) => formatServed(value, 'degreeDays');
  const ratio = (value: number | null | undefined) => formatServed(value, 'ratio');
  accumulationChart(
    gddChart,
    days.map((d) => {
      const norm = normByDay.get(d.date.slice(5));
      return { date: d.date, value: d.accumulatedGdd, norm: norm?.accumulatedGdd.average ?? null, stdDev: norm?.accumulatedGdd.stdDev ?? null };
    }),
    'GDD',
    gdd,
  );
  accumulationChart(
    ppetChart,
    days.map((d) => {
      const norm = normByDay.get(d.date.slice(5));
      return { date: d.date, value: d.accumulatedPpet, norm: norm?.accumulatedPpet.average ?? null, stdDev: norm?.accumulatedPpet.stdDev ?? null };
    }),
    'P/PET',
    ratio,
    0,
  );
  const last = days[days.length - 1]!;
  const lastNorm = normByDay.get(last.date.slice(5));
  summarize('gdd', `Accumulated GDD on ${last.date}: ${gdd(last.accumulatedGdd)}; norm ${gdd(lastNorm?.accumulatedGdd.average)}.`);
  summarize('ppet', `Accumulated P/PET on ${last.date}: ${ratio(last.accumulatedPpet)}; norm ${ratio(lastNorm?.accumulatedPpet.average)}.`);
  if (normNote) {
    for (const chart of [gddChart, ppetChart]) {
      const p = document.createElement('p');
      p.className = 'unavailable';
      p.textContent = normNote.trim();
      chart.append(p);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Water balance

let waterRequest = 0;

const plantingBase = (field: Field) => `/v2/agronomics/fields/${encodeURIComponent(field.id)}/plantings/current`;

/** The irrigation advice in words: how much, by when, and from what. */
function adviceText(balance: WaterBalance, depth: (value: number | null | undefined) => string): string {
  const advice = balance.irrigationAdvice;
  if (advice.date && advice.depth.amount != null) {
    return `Irrigate about ${depth(advice.depth.amount)} ${advice.depth.units} by ${advice.date} (${advice.basis ?? 'forecast'}).`;
  }
  if (!balance.dailyWaterBalance.some((day) => day.source === 'forecast')) return 'No irrigation advice: this season ended before today.';
  return 'No irrigation needed before the end of the season.';
}

/** The current planting's daily water balance, its advice, and the irrigation form. */
async function showWaterBalance(field: Field): Promise<void> {
  const chart = byId('chart-water');
  const tableBox = byId('water-balance');
  const advice = byId('water-advice');
  const form = byId<HTMLFormElement>('irrigation-form');
  const request = ++waterRequest;
  const answer = await api.get<WaterBalance>(`${plantingBase(field)}/waterbalance?units=${UNITS}`);
  if (request !== waterRequest || state.selected?.id !== field.id) return;
  const clear = (note: string) => {
    showUnavailable(chart, note);
    tableBox.replaceChildren();
    advice.textContent = '';
    summarize('water', '');
    delete chart.dataset.points;
  };
  if (!answer.body) {
    form.hidden = true;
    // The field's current planting is missing (404) when the field has none.
    const planting = answer.status === 404 ? await api.get<Planting>(plantingBase(field)) : null;
    if (request !== waterRequest) return;
    clear(planting && planting.status === 404 ? 'No planting yet: create one to see its water balance.' : unavailableText(answer, 'Water balance'));
    return;
  }
  form.hidden = false;
  const days = answer.body.dailyWaterBalance;
  const first = days[0];
  if (!first) {
    clear('Water balance: no days to show yet.');
    return;
  }
  const units = first.depletion.units;
  const depth = (value: number | null | undefined) => formatServed(value, 'depth', units);
  const rows = days.map((d) => ({
    date: d.date,
    depletion: d.depletion.amount,
    readilyAvailableWater: d.readilyAvailableWater.amount,
    totalAvailableWater: d.totalAvailableWater.amount,
    precipitation: d.precipitation.amount,
    irrigation: d.irrigation.amount,
    forecast: d.source === 'forecast',
  }));
  waterBalanceChart(chart, rows, units, depth);
  advice.textContent = adviceText(answer.body, depth);
  const lastObserved = days.findLast((d) => d.source === 'observed');
  if (lastObserved) {
    const detail = document.createElement('small');
    detail.textContent =
      `Depletion on ${lastObserved.date}: ${depth(lastObserved.depletion.amount)} ${units}; ` +
      `RAW ${depth(lastObserved.readilyAvailableWater.amount)} ${units}, TAW ${depth(lastObserved.totalAvailableWater.amount)} ${units}.`;
    advice.append(detail);
  }
  const irrigated = days.filter((d) => (d.irrigation.amount ?? 0) > 0);
  summarize(
    'water',
    `Water balance from ${first.date} to ${days[days.length - 1]!.date}, ${days.filter((d) => d.source === 'forecast').length} of the days forecast. ` +
      `${advice.textContent} ${irrigated.length === 0 ? 'No irrigations recorded.' : `Irrigations on ${irrigated.map((d) => `${d.date} (${depth(d.irrigation.amount)} ${units})`).join(', ')}.`} ` +
      'The table below lists every day.',
  );
  table(
    tableBox,
    `Daily water balance of the current planting, ${first.date} to ${days[days.length - 1]!.date}`,
    ['Date', 'Source', `Depletion ${units}`, `RAW ${units}`, `TAW ${units}`, `Rain ${units}`, `Irrigation ${units}`],
    days.map((d) => [
      d.date,
      d.source,
      depth(d.depletion.amount),
      depth(d.readilyAvailableWater.amount),
      depth(d.totalAvailableWater.amount),
      depth(d.precipitation.amount),
      depth(d.irrigation.amount),
    ]),
  );
}

function setUpIrrigationForm(): void {
  const form = byId<HTMLFormElement>('irrigation-form');
  const depthUnits = servedUnits('depth', UNITS) ?? '';
  for (const label of form.querySelectorAll('.irrigation-units')) label.textContent = depthUnits;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const field = state.selected;
    if (!field) return;
    void submitting(form, async () => {
      const wettedFraction = number(form, 'wettedFraction');
      const body = { date: text(form, 'date'), amount: number(form, 'amount'), ...(wettedFraction === null ? {} : { wettedFraction }) };
      const answer = await api.send<Irrigation>('POST', `${plantingBase(field)}/irrigations?units=${UNITS}`, body);
      if (!answer.body) {
        formMessage(form, errorText(answer));
        return;
      }
      const saved = answer.body;
      input(form, 'amount').value = '';
      input(form, 'wettedFraction').value = '';
      formMessage(form, `Irrigation of ${formatServed(saved.amount, 'depth', saved.units)} ${saved.units} on ${saved.date} recorded.`, 'done');
      await showWaterBalance(field);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Fields

async function selectField(field: Field): Promise<void> {
  state.selected = field;
  for (const button of document.querySelectorAll<HTMLButtonElement>('#fields button')) {
    button.setAttribute('aria-pressed', String(button.dataset.fieldId === field.id));
  }
  state.map?.select(field);
  const details = byId('details');
  details.hidden = false;
  byId('field-title').textContent = field.name ? `${field.name} (${field.id})` : field.id;
  byId('field-source').textContent = '';
  fillFieldEdit(field);
  formMessage(byId<HTMLFormElement>('planting-form'), cropsError);
  for (const chart of ['observations', 'gdd', 'ppet', 'water'] as const) summarize(chart, '');
  formMessage(byId<HTMLFormElement>('irrigation-form'), null);
  input(byId<HTMLFormElement>('irrigation-form'), 'date').value = localToday(field);
  setStatus(`Loading weather for ${field.name ?? field.id}…`);
  const results = await Promise.allSettled([loadPlantings(field), showGrowthStages(field), showObservations(field), showForecast(field), showAgronomics(field), showWaterBalance(field)]);
  if (state.selected !== field) return;
  const failed = results.filter((r) => r.status === 'rejected');
  setStatus(failed.length === 0 ? `Showing ${field.name ?? field.id}.` : `Some data for ${field.name ?? field.id} could not be loaded.`);
}

function renderFieldList(): void {
  const list = byId('fields');
  list.replaceChildren(
    ...state.fields.map((field) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.fieldId = field.id;
      button.setAttribute('aria-pressed', String(state.selected?.id === field.id));
      button.textContent = field.name ?? field.id;
      const detail = document.createElement('small');
      detail.textContent = `${field.id} · ${field.centerPoint.latitude}, ${field.centerPoint.longitude}`;
      button.append(detail);
      button.addEventListener('click', () => void selectField(field));
      item.append(button);
      return item;
    }),
  );
  state.map?.showFields(state.fields, (field) => void selectField(field));
}

/** Reads the account's fields again and shows them; `selectId` (or else the chosen field, or else the first) is then chosen. */
async function loadFields(selectId: string | null = null, read: Promise<ApiAnswer<Field[]>> | null = null): Promise<void> {
  const answer = await (read ?? api.getAll<Field>('/v2/fields?limit=100', 'fields'));
  if (!answer.body) {
    setStatus(`Your fields could not be loaded: ${answer.message}`);
    return;
  }
  state.fields = answer.body;
  renderFieldList();
  if (state.fields.length === 0) {
    setStatus('This account has no fields yet. Create one with the form under the list (a click on the map fills in its coordinates).');
    byId<HTMLDetailsElement>('new-field').open = true;
    return;
  }
  const wanted = selectId ?? state.selected?.id ?? null;
  const field = state.fields.find((f) => f.id === wanted) ?? state.fields[0]!;
  setStatus(`${state.fields.length} field${state.fields.length === 1 ? '' : 's'}. Choose one to see its weather.`);
  await selectField(field);
}

/** The legend of a weather layer, or null where the service has none (404) or cannot give it. */
async function mapLegend(layer: string): Promise<MapLegend | null> {
  const answer = await api.get<MapLegend>(`/v2/imagery/weathermaps/${encodeURIComponent(layer)}/legend?format=json`);
  const legend = answer.body;
  return legend && Array.isArray(legend.stops) && legend.stops.length > 0 ? legend : null;
}

async function start(): Promise<void> {
  const token = await api.accessToken();
  setUpFieldCreate();
  setUpFieldEdit();
  setUpPlantingForm();
  setUpIrrigationForm();
  // The list first: the map's tiles, requested as soon as it exists, would otherwise hold the
  // browser's few connections to the server while the list waits behind them.
  const fields = api.getAll<Field>('/v2/fields?limit=100', 'fields');
  await Promise.all([fields, loadCrops()]);
  try {
    state.map = createFieldMap(byId('map'), token, mapLegend);
    api.onToken((next) => state.map?.setToken(next));
    state.map.onPick((latitude, longitude) => {
      const form = byId<HTMLFormElement>('field-create');
      input(form, 'latitude').value = String(latitude);
      input(form, 'longitude').value = String(longitude);
      byId<HTMLDetailsElement>('new-field').open = true;
    });
  } catch (error) {
    showUnavailable(byId('map'), `The map could not be shown (${error instanceof Error ? error.message : String(error)}).`);
  }
  await loadFields(null, fields);
}

start().catch((error: unknown) => setStatus(`The explorer could not start: ${error instanceof Error ? error.message : String(error)}`));
