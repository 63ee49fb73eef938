/**
 * The answers of the model resources, each declared once as an output table (api/output-table.ts):
 * models (v2), models of the deprecated v1 shape, growth-stage details and a planting's model
 * results. Their schemas, objects and `properties` choices come from the tables; the shapes of
 * their nested parts (stages, sources) are the schemas in model-schemas.ts.
 */
import { Type } from 'typebox';
import { curies, link } from '../../http/links.js';
import type { CropRecord, GrowthStageModel } from '../../services/catalog-service.js';
import type { ModelDetails, ModelResults, PredictedStage } from '../../services/growth-stage-service.js';
import { choosableProperties, compileEntry, entrySchema, type EntryTable, entryTable, type OutputView, out } from '../output-table.js';
import { cropPath, fieldPath, modelPath, modelV1Path, plantingPath } from '../paths.js';
import { CuriesSchema, LinkSchema, Nullable } from '../schema-helpers.js';
import { CurrentStageSchema, PredictedStageSchema, ReachedStageSchema, SourceSchema, StageSchema } from './model-schemas.js';

export { modelPath, modelV1Path } from '../paths.js';

interface LinkedView extends OutputView {
  baseUrl: string;
}

const source = <S>(read: (item: S) => GrowthStageModel) =>
  out.json<S, LinkedView>(SourceSchema, (item) => {
    const model = read(item);
    return { name: model.source.name, link: model.source.link };
  });

/** Key order: id, name, description, type, source, _links. */
const MODEL = entryTable<GrowthStageModel, LinkedView>({
  id: { ...out.text<GrowthStageModel>((model) => model.id), always: true },
  name: out.text<GrowthStageModel>((model) => model.name),
  description: out.text<GrowthStageModel>((model) => model.description),
  type: out.text<GrowthStageModel>((model) => model.type),
  source: source((model) => model),
  _links: {
    ...out.json<GrowthStageModel, LinkedView>(
      Type.Object({
        self: Type.Optional(LinkSchema),
        curies: Type.Optional(CuriesSchema),
        'svc:crop': Type.Optional(Type.Array(LinkSchema)),
        'svc:modelDetails': Type.Optional(LinkSchema),
      }),
      (model, _, view) => ({
        self: link(modelPath(model.id)),
        curies: curies(view.baseUrl),
        'svc:crop': model.crops.map((id) => link(cropPath(id))),
        'svc:modelDetails': link(`${modelPath(model.id)}/details`),
      }),
    ),
    always: true,
  },
});

/** A v1 model: the model and its first crop. */
interface ModelOfCrop {
  model: GrowthStageModel;
  crop: CropRecord;
}

/** The deprecated /v1/models shape: id, name, type, crop, cropVariety, source, _links. `crop` is the common name of the model's crop, `cropVariety` its more specific class. */
const MODEL_V1 = entryTable<ModelOfCrop, LinkedView>({
  id: { ...out.text<ModelOfCrop>(({ model }) => model.id), always: true },
  name: out.text<ModelOfCrop>(({ model }) => model.name),
  type: out.text<ModelOfCrop>(({ model }) => model.type),
  crop: out.text<ModelOfCrop>(({ crop }) => crop.name),
  cropVariety: out.optionalText<ModelOfCrop>(({ crop }) => crop.type),
  source: source<ModelOfCrop>(({ model }) => model),
  _links: { ...out.json<ModelOfCrop, LinkedView>(Type.Object({ self: Type.Optional(LinkSchema) }), ({ model }) => ({ self: link(modelV1Path(model.id)) })), always: true },
});

/** Growth-stage details of a model, and the request's own path. */
interface DetailsOf {
  modelId: string;
  details: ModelDetails;
  selfHref: string;
}

const always = <F extends object>(field: F) => ({ ...field, always: true });

/** Key order: biofix, gddMethod, gddBaseTemp, gddMaxBoundary, gddMinBoundary, gddUnits, stages, _links. */
const MODEL_DETAILS = entryTable<DetailsOf, LinkedView>({
  biofix: always(out.json<DetailsOf, LinkedView>(Type.Integer(), ({ details }) => details.biofix)),
  gddMethod: always(out.text<DetailsOf>(({ details }) => details.gddMethod)),
  gddBaseTemp: always(out.json<DetailsOf, LinkedView>(Type.Number(), ({ details }) => details.gddBaseTemp)),
  gddMaxBoundary: always(out.json<DetailsOf, LinkedView>(Nullable(Type.Number()), ({ details }) => details.gddMaxBoundary)),
  gddMinBoundary: always(out.json<DetailsOf, LinkedView>(Nullable(Type.Number()), ({ details }) => details.gddMinBoundary)),
  gddUnits: always(out.text<DetailsOf>(({ details }) => details.gddUnits)),
  stages: always(
    out.json<DetailsOf, LinkedView>(Type.Array(StageSchema), ({ details }) =>
      details.stages.map((stage) => ({ id: stage.id, stage: stage.stage, description: stage.description, gddThreshold: stage.gddThreshold, gddUnits: stage.gddUnits })),
    ),
  ),
  _links: always(
    out.json<DetailsOf, LinkedView>(Type.Object({ self: Type.Optional(LinkSchema), curies: Type.Optional(CuriesSchema), 'svc:model': Type.Optional(LinkSchema) }), ({ modelId, selfHref }, _, view) => ({
      self: link(selfHref),
      curies: curies(view.baseUrl),
      'svc:model': link(modelPath(modelId)),
    })),
  ),
});

