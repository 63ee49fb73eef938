/**
 * A planting's daily crop water balance (FAO-56 dual crop coefficient, agronomy/water-balance.ts)
 * from its planting date: the observed days through yesterday, then the forecast days (today to
 * today + 7 at the field), with the planting's parameters and irrigation events
 * (water-balance-setup.ts), and the irrigation advice: the first day on which the root-zone
 * depletion is expected to pass the readily available water (from the forecast days, then from
 * the place's daily norms), and the depth that refills the root zone on that day.
 *
 * Each day's inputs are those of the agronomic values at the place: the reference ET they serve
 * as PET (the ASCE-EWRI standardized ETos, `fillDailyAgronomicSeries`) and the day's
 * precipitation; the day's lowest relative humidity and its mean wind, brought from 10 m to 2 m
 * (FAO-56 eq. 47). A day the source holds no value for counts as 0 mm (PET, rain) and as pyfao56's
 * stand-ins for humidity and wind.
 */
import { dailyAgronomicSeries, fillDailyAgronomicSeries, placeReferenceEt, type AgronomicDay } from '../agronomy/agronomic-series.js';
import { resolveGddParameters } from '../agronomy/gdd.js';
import { waterBalance, type WaterBalanceDay, type WaterBalanceInput, waterBalanceTotals, type WaterBalanceTotals } from '../agronomy/water-balance.js';
import type { ReferenceEvapotranspirationOptions } from '../agronomy/pet.js';
import { windSpeedAt2m } from '../agronomy/wind-profile.js';
import type { Requester } from '../core/requester.js';
import { addDays, datesInRange, daysBetween, type IsoDate, monthDayOf } from '../core/dates.js';
import { invalid, invalidParameterValue } from '../core/errors.js';
import type { ElevationModel } from '../weather/elevation/elevation-grid.js';
import type { DailyWeather } from '../weather/weather-source.js';
import { agronomicPlace, WIND_MEASUREMENT_HEIGHT_M } from './agronomic-values-service.js';
import type { AgronomicNormService } from './agronomic-norms-service.js';
import { WEATHER_WINDOWS } from './date-windows.js';
import type { ForecastService } from './forecast-service.js';
import { normDaysBetween, unlessNotHeld } from './growth-stage-service.js';
import type { ObservationService } from './observation-service.js';
import type { BalancedPlanting, WaterBalanceInputs } from './water-balance-setup.js';
import type { WeatherLocation } from './weather-location.js';

/** Most days from the planting date to the last day of a balance: two seasons. */
export const WATER_BALANCE_MAX_DAYS = 731;
/** Days after today the advice looks at most (with the norms beyond the forecast). */
export const ADVICE_HORIZON_DAYS = 120;

export interface WaterBalancePlanting extends BalancedPlanting {
  plantingDate: IsoDate;
  harvestDate: IsoDate | null;
}

export type WaterBalanceDaySource = 'observed' | 'forecast';

export interface PlantingWaterBalanceDay extends WaterBalanceDay {
  source: WaterBalanceDaySource;
}

export interface IrrigationAdvice {
  /** The first day whose depletion is expected to pass RAW; null: none within the season or the horizon. */
  date: IsoDate | null;
  /** Net irrigation that brings the root zone back to field capacity on that day, mm. */
  depth: number | null;
  basis: 'forecast' | 'norms' | null;
}

export interface PlantingWaterBalance {
  /** Sources of the weather: the daily source, then the forecast source. */
  sources: string[];
  /** The requested days. */
  days: PlantingWaterBalanceDay[];
  /** Totals over the requested days. */
  totals: WaterBalanceTotals;
  advice: IrrigationAdvice;
}

export interface WaterBalanceService {
  /**
   * The balance of the planting at the place, from its planting date; the days `range` (within the
   * planting date … today + 7) are answered, all of them without a range.
   */
  balance(
    place: { location: WeatherLocation; today: IsoDate },
    accountId: number,
    planting: WaterBalancePlanting,
    range: { start: IsoDate; end: IsoDate } | null,
    requester?: Requester,
  ): Promise<PlantingWaterBalance>;
}

export interface WaterBalanceDependencies {
  observations: ObservationService;
  forecasts: ForecastService;
  norms: AgronomicNormService;
  elevation: ElevationModel;
  inputs: WaterBalanceInputs;
  /** How reference ET is computed: as for the agronomic values (their PET). */
  referenceEt?: ReferenceEvapotranspirationOptions;
}

