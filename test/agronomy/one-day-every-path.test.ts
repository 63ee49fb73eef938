/**
 * One day of weather through every path that computes from it: reference ET's inputs
 * (agronomy/pet.ts), a station file's import (weather/import), the crop-model files (exports/) and
 * the weather generator's humidity (weather/synthetic). Each takes the day's vapour pressure, dew
 * point, wind at 2 m and radiation from the same functions, so they find the same values: a DSSAT
 * file and a PET answer agree about the same day.
 */
import { describe, expect, it } from 'vitest';
import { dailyAgronomicSeries, fillDailyAgronomicSeries, placeReferenceEt } from '../../src/agronomy/agronomic-series.js';
import { celsiusDailyGdd, resolveGddParameters } from '../../src/agronomy/gdd.js';
import { saturationVapourPressure, vapourPressureFromDewPoint, vapourPressureFromRelativeHumidity } from '../../src/agronomy/humidity.js';
import { referenceEvapotranspirationDetail, type ReferenceEvapotranspirationInput } from '../../src/agronomy/pet.js';
import { kmPerDayToMetersPerSecond, mjToWh } from '../../src/agronomy/unit-conversions.js';
import { windSpeedAt2m } from '../../src/agronomy/wind-profile.js';
import { dayOfYear } from '../../src/core/dates.js';
import { apsimMetFile } from '../../src/exports/apsim-met-file.js';
import { dssatDailyValues, dssatWeatherFile } from '../../src/exports/dssat-weather-file.js';
import type { WeatherFileInput } from '../../src/exports/weather-file.js';
import { csvFormat, parseCsvColumnSpec } from '../../src/weather/import/csv.js';
import { dssatFormat } from '../../src/weather/import/dssat.js';
import { cellAt } from '../../src/weather/grid.js';
import { createSyntheticSource } from '../../src/weather/synthetic/synthetic-source.js';
import { emptyDailyWeather, type DailyWeather } from '../../src/weather/weather-source.js';

/** Where and when: Fallon, Nevada (1208.5 m), 1 July. */
const PLACE = { latitude: 39.458, elevationM: 1208.5 };
const DATE = '2015-07-01';
/** The station's day: °C, MJ/m², dew point °C, wind m/s at 2 m. */
const STATION = { tmax: 33.4, tmin: 11.2, solar: 29.1, dewPoint: 4.6, wind: 2.7, height: 2 };

/** Reference ET's inputs and result for the day as the station measured it, without any file in between. */
function direct(): ReturnType<typeof referenceEvapotranspirationDetail> {
  return referenceEvapotranspirationDetail({
    tmax: STATION.tmax,
    tmin: STATION.tmin,
    ea: vapourPressureFromDewPoint(STATION.dewPoint),
    solar: mjToWh(STATION.solar),
    windSpeed: STATION.wind,
    windHeightM: STATION.height,
    latitude: PLACE.latitude,
    dayOfYear: dayOfYear(DATE),
    elevationM: PLACE.elevationM,
  });
}

/** Reference ET's inputs for a day as the weather core holds it (wind at 10 m). */
function petInputOf(day: DailyWeather): ReferenceEvapotranspirationInput {
  return {
    tmax: day.tmax!,
    tmin: day.tmin!,
    ea: day.vapourPressure ?? null,
    rhMax: day.rhMax,
    rhMin: day.rhMin,
    rhMean: day.rhMean ?? null,
    solar: day.solar,
    windSpeed: day.windAverage,
    windHeightM: 10,
    latitude: PLACE.latitude,
    dayOfYear: dayOfYear(day.date),
    elevationM: PLACE.elevationM,
  };
}

/** The PET an agronomic values answer gives for the day (agronomic-series.ts, as the service calls it). */
function answeredPet(day: DailyWeather): number {
  const series = dailyAgronomicSeries(1);
  fillDailyAgronomicSeries([day], placeReferenceEt({ ...PLACE, windHeightM: 10 }), celsiusDailyGdd(resolveGddParameters()), series);
  return series.pet[0]!;
}

function fileOf(days: DailyWeather[]): WeatherFileInput {
  return { latitude: PLACE.latitude, longitude: -118.77, elevation: PLACE.elevationM, source: 'test', days, climateDays: days };
}

/** The DSSAT row's DEWP and WIND (km/day at 10 m) of a day. */
function dssatHumidityAndWind(day: DailyWeather): { dewPoint: number; windKmPerDay: number | null } {
  const [, , , , dewPoint, wind] = dssatDailyValues(day);
  return { dewPoint: dewPoint!, windKmPerDay: wind ?? null };
}

/** A DSSAT file's values are written with one decimal. */
const DEW_POINT_HALF_STEP = 0.05;

