/** The one place that knows the JSON shapes of models (v2 and v1), model details and model results. */
import { modelPath, modelV1Path } from '../paths.js';
export { modelPath, modelV1Path } from '../paths.js';
import type { CropRecord, GrowthStageModel } from '../../services/catalog-service.js';
import { curies, link } from '../../http/links.js';
import { selectProperties } from '../../http/properties.js';
import type { ModelDetails, ModelResults, PredictedStage } from '../../services/growth-stage-service.js';
import { cropPath } from '../paths.js';
import { fieldPath } from '../fields/field-table.js';
import { plantingPath } from '../plantings/planting-table.js';
import { MODEL_PROPERTIES, MODEL_V1_PROPERTIES, RESULTS_PROPERTIES } from './model-schemas.js';

export function presentModel(model: GrowthStageModel, baseUrl: string, chosen: Set<string> | null = null) {
  const body = {
    id: model.id,
    name: model.name,
    description: model.description,
    type: model.type,
    source: { name: model.source.name, link: model.source.link },
    _links: {
      self: link(modelPath(model.id)),
      curies: curies(baseUrl),
      'svc:crop': model.crops.map((id) => link(cropPath(id))),
      'svc:modelDetails': link(`${modelPath(model.id)}/details`),
    },
  };
  return selectProperties(body, chosen, MODEL_PROPERTIES);
}

/** v1: `crop` is the common name of the model's crop, `cropVariety` its more specific class. */
export function presentModelV1(model: GrowthStageModel, crop: CropRecord, chosen: Set<string> | null = null) {
  const body = {
    id: model.id,
    name: model.name,
    type: model.type,
    crop: crop.name,
    cropVariety: crop.type,
    source: { name: model.source.name, link: model.source.link },
    _links: { self: link(modelV1Path(model.id)) },
  };
  return selectProperties(body, chosen, MODEL_V1_PROPERTIES);
}

export function presentModelDetails(modelId: string, details: ModelDetails, selfHref: string, baseUrl: string) {
  return {
    biofix: details.biofix,
    gddMethod: details.gddMethod,
    gddBaseTemp: details.gddBaseTemp,
    gddMaxBoundary: details.gddMaxBoundary,
    gddMinBoundary: details.gddMinBoundary,
    gddUnits: details.gddUnits,
    stages: details.stages.map((stage) => ({
      id: stage.id,
      stage: stage.stage,
      description: stage.description,
      gddThreshold: stage.gddThreshold,
      gddUnits: stage.gddUnits,
    })),
    _links: { self: link(selfHref), curies: curies(baseUrl), 'svc:model': link(modelPath(modelId)) },
  };
}

/** A stage not yet reached: the original keys of `nextStage`, then its predicted dates. */
function presentPredictedStage(stage: PredictedStage) {
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

/**
 * Results. The original keys keep their places; what was added comes after them: the predicted
 * dates at the end of `nextStage`, and `predictedStages` after `_links`.
 */
export function presentModelResults(results: ModelResults, selfHref: string, baseUrl: string, chosen: Set<string> | null = null) {
  const { field, planting, currentStage: current, nextStage: next } = results;
  const body = {
    modelId: results.model.id,
    location: { latitude: field.latitude, longitude: field.longitude, fieldId: field.id },
    plantingDate: planting.plantingDate,
    biofixDate: results.biofixDate,
    gddUnits: results.gddUnits,
    previousStages: results.previousStages.map((stage) => ({
      date: stage.date,
      id: stage.id,
      stage: stage.stage,
      description: stage.description,
      gddThreshold: stage.gddThreshold,
    })),
    currentStage: current && {
      date: current.date,
      id: current.id,
      stage: current.stage,
      description: current.description,
      gddThreshold: current.gddThreshold,
      accumulatedGdds: current.accumulatedGdds,
    },
    nextStage: next && presentPredictedStage(next),
    _links: {
      self: link(selfHref),
      curies: curies(baseUrl),
      'svc:field': link(fieldPath(field.id)),
      'svc:planting': link(plantingPath(field.id, planting.id)),
      'svc:model': link(modelPath(results.model.id)),
    },
    predictedStages: results.predictedStages.map(presentPredictedStage),
  };
  return selectProperties(body, chosen, RESULTS_PROPERTIES);
}
