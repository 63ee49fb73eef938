/** The one place that knows the Agronomic norms JSON shapes (field statistics and location averages) and key order. */
import type { NormStatistic } from '../../services/weather-norm-service.js';
import { millimetersToInches } from '../../services/weather-types.js';
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import type { AgronomicDayNorms, AgronomicNorms } from '../../services/agronomic-norms-service.js';
import { precipitationUnits } from '../weather/unit-labels.js';
import { presentLocation } from '../weather/weather-place.js';
import { type AgronomicLinks, agronomicLinkMaker, type AgronomicPlace } from './agronomic-place.js';
import type { AgronomicSelection } from './agronomic-properties.js';
import { entryLinksAround, WrittenBody } from '../../http/written-body.js';
import { type JsonRows, RowLayout } from '../../core/json-rows.js';

/** CSV (http/csv-table.ts) of this JSON. Agronomic norms: one row per calendar day, after the location and the average accumulations. */
export const AGRONOMIC_NORMS_CSV: CsvLayout = { rows: ['dailyNorms', 'dailyAverages'] };

export interface AgronomicNormsView {
  place: AgronomicPlace;
  units: UnitSystem;
  selection: AgronomicSelection;
  baseUrl: string;
  /** `/years/{startYear},{endYear}` when the request named years, else ''. */
  yearsSuffix: string;
  /** The planting whose date was used, for `svc:planting`; null when the days were given. */
  plantingHref: string | null;
}

export function agronomicNormPath(view: AgronomicNormsView, day: string): string {
  return `${view.place.basePath}/agronomicnorms/${day}${view.yearsSuffix}`;
}

/**
 * A presenter for one request. Field endpoints write `{average, stdDev}` statistics (`dailyNorms`);
 * latitude/longitude endpoints write plain averages (`dailyAverages`). Amounts (mm) are written in
 * the request's unit; GDD are already in it; P/PET has no unit.
 */
export function agronomicNormsPresenter(view: AgronomicNormsView) {
  const { selection: s, place, baseUrl } = view;
  const statistics = place.fieldHref !== null;
  const usa = view.units === 'usa';
  const units = precipitationUnits(view.units);
  const depth = (mm: number | null) => (mm === null ? null : usa ? millimetersToInches(mm) : mm);
  const location = presentLocation(place.location);
  const singleLinks = agronomicLinkMaker(place, baseUrl);
  const entryLinks = agronomicLinkMaker(place, baseUrl, view.plantingHref);

  const number = (v: NormStatistic) => (statistics ? { average: v.average, stdDev: v.stdDev } : v.average);
  const amount = (v: NormStatistic) =>
    statistics ? { average: depth(v.average), stdDev: depth(v.stdDev), units } : { amount: depth(v.average), units };

  function entry(norms: AgronomicDayNorms, single: boolean) {
    const out: Record<string, unknown> = { day: norms.day };
    if (single && s.location) out.location = location;
    if (s.gdd) out.gdd = number(norms.gdd);
    if (s.pet) out.pet = amount(norms.pet);
    if (s.ppet) out.ppet = number(norms.ppet);
    // The field endpoints' single day has no running totals (spec: day, location, gdd, pet, ppet, _links).
    if (!(single && statistics)) {
      if (s.accumulatedGdd) out.accumulatedGdd = number(norms.accumulatedGdd);
      if (s.accumulatedPrecipitation) out.accumulatedPrecipitation = amount(norms.accumulatedPrecipitation);
      if (s.accumulatedPet) out.accumulatedPet = amount(norms.accumulatedPet);
      if (s.accumulatedPpet) out.accumulatedPpet = number(norms.accumulatedPpet);
    }
    out._links = (single ? singleLinks : entryLinks)(agronomicNormPath(view, norms.day));
    return out;
  }

  return {
    single(norms: AgronomicNorms) {
      return entry(norms.dayAt(0), true);
    },

    /**
     * The ranged answer with the daily entries at `indices` (a page, in answer order). Its JSON is
     * written straight into text (http/written-body.ts): the same bytes as the objects serialized.
     */
    ranged(norms: AgronomicNorms, indices: readonly number[], links: AgronomicLinks): WrittenBody {
      const daily = statistics ? 'dailyNorms' : 'dailyAverages';
      const head = (): Record<string, unknown> => {
        const out: Record<string, unknown> = {};
        if (s.location) out.location = location;
        if (s.accumulations) {
          const totals: Record<string, unknown> = {};
          if (s.totalGdd) totals.gdd = number(norms.totals.gdd);
          if (s.totalPrecipitation) totals.precipitation = amount(norms.totals.precipitation);
          if (s.totalPet) totals.pet = amount(norms.totals.pet);
          if (s.totalPpet) totals.ppet = number(norms.totals.ppet);
          out.averageAccumulations = totals;
        }
        return out;
      };
      const objects = () => {
        const out = head();
        if (s.daily) out[daily] = indices.map((d) => entry(norms.dayAt(d), false));
        out._links = links;
        return out;
      };
      const headWithLinks = () => ({ ...head(), _links: links });
      return WrittenBody.ofRows(objects, { head: headWithLinks, key: daily, rows: s.daily ? entryRows(norms, indices) : null });
    },
  };

  /** The daily entries at `indices` as rows (core/json-rows.ts): their text is what `entry(day, false)` serializes to. */
  function entryRows(norms: AgronomicNorms, indices: readonly number[]): JsonRows {
    const days = indices.map((d) => norms.dayAt(d));
    const unitsEnd = `,"units":${JSON.stringify(units)}}`;
    const layout = new RowLayout().text('{"day":"').string((i) => days[i]!.day).text('"');
    type Read = (day: AgronomicDayNorms) => NormStatistic;
    const depthOf = (mm: number | null) => (mm === null ? null : usa ? millimetersToInches(mm) : mm);
    const numberHoles = (name: string, read: Read) => {
      layout.text(`,"${name}":`);
      if (!statistics) return layout.number((i) => read(days[i]!).average);
      return layout
        .text('{"average":')
        .number((i) => read(days[i]!).average)
        .text(',"stdDev":')
        .number((i) => read(days[i]!).stdDev)
        .text('}');
    };
    const amountHoles = (name: string, read: Read) => {
      layout.text(`,"${name}":{"${statistics ? 'average' : 'amount'}":`).number((i) => depthOf(read(days[i]!).average));
      if (statistics) layout.text(',"stdDev":').number((i) => depthOf(read(days[i]!).stdDev));
      return layout.text(unitsEnd);
    };
    if (s.gdd) numberHoles('gdd', (d) => d.gdd);
    if (s.pet) amountHoles('pet', (d) => d.pet);
    if (s.ppet) numberHoles('ppet', (d) => d.ppet);
    if (s.accumulatedGdd) numberHoles('accumulatedGdd', (d) => d.accumulatedGdd);
    if (s.accumulatedPrecipitation) amountHoles('accumulatedPrecipitation', (d) => d.accumulatedPrecipitation);
    if (s.accumulatedPet) amountHoles('accumulatedPet', (d) => d.accumulatedPet);
    if (s.accumulatedPpet) numberHoles('accumulatedPpet', (d) => d.accumulatedPpet);
    const [linksStart, linksEnd] = entryLinksAround(entryLinks(''), `${view.place.basePath}/agronomicnorms/`, view.yearsSuffix);
    layout.text(linksStart).string((i) => days[i]!.day).text(`${linksEnd}}`);
    return layout.rows(days.length);
  }
}
