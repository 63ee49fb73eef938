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

export interface Crop {
  id: string;
  name: string;
  type: string | null;
  variety: string | null;
  isDefaultForCrop: boolean;
}

export interface YieldPair {
  amount: number | null;
  units: string | null;
}

export interface Planting {
  id: number;
  crop: string;
  field: string;
  plantingDate: string;
  projections: { yield: YieldPair; harvestDate: string | null };
  yield: YieldPair;
  harvestDate: string | null;
}

export interface GrowthModel {
  id: string;
  name: string;
  description: string;
}

export interface ReachedStage {
  date: string;
  id: string;
  stage: string | null;
  description: string;
  gddThreshold: number;
}

export interface PredictedStage {
  id: string;
  stage: string | null;
  description: string;
  gddThreshold: number;
  gddRemaining: number;
  predictedDate: string | null;
  predictedDateEarly: string | null;
  predictedDateLate: string | null;
  predictionBasis: 'forecast' | 'norms' | null;
}

export interface ModelResults {
  modelId: string;
  plantingDate: string;
  biofixDate: string;
  gddUnits: string;
  previousStages: ReachedStage[];
  currentStage: (ReachedStage & { accumulatedGdds: number }) | null;
  predictedStages: PredictedStage[];
}

export interface MapLegend {
  layer: string;
  units: string | null;
  stops: { value: number; color: string }[];
}

export interface Depth {
  amount: number | null;
  units: string;
}

export interface WaterBalanceDay {
  date: string;
  totalAvailableWater: Depth;
  readilyAvailableWater: Depth;
  depletion: Depth;
  precipitation: Depth;
  irrigation: Depth;
  source: 'observed' | 'forecast';
}

export interface WaterBalance {
  irrigationAdvice: { date: string | null; depth: Depth; basis: 'forecast' | 'norms' | null };
  dailyWaterBalance: WaterBalanceDay[];
}

export interface Irrigation {
  id: number;
  date: string;
  amount: number;
  units: string;
  wettedFraction: number | null;
}
