/** TypeBox schemas of the Model resources (v2, v1, growth-stage details and results). */
import { Type } from 'typebox';
import { listQuery, Nullable, PropertiesQuery, UnitsParameter } from '../schema-helpers.js';

export const SourceSchema = Type.Object({ name: Type.Optional(Type.String()), link: Type.Optional(Nullable(Type.String())) });

export const ModelParams = Type.Object({ modelId: Type.String() });
export const FieldModelParams = Type.Object({ fieldId: Type.String(), modelId: Type.String() });

export const MODEL_SORTS = { name: 'name', type: 'type' } as const;

export const ModelListQuery = Type.Object({
  ...listQuery('models', Object.keys(MODEL_SORTS)),
  crop: Type.Optional(Type.String({ description: 'a crop name: models for any crop record of that name' })),
  cropId: Type.Optional(Type.String({ description: 'a crop id: models for that crop record' })),
});
export const ModelQuery = Type.Object(PropertiesQuery);
export const UnitsQuery = Type.Object({ units: UnitsParameter });
export const ResultsQuery = Type.Object({ units: UnitsParameter, ...PropertiesQuery });

export const ModelV1ListQuery = Type.Object({
  crop: Type.Optional(Type.String({ description: 'one crop: barley, canola, cotton, oat, sugarbeet, sunflower, wheat or corn' })),
  ...PropertiesQuery,
});
export const ModelV1Query = Type.Object({ crop: Type.Optional(Type.String()), ...PropertiesQuery });

export const MODEL_V1_CROPS = ['barley', 'canola', 'cotton', 'oat', 'sugarbeet', 'sunflower', 'wheat', 'corn'] as const;

export const StageSchema = Type.Object({
  id: Type.Optional(Type.String()),
  stage: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Type.String()),
  gddThreshold: Type.Optional(Type.Number()),
  gddUnits: Type.Optional(Type.String()),
});

export const ReachedStageSchema = Type.Object({
  date: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  stage: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Type.String()),
  gddThreshold: Type.Optional(Type.Number()),
});

/** A stage not yet reached: the original keys of `nextStage`, then the predicted dates. */
export const PredictedStageSchema = Type.Object({
  id: Type.Optional(Type.String()),
  stage: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Type.String()),
  gddThreshold: Type.Optional(Type.Number()),
  gddRemaining: Type.Optional(Type.Number()),
  predictedDate: Type.Optional(
    Nullable(
      Type.String({
        format: 'date',
        description:
          'Expected date the stage is reached: GDD accumulated through yesterday, then the forecast days (today to today + 7), then the mean daily GDD norms of the place. Null when not reached within 365 days from today, after the end of the season (366 days from the biofix date) or after the harvest date, or when the planting is already harvested.',
      }),
    ),
  ),
  predictedDateEarly: Type.Optional(
    Nullable(
      Type.String({
        format: 'date',
        description:
          'Early end of the range: the central total beyond the forecast raised by one standard deviation across the norm years of the GDD accumulated over the norm days. Null as for predictedDate.',
      }),
    ),
  ),
  predictedDateLate: Type.Optional(
    Nullable(
      Type.String({
        format: 'date',
        description: 'Late end of the range: the central total beyond the forecast lowered by that standard deviation. Null as for predictedDate.',
      }),
    ),
  ),
  // null is listed in the enum too: OpenAPI 3.0 checks `enum` before `nullable`.
  predictionBasis: Type.Optional(
    Type.Unsafe<'forecast' | 'norms' | null>({
      type: ['string', 'null'],
      enum: ['forecast', 'norms', null],
      description: 'Where predictedDate fell: on a forecast day or beyond the forecast, on the norms. Null when predictedDate is null.',
    }),
  ),
});


/** The stage a planting is in: the stage reached last, and the GDD accumulated since the biofix date. */
export const CurrentStageSchema = Type.Object({
  date: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  stage: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Type.String()),
  gddThreshold: Type.Optional(Type.Number()),
  accumulatedGdds: Type.Optional(Type.Number()),
});