/** Reference ET and precipitation of consecutive days, mm (NaN where the source has no value). */
function referenceEtAndRain(days: readonly AgronomicDay[], location: WeatherLocation, sourceElevation: number | null, elevation: ElevationModel, options: ReferenceEvapotranspirationOptions) {
  const series = dailyAgronomicSeries(days.length);
  fillDailyAgronomicSeries(days, placeReferenceEt(agronomicPlace(location, sourceElevation, elevation), options), () => 0, series);
  return series;
}

const orZero = (value: number) => (Number.isNaN(value) ? 0 : value);

/** The balance's inputs of weather days, with the day's irrigation. */
function weatherInputs(
  days: readonly DailyWeather[],
  location: WeatherLocation,
  sourceElevation: number | null,
  elevation: ElevationModel,
  referenceEt: ReferenceEvapotranspirationOptions,
  irrigationOf: (date: IsoDate) => { amount: number; wettedFraction: number | null },
): WaterBalanceInput[] {
  const series = referenceEtAndRain(days, location, sourceElevation, elevation, referenceEt);
  return days.map((day, i) => {
    const irrigation = irrigationOf(day.date);
    return {
      date: day.date,
      referenceEt: orZero(series.pet[i]!),
      precipitation: orZero(series.precipitation[i]!),
      rhMin: day.rhMin ?? null,
      windSpeed2m: day.windAverage === null || day.windAverage === undefined ? null : windSpeedAt2m(day.windAverage, WIND_MEASUREMENT_HEIGHT_M),
      irrigation: irrigation.amount,
      irrigationWettedFraction: irrigation.wettedFraction,
    };
  });
}

/** Index of the first day from `from` whose depletion passes RAW, or -1. */
function firstStressDay(days: readonly WaterBalanceDay[], from: number): number {
  for (let i = Math.max(0, from); i < days.length; i++) if (days[i]!.rootZoneDepletion > days[i]!.raw) return i;
  return -1;
}

export function createWaterBalanceService(deps: WaterBalanceDependencies): WaterBalanceService {
  const { observations, forecasts, norms, elevation, inputs } = deps;
  const referenceEt = deps.referenceEt ?? {};
  return {
    async balance({ location, today }, accountId, planting, range, requester) {
      const first = planting.plantingDate;
      const forecastLast = addDays(today, WEATHER_WINDOWS.forecastDaysAhead);
      if (first > forecastLast) {
        throw invalid('The planting has no days yet.', `The planting is dated ${first}, after the last forecast day (${forecastLast}) at the field: its water balance starts on its planting date.`);
      }
      const start = range?.start ?? first;
      const end = range?.end ?? forecastLast;
      if (start < first || start > forecastLast) {
        throw invalidParameterValue(range ? 'startDate' : 'plantingDate', `The water balance runs from the planting date ${first} to ${forecastLast} (today + ${WEATHER_WINDOWS.forecastDaysAhead} at the field); ${start} is outside.`);
      }
      if (end > forecastLast || end < first) {
        throw invalidParameterValue('endDate', `The water balance runs from the planting date ${first} to ${forecastLast} (today + ${WEATHER_WINDOWS.forecastDaysAhead} at the field); ${end} is outside.`);
      }
      if (daysBetween(first, end) + 1 > WATER_BALANCE_MAX_DAYS) {
        throw invalidParameterValue(range ? 'endDate' : 'plantingDate', `A water balance covers at most ${WATER_BALANCE_MAX_DAYS} days from the planting date (${first}); ask for an end date by ${addDays(first, WATER_BALANCE_MAX_DAYS - 1)}.`);
      }
      // A balance that can run on to the last forecast day does (the advice reads the forecast);
      // one of a season long past stops at the last day asked.
      const current = daysBetween(first, forecastLast) + 1 <= WATER_BALANCE_MAX_DAYS;
      const yesterday = addDays(today, -1);
      const pastEnd = current || end > yesterday ? yesterday : end;
      const forecastFirst = first > today ? first : today;
      const [setup, irrigations, past, forecast] = await Promise.all([
        inputs.parameters(accountId, planting),
        inputs.irrigations(accountId, planting),
        first <= pastEnd ? observations.daily(location, { start: first, end: pastEnd }, requester) : null,
        current ? unlessNotHeld(forecasts.daily(location, datesInRange(forecastFirst, forecastLast), requester)) : null,
      ]);
      const byDate = new Map<IsoDate, { amount: number; wettedFraction: number | null }>();
      for (const event of irrigations) {
        const held = byDate.get(event.date);
        byDate.set(event.date, { amount: (held?.amount ?? 0) + event.amount, wettedFraction: event.wettedFraction ?? held?.wettedFraction ?? null });
      }
      const irrigationOf = (date: IsoDate) => byDate.get(date) ?? { amount: 0, wettedFraction: null };
      const sources: string[] = [];
      const observed = past ? weatherInputs(past.days, location, past.elevation ?? null, elevation, referenceEt, irrigationOf) : [];
      if (past) sources.push(past.source);
      const forecastDays = forecast ? weatherInputs(forecast.days, location, null, elevation, referenceEt, irrigationOf) : [];
      if (forecast) sources.push(forecast.source);
      const known = [...observed, ...forecastDays];
      const balance = waterBalance(setup.parameters, known);
      const sourced: PlantingWaterBalanceDay[] = balance.days.map((day, i) => ({ ...day, source: i < observed.length ? 'observed' : 'forecast' }));
      const from = daysBetween(first, start);
      const to = daysBetween(first, end);
      const days = sourced.slice(from, to + 1);

      // Advice: the forecast days first, then the norms to the end of the season.
      const todayIndex = observed.length;
      const onForecast = firstStressDay(balance.days, todayIndex);
      let advice: IrrigationAdvice = { date: null, depth: null, basis: null };
      if (!current) {
        // A season long past: nothing to advise.
      } else if (onForecast >= 0) {
        const day = balance.days[onForecast]!;
        advice = { date: day.date, depth: day.rootZoneDepletion, basis: 'forecast' };
      } else {
        const { stageLengths } = setup.parameters.crop;
        let last = addDays(first, stageLengths.initial + stageLengths.development + stageLengths.mid + stageLengths.late - 1);
        const horizon = addDays(today, ADVICE_HORIZON_DAYS - 1);
        if (horizon < last) last = horizon;
        if (planting.harvestDate !== null && planting.harvestDate < last) last = planting.harvestDate;
        const normFirst = known.length > 0 ? addDays(known[known.length - 1]!.date, 1) : today;
        if (normFirst <= last) {
          const normDays = await normInputs(norms, location, normFirst, last, irrigationOf, requester);
          if (normDays) {
            const extended = waterBalance(setup.parameters, [...known, ...normDays.days]);
            const onNorms = firstStressDay(extended.days, known.length);
            sources.push(...normDays.sources);
            if (onNorms >= 0) {
              const day = extended.days[onNorms]!;
              advice = { date: day.date, depth: day.rootZoneDepletion, basis: 'norms' };
            }
          }
        }
      }
      return { sources: [...new Set(sources)], days, totals: waterBalanceTotals(days), advice };
    },
  };
}

