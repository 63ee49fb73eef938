/** The shapes of the API responses the explorer reads (only the properties it uses). */

export interface Field {
  id: string;
  name: string | null;
  farmId: string;
  acres: number | null;
  centerPoint: { latitude: number; longitude: number };
}

export interface Observation {
  date: string;
  temperatures: { max: number | null; min: number | null; units: string };
  precipitation: { amount: number | null; units: string };
}

export interface ForecastBlock {
  startTime: string;
  conditionsText: string;
  temperatures: { max: number | null; min: number | null; units: string };
  precipitation: { amount: number | null; units: string; chance: number | null };
}

export interface ForecastDay {
  date: string;
  forecast: ForecastBlock[];
}

export interface AgronomicDay {
  date: string;
  accumulatedGdd: number | null;
  accumulatedPpet: number | null;
}

export interface AgronomicValues {
  dailyValues: AgronomicDay[];
}

export interface NormStat {
  average: number | null;
  stdDev: number | null;
}

export interface AgronomicNormDay {
  day: string;
  accumulatedGdd: NormStat;
  accumulatedPpet: NormStat;
}