/** A stage not yet reached: the original keys of `nextStage`, then its predicted dates. */
function predictedStage(stage: PredictedStage) {
  return {
    id: stage.id,
    stage: stage.stage,
    description: stage.description,
    gddThreshold: stage.gddThreshold,
    gddRemaining: stage.gddRemaining,
    predictedDate: stage.predictedDate,
    predictedDateEarly: stage.predictedDateEarly,
    predictedDateLate: stage.predictedDateLate,
    predictionBasis: stage.predictionBasis,
  };
}

interface ResultsOf {
  results: ModelResults;
  selfHref: string;
}

/**
 * Results. The original keys keep their places; what was added comes after them: the predicted
 * dates at the end of `nextStage`, and `predictedStages` after `_links`.
 */
const MODEL_RESULTS = entryTable<ResultsOf, LinkedView>({
  modelId: always(out.text<ResultsOf>(({ results }) => results.model.id)),
  location: out.json<ResultsOf, LinkedView>(Type.Object({ latitude: Type.Number(), longitude: Type.Number(), fieldId: Type.String() }), ({ results: { field } }) => ({
    latitude: field.latitude,
    longitude: field.longitude,
    fieldId: field.id,
  })),
  plantingDate: out.text<ResultsOf>(({ results }) => results.planting.plantingDate),
  biofixDate: out.text<ResultsOf>(({ results }) => results.biofixDate),
  gddUnits: out.text<ResultsOf>(({ results }) => results.gddUnits),
  previousStages: out.json<ResultsOf, LinkedView>(Type.Array(ReachedStageSchema), ({ results }) =>
    results.previousStages.map((stage) => ({ date: stage.date, id: stage.id, stage: stage.stage, description: stage.description, gddThreshold: stage.gddThreshold })),
  ),
  currentStage: out.json<ResultsOf, LinkedView>(Nullable(CurrentStageSchema), ({ results: { currentStage: current } }) =>
    current === null
      ? null
      : { date: current.date, id: current.id, stage: current.stage, description: current.description, gddThreshold: current.gddThreshold, accumulatedGdds: current.accumulatedGdds },
  ),
  nextStage: out.json<ResultsOf, LinkedView>(Nullable(PredictedStageSchema), ({ results }) => (results.nextStage === null ? null : predictedStage(results.nextStage))),
  _links: always(
    out.json<ResultsOf, LinkedView>(
      Type.Object({
        self: Type.Optional(LinkSchema),
        curies: Type.Optional(CuriesSchema),
        'svc:field': Type.Optional(LinkSchema),
        'svc:planting': Type.Optional(LinkSchema),
        'svc:model': Type.Optional(LinkSchema),
      }),
      ({ results, selfHref }, _, view) => ({
        self: link(selfHref),
        curies: curies(view.baseUrl),
        'svc:field': link(fieldPath(results.field.id)),
        'svc:planting': link(plantingPath(results.field.id, results.planting.id)),
        'svc:model': link(modelPath(results.model.id)),
      }),
    ),
  ),
  predictedStages: out.json<ResultsOf, LinkedView>(
    Type.Array(PredictedStageSchema, { description: 'Every stage not yet reached, the next stage first, with its predicted dates; empty when every stage is reached.' }),
    ({ results }) => results.predictedStages.map(predictedStage),
  ),
});

export const MODEL_PROPERTIES = choosableProperties(MODEL);
export const MODEL_V1_PROPERTIES = choosableProperties(MODEL_V1);
export const RESULTS_PROPERTIES = choosableProperties(MODEL_RESULTS);

export const ModelSchema = entrySchema(MODEL);
export const ModelListSchema = Type.Object({
  models: Type.Optional(Type.Array(ModelSchema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema), next: Type.Optional(LinkSchema), prev: Type.Optional(LinkSchema) })),
});
export const ModelV1Schema = entrySchema(MODEL_V1);
export const ModelV1ListSchema = Type.Object({
  models: Type.Optional(Type.Array(ModelV1Schema)),
  _links: Type.Optional(Type.Object({ self: Type.Optional(LinkSchema) })),
});
export const ModelDetailsSchema = entrySchema(MODEL_DETAILS);
export const ModelResultsSchema = entrySchema(MODEL_RESULTS);

/** The object of `item` by `table`, with the chosen properties (null: all). */
function present<S>(table: EntryTable<S, LinkedView>, item: S, baseUrl: string, chosen: Set<string> | null) {
  return compileEntry(table, { units: 'metric', baseUrl }, (name) => chosen === null || chosen.has(name)).object(item, 0);
}

export const presentModel = (model: GrowthStageModel, baseUrl: string, chosen: Set<string> | null = null) => present(MODEL, model, baseUrl, chosen);
export const presentModelV1 = (model: GrowthStageModel, crop: CropRecord, chosen: Set<string> | null = null) => present(MODEL_V1, { model, crop }, '', chosen);
export const presentModelDetails = (modelId: string, details: ModelDetails, selfHref: string, baseUrl: string) => present(MODEL_DETAILS, { modelId, details, selfHref }, baseUrl, null);
export const presentModelResults = (results: ModelResults, selfHref: string, baseUrl: string, chosen: Set<string> | null = null) => present(MODEL_RESULTS, { results, selfHref }, baseUrl, chosen);