/**
 * Days `first` to `last` as the place's norms give them: the mean PET and the mean precipitation
 * of each calendar day over the default norm years (humidity and wind: the stand-ins); null when
 * the place has no norms.
 */
async function normInputs(
  norms: AgronomicNormService,
  location: WeatherLocation,
  first: IsoDate,
  last: IsoDate,
  irrigationOf: (date: IsoDate) => { amount: number; wettedFraction: number | null },
  requester: Requester | undefined,
): Promise<{ days: WaterBalanceInput[]; sources: string[] } | null> {
  const request = { ...normDaysBetween(first, last), excludeYears: [], accumulationStartDay: null, gdd: resolveGddParameters() };
  const result = await unlessNotHeld(norms.norms(location, request, requester));
  if (!result) return null;
  const index = new Map(request.days.map((day, d) => [day, d]));
  const days: WaterBalanceInput[] = [];
  let previousAccumulated = 0;
  let previousIndex = -1;
  for (const date of datesInRange(first, last)) {
    const d = index.get(monthDayOf(date));
    const day = d === undefined ? null : result.dayAt(d);
    // The mean daily rain is the step of the mean accumulated rain (a mean of differences is the difference of means).
    const accumulated = day?.accumulatedPrecipitation.average ?? previousAccumulated;
    const rain = d !== undefined && d === previousIndex + 1 ? accumulated - previousAccumulated : (day?.accumulatedPrecipitation.average ?? 0);
    previousAccumulated = accumulated;
    previousIndex = d ?? previousIndex;
    const irrigation = irrigationOf(date);
    days.push({
      date,
      referenceEt: day?.pet.average ?? 0,
      precipitation: Math.max(0, rain),
      rhMin: null,
      windSpeed2m: null,
      irrigation: irrigation.amount,
      irrigationWettedFraction: irrigation.wettedFraction,
    });
  }
  return { days, sources: result.sources };
}
