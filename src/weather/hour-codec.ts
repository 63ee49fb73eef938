/** Packs one forecast hour into 17 float64 values (all variables of HourlyWeather but its time). */
import type { HourlyWeather } from './weather-source.js';

const WIDTH = 17;

export function encodeHour(hour: HourlyWeather): Uint8Array {
  const v = new Float64Array(WIDTH);
  v.set([
    hour.temperature,
    hour.precipitation,
    hour.precipitationChance,
    hour.cloudCover,
    hour.solar,
    hour.relativeHumidity,
    hour.windAverage,
    hour.windGust,
    hour.dewPoint,
    ...hour.soilTemperature,
    ...hour.soilMoisture,
  ]);
  return new Uint8Array(v.buffer);
}

export function decodeHour(time: number, bytes: Uint8Array): HourlyWeather | undefined {
  if (bytes.length !== WIDTH * 8) return undefined;
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  const v = new Float64Array(copy.buffer);
  return {
    time,
    temperature: v[0]!,
    precipitation: v[1]!,
    precipitationChance: v[2]!,
    cloudCover: v[3]!,
    solar: v[4]!,
    relativeHumidity: v[5]!,
    windAverage: v[6]!,
    windGust: v[7]!,
    dewPoint: v[8]!,
    soilTemperature: [v[9]!, v[10]!, v[11]!, v[12]!],
    soilMoisture: [v[13]!, v[14]!, v[15]!, v[16]!],
  };
}