describe('one day through every path', () => {
  const imported = csvFormat.parse(
    ['date,tmax,tmin,srad,tdew,wind', `${DATE},${STATION.tmax},${STATION.tmin},${STATION.solar},${STATION.dewPoint},${STATION.wind}`].join('\n'),
    { columns: parseCsvColumnSpec(`date=date,tmax=tmax,tmin=tmin,solar=srad:MJ/m2,dewPoint=tdew:C,windAverage=wind:m/s@${STATION.height}`) },
  ).days[0]!;

  it('a station import keeps the vapour pressure, and its wind reaches reference ET at 2 m as measured', () => {
    const expected = direct();
    const fromImport = referenceEvapotranspirationDetail(petInputOf(imported));
    expect(imported.vapourPressure).toBe(vapourPressureFromDewPoint(STATION.dewPoint));
    expect(fromImport.ea).toBe(expected.ea);
    expect(fromImport.rs).toBeCloseTo(expected.rs, 12);
    // 2 m → 10 m on import, 10 m → 2 m in reference ET: the same eq. 47 both ways
    expect(fromImport.windSpeed2m).toBeCloseTo(STATION.wind, 12);
    expect(fromImport.et0).toBeCloseTo(expected.et0, 12);
    expect(answeredPet(imported)).toBeCloseTo(expected.et0, 12);
  });

  it('the DSSAT and APSIM files hold the vapour pressure, dew point and wind reference ET used', () => {
    const expected = direct();
    const { dewPoint, windKmPerDay } = dssatHumidityAndWind(imported);
    expect(Math.abs(dewPoint - STATION.dewPoint)).toBeLessThan(1e-9);
    expect(windSpeedAt2m(kmPerDayToMetersPerSecond(windKmPerDay!), 10)).toBeCloseTo(expected.windSpeed2m, 12);
    const row = apsimMetFile(fileOf([imported])).split('\n').find((line) => line.startsWith('2015'))!;
    expect(Number(row.trim().split(/\s+/)[6])).toBeCloseTo(expected.ea * 10, 1);
  });

  it('a DSSAT file read back gives the PET the answer gave, to the file\'s rounding', () => {
    const written = dssatWeatherFile(fileOf([imported]), { dateStyle: 'yyyyddd' });
    const readBack = dssatFormat.parse(written).days[0]!;
    expect(Math.abs(answeredPet(readBack) - answeredPet(imported))).toBeLessThan(0.01);
  });

  it('on days with less humidity, the file\'s dew point is the one of the vapour pressure reference ET takes', () => {
    const base = { ...emptyDailyWeather(DATE), tmax: STATION.tmax, tmin: STATION.tmin, solar: mjToWh(STATION.solar), windAverage: 3 };
    const days: DailyWeather[] = [
      { ...base, rhMax: 80, rhMin: 25 }, // FAO-56 eq. 17
      { ...base, rhMax: 80 }, // eq. 18: RHmax only
      { ...base, rhMean: 45 }, // eq. 19
      base, // eq. 48: no humidity, the dew point taken as Tmin
    ];
    for (const day of days) {
      const ea = referenceEvapotranspirationDetail(petInputOf(day)).ea;
      const { dewPoint } = dssatHumidityAndWind(day);
      expect(Math.abs(saturationVapourPressure(dewPoint) - ea) / ea).toBeLessThan(1e-12);
    }
    expect(dssatHumidityAndWind(base).dewPoint).toBeCloseTo(STATION.tmin, 12);
  });

  it('the generator derives both relative humidities of a day from one vapour pressure, which a DSSAT file writes as reference ET takes it', async () => {
    const source = createSyntheticSource();
    const { days } = (await source.daily(cellAt(PLACE.latitude, -118.77), { start: '2015-06-01', end: '2015-06-30' }))!;
    for (const day of days) {
      const fromRhMax = vapourPressureFromRelativeHumidity(day.rhMax!, day.tmin!);
      const fromRhMin = vapourPressureFromRelativeHumidity(day.rhMin!, day.tmax!);
      // RH is kept to 0.1 %: the two agree to that
      expect(Math.abs(fromRhMax - fromRhMin)).toBeLessThanOrEqual(0.0005 * (saturationVapourPressure(day.tmin!) + saturationVapourPressure(day.tmax!)));
      const ea = referenceEvapotranspirationDetail(petInputOf(day)).ea;
      expect(ea).toBeCloseTo((fromRhMax + fromRhMin) / 2, 12);
      const written = Number(dssatWeatherFile(fileOf([day])).split('\n').at(-2)!.trim().split(/\s+/)[5]); // @DATE SRAD TMAX TMIN RAIN DEWP
      expect(Math.abs(saturationVapourPressure(written) - ea)).toBeLessThan(saturationVapourPressure(written + DEW_POINT_HALF_STEP) - saturationVapourPressure(written));
    }
  });
});
