/**
 * SYNTHETIC weather grids: smooth, deterministic fields built from a seed and the update time,
 * with plausible magnitudes (temperature falls with latitude and follows the season and the sun;
 * clouds, rain and wind come from slowly drifting wave patterns). Not weather: a stand-in for
 * tests, the gallery and benchmarks, and for servers configured without a real source.
 */
import type { WeatherGridProvider, WeatherGridSampler, WeatherGridVariable } from './weather-grid-provider.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DEG = Math.PI / 180;

interface Wave {
  kx: number;
  ky: number;
  phase: number;
  speed: number;
  weight: number;
}

function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
}

function makeWaves(random: () => number, count: number, minWavelengthDeg: number, maxWavelengthDeg: number): Wave[] {
  const waves: Wave[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const wavelength = minWavelengthDeg + random() * (maxWavelengthDeg - minWavelengthDeg);
    const angle = random() * Math.PI * 2;
    const k = (2 * Math.PI) / wavelength;
    const weight = 0.5 + random();
    total += weight;
    waves.push({ kx: k * Math.cos(angle), ky: k * Math.sin(angle), phase: random() * Math.PI * 2, speed: (random() - 0.3) * 0.8, weight });
  }
  for (const wave of waves) wave.weight /= total;
  return waves;
}

/** Smooth pattern in [-1, 1] at one time (hours): the wave phases are fixed once per update. */
function patternAt(waves: readonly Wave[], hours: number): (latitude: number, longitude: number) => number {
  const count = waves.length;
  const kx = new Float64Array(count);
  const ky = new Float64Array(count);
  const phase = new Float64Array(count);
  const weight = new Float64Array(count);
  waves.forEach((wave, i) => {
    kx[i] = wave.kx;
    ky[i] = wave.ky;
    phase[i] = wave.phase + wave.speed * hours;
    weight[i] = wave.weight * 1.6;
  });
  return (latitude, longitude) => {
    let sum = 0;
    for (let i = 0; i < count; i++) sum += weight[i]! * Math.sin(kx[i]! * longitude + ky[i]! * latitude + phase[i]!);
    return sum < -1 ? -1 : sum > 1 ? 1 : sum;
  };
}

type Field = (latitude: number, longitude: number) => number;

export interface SyntheticWeatherGridOptions {
  /** Any integer; the same seed gives the same fields. */
  seed?: number;
}

export interface SyntheticWeatherGrid extends WeatherGridProvider {
  /** The value `valuesFor(variable, …, time).sample(latitude, longitude)` returns, computed directly. */
  valueAt(variable: WeatherGridVariable, latitude: number, longitude: number, time: number): number;
}

export function syntheticWeatherGrid(options: SyntheticWeatherGridOptions = {}): SyntheticWeatherGrid {
  const random = seededRandom(options.seed ?? 20_240_601);
  const temperatureWaves = makeWaves(random, 5, 8, 30);
  const moistureWaves = makeWaves(random, 5, 6, 25);
  const cloudWaves = makeWaves(random, 6, 3, 18);
  const rainWaves = makeWaves(random, 6, 1.5, 8);
  const windWaves = makeWaves(random, 5, 4, 20);

  function temperatureAt(time: number): Field {
    const yearMs = 365.25 * DAY_MS;
    const dayOfYear = (((time % yearMs) + yearMs) % yearMs) / DAY_MS;
    const season = -Math.cos(((dayOfYear - 15) / 365.25) * 2 * Math.PI); // +1 in northern mid-summer
    const utcHours = time / HOUR_MS;
    const waves = patternAt(temperatureWaves, utcHours);
    return (latitude, longitude) => {
      const seasonal = (latitude >= 0 ? season : -season) * (4 + 0.28 * Math.abs(latitude));
      const annualMean = 29 * Math.cos(latitude * DEG) ** 1.3 - 6;
      const solarHour = (((utcHours + longitude / 15) % 24) + 24) % 24;
      const diurnal = -5 * Math.cos(((solarHour - 3) / 24) * 2 * Math.PI);
      return annualMean + seasonal + diurnal + 5 * waves(latitude, longitude);
    };
  }

  function dewPointAt(time: number): Field {
    const temperature = temperatureAt(time);
    const moisture = patternAt(moistureWaves, time / HOUR_MS);
    return (latitude, longitude) => temperature(latitude, longitude) - Math.max(0.5, 6 + 5 * moisture(latitude, longitude));
  }

  function relativeHumidityAt(time: number): Field {
    const temperature = temperatureAt(time);
    const dewPoint = dewPointAt(time);
    const magnus = (x: number) => Math.exp((17.625 * x) / (243.04 + x));
    return (latitude, longitude) =>
      Math.max(1, Math.min(100, (100 * magnus(dewPoint(latitude, longitude))) / magnus(temperature(latitude, longitude))));
  }

  function cloudCoverAt(time: number): Field {
    const clouds = patternAt(cloudWaves, time / HOUR_MS);
    return (latitude, longitude) => Math.max(0, Math.min(100, 45 + 75 * clouds(latitude, longitude)));
  }

  function precipitationRateAt(time: number): Field {
    const cloudCover = cloudCoverAt(time);
    const rain = patternAt(rainWaves, time / HOUR_MS);
    return (latitude, longitude) => {
      const cloud = cloudCover(latitude, longitude);
      if (cloud < 70) return 0;
      const cells = 0.5 + 0.5 * rain(latitude, longitude);
      return Math.max(0, ((cloud - 70) / 30) * cells * 40 - 1);
    };
  }

  function recentPrecipitationAt(time: number): Field {
    const rates = [0, 3, 6, 9, 12, 15, 18, 21].map((h) => precipitationRateAt(time - h * HOUR_MS));
    return (latitude, longitude) => {
      let total = 0;
      for (const rate of rates) total += 0.75 * rate(latitude, longitude);
      return total;
    };
  }

  function windSpeedAt(time: number): Field {
    const wind = patternAt(windWaves, time / HOUR_MS);
    return (latitude, longitude) => Math.max(0, 6 + 0.08 * Math.abs(latitude) + 7 * wind(latitude, longitude));
  }

  const fields: Record<WeatherGridVariable, (time: number) => Field> = {
    temperature: temperatureAt,
    dewPoint: dewPointAt,
    relativeHumidity: relativeHumidityAt,
    cloudCover: cloudCoverAt,
    precipitationRate: precipitationRateAt,
    recentPrecipitation: recentPrecipitationAt,
    windSpeed: windSpeedAt,
    windGust: (time) => {
      const wind = windSpeedAt(time);
      return (latitude, longitude) => 1.6 * wind(latitude, longitude);
    },
  };

  return {
    valueAt(variable, latitude, longitude, time) {
      return fields[variable](time)(latitude, longitude);
    },
    valuesFor(variable, _bbox, time): WeatherGridSampler {
      const field = fields[variable](time);
      return { sample: field };
    },
  };
}
