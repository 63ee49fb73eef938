/** Builds Open-Meteo answers in the API's own shape for the dates/hours a request asks for. */
import { datesInRange } from '../../../src/core/dates.js';

export interface DailyBodyOptions {
  /** Returns null to put a null in that day's tmax. */
  tmax?: (date: string, index: number) => number | null;
}

/** Daily answer (UTC zone) for `start_date`..`end_date` of the URL, with the hourly humidity and wind. */
export function dailyBody(url: URL, options: DailyBodyOptions = {}): string {
  const dates = datesInRange(url.searchParams.get('start_date')!, url.searchParams.get('end_date')!);
  const hours = dates.flatMap((date) => Array.from({ length: 24 }, (_, h) => `${date}T${String(h).padStart(2, '0')}:00`));
  return JSON.stringify({
    latitude: Number(url.searchParams.get('latitude')),
    longitude: Number(url.searchParams.get('longitude')),
    generationtime_ms: 0.5,
    utc_offset_seconds: 0,
    timezone: 'UTC',
    timezone_abbreviation: 'UTC',
    elevation: 10,
    hourly_units: { time: 'iso8601', relative_humidity_2m: '%', wind_speed_10m: 'm/s' },
    hourly: {
      time: hours,
      relative_humidity_2m: hours.map((_, i) => 50 + (i % 24)),
      wind_speed_10m: hours.map((_, i) => (i % 24) / 2),
    },
    daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_sum: 'mm', shortwave_radiation_sum: 'MJ/m²' },
    daily: {
      time: dates,
      temperature_2m_max: dates.map((date, i) => (options.tmax ? options.tmax(date, i) : 20 + i)),
      temperature_2m_min: dates.map((_, i) => 10 + i),
      precipitation_sum: dates.map((_, i) => i / 2),
      shortwave_radiation_sum: dates.map(() => 18),
    },
  });
}

export interface HourlyBodyOptions {
  /** Hour index → null to blank soil moisture of the top layer there. */
  nullSoilAt?: number;
}

/** Hourly forecast answer (GMT, Unix seconds) for `start_date`..`end_date` of the URL. */
export function hourlyBody(url: URL, options: HourlyBodyOptions = {}): string {
  const first = Date.parse(`${url.searchParams.get('start_date')}T00:00:00Z`) / 1000;
  const last = Date.parse(`${url.searchParams.get('end_date')}T23:00:00Z`) / 1000;
  const time: number[] = [];
  for (let t = first; t <= last; t += 3600) time.push(t);
  const series = (f: (i: number) => number | null) => time.map((_, i) => f(i));
  return JSON.stringify({
    latitude: 52,
    longitude: 5,
    generationtime_ms: 1,
    utc_offset_seconds: 0,
    timezone: 'GMT',
    timezone_abbreviation: 'GMT',
    elevation: 2,
    hourly_units: {
      time: 'unixtime',
      temperature_2m: '°C',
      precipitation: 'mm',
      precipitation_probability: '%',
      cloud_cover: '%',
      shortwave_radiation: 'W/m²',
      relative_humidity_2m: '%',
      wind_speed_10m: 'm/s',
      wind_gusts_10m: 'm/s',
      dew_point_2m: '°C',
      soil_temperature_0_to_10cm: '°C',
      soil_temperature_10_to_40cm: '°C',
      soil_temperature_40_to_100cm: '°C',
      soil_temperature_100_to_200cm: '°C',
      soil_moisture_0_to_10cm: 'm³/m³',
      soil_moisture_10_to_40cm: 'm³/m³',
      soil_moisture_40_to_100cm: 'm³/m³',
      soil_moisture_100_to_200cm: 'm³/m³',
    },
    hourly: {
      time,
      temperature_2m: series((i) => i),
      precipitation: series((i) => i / 10),
      precipitation_probability: series((i) => i % 100),
      cloud_cover: series(() => 50),
      shortwave_radiation: series((i) => i * 10),
      relative_humidity_2m: series(() => 80),
      wind_speed_10m: series(() => 3),
      wind_gusts_10m: series((i) => i / 2),
      dew_point_2m: series(() => 5),
      soil_temperature_0_to_10cm: series(() => 12),
      soil_temperature_10_to_40cm: series(() => 11),
      soil_temperature_40_to_100cm: series(() => 10),
      soil_temperature_100_to_200cm: series(() => 9),
      soil_moisture_0_to_10cm: series((i) => (i === options.nullSoilAt ? null : 0.3)),
      soil_moisture_10_to_40cm: series(() => 0.25),
      soil_moisture_40_to_100cm: series(() => 0.2),
      soil_moisture_100_to_200cm: series(() => 0.15),
    },
  });
}
