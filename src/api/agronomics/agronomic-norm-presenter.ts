/** The one place that knows the Agronomic norms JSON shapes (field statistics and location averages) and key order. */
import type { NormStatistic } from '../../services/weather-norm-service.js';
import { millimetersToInches } from '../../services/weather-service.js';
import type { UnitSystem } from '../../core/units.js';
import type { CsvLayout } from '../../http/csv-table.js';
import type { AgronomicDayNorms, AgronomicNorms } from '../../services/agronomic-norms-service.js';
import { precipitationUnits } from '../weather/unit-labels.js';
import { presentLocation } from '../weather/weather-place.js';
import { type AgronomicLinks, agronomicLinkMaker, type AgronomicPlace } from './agronomic-place.js';
import type { AgronomicSelection } from './agronomic-properties.js';
import { entryLinksWriter, jsonNumber, withArray, WrittenBody } from '../../http/written-body.js';

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
      return new WrittenBody(
        () => {
          const out = head();
          if (s.daily) out[daily] = indices.map((d) => entry(norms.dayAt(d), false));
          out._links = links;
          return out;
        },
        (serialize) => {
          const out = head();
          out._links = links;
          return s.daily ? withArray(serialize, out, daily, writeEntries(norms, indices)) : serialize(out);
        },
      );
    },
  };

  /** The JSON of the daily entries at `indices`, comma-separated: what `entry(day, false)` serializes to. */
  function writeEntries(norms: AgronomicNorms, indices: readonly number[]): string {
    const unitsEnd = `,"units":${JSON.stringify(units)}}`;
    const depthJson = (mm: number | null) => jsonNumber(depth(mm));
    const numberJson = statistics
      ? (v: NormStatistic) => `{"average":${jsonNumber(v.average)},"stdDev":${jsonNumber(v.stdDev)}}`
      : (v: NormStatistic) => jsonNumber(v.average);
    const amountJson = statistics
      ? (v: NormStatistic) => `{"average":${depthJson(v.average)},"stdDev":${depthJson(v.stdDev)}${unitsEnd}`
      : (v: NormStatistic) => `{"amount":${depthJson(v.average)}${unitsEnd}`;
    const links = entryLinksWriter(entryLinks(''), `${view.place.basePath}/agronomicnorms/`, view.yearsSuffix);
    let text = '';
    for (let k = 0; k < indices.length; k++) {
      const day = norms.dayAt(indices[k]!);
      let e = `${k === 0 ? '' : ','}{"day":${JSON.stringify(day.day)}`;
      if (s.gdd) e += `,"gdd":${numberJson(day.gdd)}`;
      if (s.pet) e += `,"pet":${amountJson(day.pet)}`;
      if (s.ppet) e += `,"ppet":${numberJson(day.ppet)}`;
      if (s.accumulatedGdd) e += `,"accumulatedGdd":${numberJson(day.accumulatedGdd)}`;
      if (s.accumulatedPrecipitation) e += `,"accumulatedPrecipitation":${amountJson(day.accumulatedPrecipitation)}`;
      if (s.accumulatedPet) e += `,"accumulatedPet":${amountJson(day.accumulatedPet)}`;
      if (s.accumulatedPpet) e += `,"accumulatedPpet":${numberJson(day.accumulatedPpet)}`;
      text += `${e}${links(day.day)}}`;
    }
    return text;
  }
}
