/** TypeBox schemas of the Model resources (v2, v1, growth-stage details and results). */
import { Type } from 'typebox';
import { CuriesSchema, LinkSchema, ListQuery, Nullable } from '../schema-helpers.js';

const SourceSchema = Type.Object({ name: Type.Optional(Type.String()), link: Type.Optional(Nullable(Type.String())) });

/** Key order: id, name, description, type, source, _links (every property optional to keep it). */
export const ModelSchema = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  source: Type.Optional(SourceSchema),
  _links: Type.Optional(
    Type.Object({
      self: Type.Optional(LinkSchema),
      curies: Type.Optional(CuriesSchema),
      'svc:crop': Type.Optional(Type.Array(LinkSchema)),
      'svc:modelDetails': Type.Optional(LinkSchema),
    }),
  ),
});

export const ModelListSchema = Type.Object({
  models: Type.Optional(Type.Array(ModelSchema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema), next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) })),
});

export const ModelParams = Type.Object({ modelId: Type.String() });
export const FieldModelParams = Type.Object({ fieldId: Type.String(), modelId: Type.String() });

export const ModelListQuery = Type.Object({
  ...ListQuery,
  crop: Type.Optional(Type.String({ description: 'a crop name: models for any crop record of that name' })),
  cropId: Type.Optional(Type.String({ description: 'a crop id: models for that crop record' })),
});
export const ModelQuery = Type.Object({ properties: ListQuery.properties });
export const UnitsQuery = Type.Object({ units: Type.Optional(Type.String({ description: 'metric (default) or usa' })) });
export const ResultsQuery = Type.Object({ units: UnitsQuery.properties.units, properties: ListQuery.properties });

export const MODEL_PROPERTIES = ['name', 'description', 'type', 'source'] as const;
export const MODEL_SORTS = { name: 'name', type: 'type' } as const;

/** The deprecated /v1/models shape: id, name, type, crop, cropVariety, source, _links. */
export const ModelV1Schema = Type.Object({
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  crop: Type.Optional(Type.String()),
  cropVariety: Type.Optional(Nullable(Type.String())),
  source: Type.Optional(SourceSchema),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema) })),
});

export const ModelV1ListSchema = Type.Object({
  models: Type.Optional(Type.Array(ModelV1Schema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema) })),
});

export const ModelV1ListQuery = Type.Object({
  crop: Type.Optional(Type.String({ description: 'one crop: barley, canola, cotton, oat, sugarbeet, sunflower, wheat or corn' })),
  properties: ListQuery.properties,
});
export const ModelV1Query = Type.Object({ crop: Type.Optional(Type.String()), properties: ListQuery.properties });

export const MODEL_V1_PROPERTIES = ['name', 'crop', 'cropVariety', 'source', 'type'] as const;
export const MODEL_V1_CROPS = ['barley', 'canola', 'cotton', 'oat', 'sugarbeet', 'sunflower', 'wheat', 'corn'] as const;

const StageSchema = Type.Object({
  id: Type.Optional(Type.String()),
  stage: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Type.String()),
  gddThreshold: Type.Optional(Type.Number()),
  gddUnits: Type.Optional(Type.String()),
});

/** Key order: biofix, gddMethod, gddBaseTemp, gddMaxBoundary, gddMinBoundary, gddUnits, stages, _links. */
export const ModelDetailsSchema = Type.Object({
  biofix: Type.Optional(Type.Integer()),
  gddMethod: Type.Optional(Type.String()),
  gddBaseTemp: Type.Optional(Type.Number()),
  gddMaxBoundary: Type.Optional(Nullable(Type.Number())),
  gddMinBoundary: Type.Optional(Nullable(Type.Number())),
  gddUnits: Type.Optional(Type.String()),
  stages: Type.Optional(Type.Array(StageSchema)),
  _links: Type.Optional(
    Type.Object({ self: Type.Optional(LinkSchema), curies: Type.Optional(CuriesSchema), 'svc:model': Type.Optional(LinkSchema) }),
  ),
});

const ReachedStageSchema = Type.Object({
  date: Type.Optional(Type.String()),
  id: Type.Optional(Type.String()),
  stage: Type.Optional(Nullable(Type.String())),
  description: Type.Optional(Type.String()),
  gddThreshold: Type.Optional(Type.Number()),
});

/** A stage not yet reached: the original keys of `nextStage`, then the predicted dates. */
const PredictedStageSchema = Type.Object({
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

/**
 * Key order: modelId, location, plantingDate, biofixDate, gddUnits, previousStages, currentStage,
 * nextStage, _links, predictedStages (added after the original keys so that they keep their places).
 */
export const ModelResultsSchema = Type.Object({
  modelId: Type.Optional(Type.String()),
  location: Type.Optional(Type.Object({ latitude: Type.Number(), longitude: Type.Number(), fieldId: Type.String() })),
  plantingDate: Type.Optional(Type.String()),
  biofixDate: Type.Optional(Type.String()),
  gddUnits: Type.Optional(Type.String()),
  previousStages: Type.Optional(Type.Array(ReachedStageSchema)),
  currentStage: Type.Optional(
    Nullable(
      Type.Object({
        date: Type.Optional(Type.String()),
        id: Type.Optional(Type.String()),
        stage: Type.Optional(Nullable(Type.String())),
        description: Type.Optional(Type.String()),
        gddThreshold: Type.Optional(Type.Number()),
        accumulatedGdds: Type.Optional(Type.Number()),
      }),
    ),
  ),
  nextStage: Type.Optional(Nullable(PredictedStageSchema)),
  _links: Type.Optional(
    Type.Object({
      self: Type.Optional(LinkSchema),
      curies: Type.Optional(CuriesSchema),
      'svc:field': Type.Optional(LinkSchema),
      'svc:planting': Type.Optional(LinkSchema),
      'svc:model': Type.Optional(LinkSchema),
    }),
  ),
  predictedStages: Type.Optional(
    Type.Array(PredictedStageSchema, { description: 'Every stage not yet reached, the next stage first, with its predicted dates; empty when every stage is reached.' }),
  ),
});

export const RESULTS_PROPERTIES = [
  'location',
  'plantingDate',
  'biofixDate',
  'gddUnits',
  'previousStages',
  'currentStage',
  'nextStage',
  'predictedStages',
] as const;
