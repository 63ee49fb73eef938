/** The one place that knows the Agronomic values JSON shape and key order. */
import { millimetersToInches } from '../../services/weather-types.js';
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import type { AgronomicValues } from '../../services/agronomic-values-service.js';
import { precipitationUnits } from '../weather/unit-labels.js';
import { presentLocation } from '../weather/weather-place.js';
import { type AgronomicLinks, agronomicLinkMaker, type AgronomicPlace } from './agronomic-place.js';
import type { AgronomicSelection } from './agronomic-properties.js';
import { entryLinksAround, WrittenBody } from '../../http/written-body.js';
import { type JsonRows, RowLayout } from '../../core/json-rows.js';

/** CSV (http/csv-table.ts) of this JSON. Agronomic values: one row per day, after the location and the range's accumulations. */
export const AGRONOMIC_VALUES_CSV: CsvLayout = { rows: ['dailyValues'] };

export interface AgronomicValuesView {
  place: AgronomicPlace;
  units: UnitSystem;
  selection: AgronomicSelection;
  baseUrl: string;
  /** The planting whose date was used, for `svc:planting`; null when the dates were given. */
  plantingHref: string | null;
}

type Amount = { amount: number | null; units: string };

/** NaN (no value) → null. */
export const orNull = (value: number): number | null => (value === value ? value : null);

export function agronomicValuePath(place: AgronomicPlace, date: string): string {
  return `${place.basePath}/agronomicvalues/${date}`;
}

/** Writes amounts (mm) in the request's unit and daily entries in the spec's key order. */
export function agronomicValuesPresenter(view: AgronomicValuesView) {
  const { selection: s, place, baseUrl, plantingHref } = view;
  const usa = view.units === 'usa';
  const units = precipitationUnits(view.units);
  const amount = (mm: number): Amount => ({ amount: mm === mm ? (usa ? millimetersToInches(mm) : mm) : null, units });
  const location = presentLocation(place.location);
  const singleLinks = agronomicLinkMaker(place, baseUrl);
  const entryLinks = agronomicLinkMaker(place, baseUrl, plantingHref);

  /** Entry `i` of `values`; with `withLocation` the single-day answer (location after date). */
  function entry(values: AgronomicValues, i: number, withLocation: boolean) {
    const date = values.dates[i]!;
    const out: Record<string, unknown> = { date };
    if (withLocation && s.location) out.location = location;
    if (s.gdd) out.gdd = orNull(values.gdd[i]!);
    if (s.pet) out.pet = amount(values.pet[i]!);
    if (s.ppet) out.ppet = orNull(values.ppet[i]!);
    if (s.accumulatedGdd) out.accumulatedGdd = orNull(values.accumulatedGdd[i]!);
    if (s.accumulatedPrecipitation) out.accumulatedPrecipitation = amount(values.accumulatedPrecipitation[i]!);
    if (s.accumulatedPet) out.accumulatedPet = amount(values.accumulatedPet[i]!);
    if (s.accumulatedPpet) out.accumulatedPpet = orNull(values.accumulatedPpet[i]!);
    out._links = (withLocation ? singleLinks : entryLinks)(agronomicValuePath(place, date));
    return out;
  }

  return {
    single(values: AgronomicValues) {
      return entry(values, 0, true);
    },

    /**
     * The ranged answer; `descending` lists the daily values from the last date. Its JSON is
     * written straight into text (http/written-body.ts): the same bytes as the objects serialized.
     */
    ranged(values: AgronomicValues, descending: boolean, links: AgronomicLinks): WrittenBody {
      const head = (): Record<string, unknown> => {
        const out: Record<string, unknown> = {};
        if (s.location) out.location = location;
        if (s.accumulations) {
          const last = values.dates.length - 1;
          const totals: Record<string, unknown> = {};
          if (s.totalGdd) totals.gdd = last < 0 ? 0 : orNull(values.accumulatedGdd[last]!);
          if (s.totalPrecipitation) totals.precipitation = amount(last < 0 ? 0 : values.accumulatedPrecipitation[last]!);
          if (s.totalPet) totals.pet = amount(last < 0 ? 0 : values.accumulatedPet[last]!);
          if (s.totalPpet) totals.ppet = last < 0 ? null : orNull(values.accumulatedPpet[last]!);
          out.accumulations = totals;
        }
        return out;
      };
      const count = values.dates.length;
      const order = (k: number) => (descending ? count - 1 - k : k);
      const objects = () => {
        const out = head();
        if (s.daily) out.dailyValues = Array.from({ length: count }, (_, k) => entry(values, order(k), false));
        out._links = links;
        return out;
      };
      const headWithLinks = () => ({ ...head(), _links: links });
      return WrittenBody.ofRows(objects, { head: headWithLinks, key: 'dailyValues', rows: s.daily ? entryRows(values, order) : null });
    },
  };

  /** The daily entries in `order` as rows (core/json-rows.ts): their text is what `entry(values, i, false)` serializes to. */
  function entryRows(values: AgronomicValues, order: (k: number) => number): JsonRows {
    const unitsEnd = `,"units":${JSON.stringify(units)}}`;
    const layout = new RowLayout().text('{"date":"').string((i) => values.dates[i]!).text('"');
    const numberHole = (name: string, column: Float64Array) => layout.text(`,"${name}":`).number((i) => column[i]!);
    const amountHole = (name: string, column: Float64Array) =>
      layout
        .text(`,"${name}":{"amount":`)
        .number(usa ? (i) => millimetersToInches(column[i]!) : (i) => column[i]!)
        .text(unitsEnd);
    if (s.gdd) numberHole('gdd', values.gdd);
    if (s.pet) amountHole('pet', values.pet);
    if (s.ppet) numberHole('ppet', values.ppet);
    if (s.accumulatedGdd) numberHole('accumulatedGdd', values.accumulatedGdd);
    if (s.accumulatedPrecipitation) amountHole('accumulatedPrecipitation', values.accumulatedPrecipitation);
    if (s.accumulatedPet) amountHole('accumulatedPet', values.accumulatedPet);
    if (s.accumulatedPpet) numberHole('accumulatedPpet', values.accumulatedPpet);
    const [linksStart, linksEnd] = entryLinksAround(entryLinks(''), agronomicValuePath(place, ''));
    layout.text(linksStart).string((i) => values.dates[i]!).text(`${linksEnd}}`);
    return layout.rows(values.dates.length, order);
  }
}
