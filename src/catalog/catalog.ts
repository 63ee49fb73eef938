/**
 * The crop and growth-stage model catalogue: plain data (data/catalog/*.json), checked once when
 * it is loaded and indexed for lookups. Nothing here reads files; see load-catalog.ts.
 */
import { type Static, type TLiteral, Type } from 'typebox';
import { Value } from 'typebox/value';
import { GDD_METHODS } from '../agronomy/gdd.js';

const NullableText = Type.Union([Type.String({ minLength: 1 }), Type.Null()]);

export const CropRecordSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    name: Type.String({ minLength: 1 }),
    type: NullableText,
    variety: NullableText,
    isDefaultForCrop: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const ModelStageSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    /** The stage's code in its scale (`VE`, `Haun Stage 2.0`, `GS 3`), or null where the source gives none. */
    stage: NullableText,
    description: Type.String({ minLength: 1 }),
    /** Accumulated growing degree days (°C-days) from the biofix date at which the stage begins. */
    gddThreshold: Type.Number({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/** One literal schema per method name, in table order (map keeps the order; its type loses the tuple). */
type Literals<Names extends readonly string[]> = { -readonly [I in keyof Names]: TLiteral<Names[I]> };

/** A model's `gddMethod`: one of the API's methods, a literal for each entry of GDD_METHOD_TABLE. */
export const ModelGddMethodSchema = Type.Union(GDD_METHODS.map((method) => Type.Literal(method)) as unknown as Literals<typeof GDD_METHODS>);

export const GrowthStageModelSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9]+$' }),
    name: Type.String({ minLength: 1 }),
    description: Type.String({ minLength: 1 }),
    type: Type.Literal('growthstage'),
    /** `link` is null where the source names no address (the Iowa State corn models). */
    source: Type.Object({ name: Type.String({ minLength: 1 }), link: NullableText }, { additionalProperties: false }),
    /** Ids of the crop records the model applies to. */
    crops: Type.Array(Type.String(), { minItems: 1 }),
    /** Days from the planting date to the first day of accumulation. */
    biofix: Type.Integer({ minimum: 0 }),
    gddMethod: ModelGddMethodSchema,
    /** Base temperature and boundaries in °C; a boundary the model does not set is null. */
    gddBaseTemp: Type.Number(),
    gddMaxBoundary: Type.Union([Type.Number(), Type.Null()]),
    gddMinBoundary: Type.Union([Type.Number(), Type.Null()]),
    /** In ascending threshold order. */
    stages: Type.Array(ModelStageSchema, { minItems: 1 }),
  },
  { additionalProperties: false },
);

export type CropRecord = Static<typeof CropRecordSchema>;
export type GrowthStageModel = Static<typeof GrowthStageModelSchema>;

export interface Catalog {
  readonly crops: readonly CropRecord[];
  readonly models: readonly GrowthStageModel[];
  crop(id: string): CropRecord | undefined;
  model(id: string): GrowthStageModel | undefined;
  /** The crop records with this common name (case-insensitive). */
  cropsNamed(name: string): CropRecord[];
  /** A crop id, or a common name resolved to the record that is the default for that name. */
  resolveCrop(idOrName: string): CropRecord | undefined;
}

export class CatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogError';
  }
}

/** Every rule the catalogue must satisfy, as a list of problems (empty when it is sound). */
export function catalogProblems(crops: readonly CropRecord[], models: readonly GrowthStageModel[]): string[] {
  const problems: string[] = [];
  const cropIds = new Set<string>();
  const combinations = new Set<string>();
  const defaults = new Map<string, number>();
  for (const crop of crops) {
    if (cropIds.has(crop.id)) problems.push(`crop id '${crop.id}' appears twice`);
    cropIds.add(crop.id);
    const combination = JSON.stringify([crop.name, crop.type, crop.variety]);
    if (combinations.has(combination)) problems.push(`crop '${crop.id}' repeats the name, type and variety of another record`);
    combinations.add(combination);
    const name = crop.name.toLowerCase();
    defaults.set(name, (defaults.get(name) ?? 0) + (crop.isDefaultForCrop ? 1 : 0));
  }
  for (const [name, count] of defaults) {
    if (count !== 1) problems.push(`crop name '${name}' has ${count} default records (exactly one is required)`);
  }
  const modelIds = new Set<string>();
  for (const model of models) {
    if (modelIds.has(model.id)) problems.push(`model id '${model.id}' appears twice`);
    modelIds.add(model.id);
    for (const crop of model.crops) {
      if (!cropIds.has(crop)) problems.push(`model '${model.id}' names unknown crop '${crop}'`);
    }
    const stageIds = new Set<string>();
    let previous = Number.NEGATIVE_INFINITY;
    for (const stage of model.stages) {
      if (stageIds.has(stage.id)) problems.push(`model '${model.id}' repeats stage id '${stage.id}'`);
      stageIds.add(stage.id);
      if (!(stage.gddThreshold > previous)) problems.push(`model '${model.id}' stage '${stage.id}' is not above the previous threshold`);
      previous = stage.gddThreshold;
    }
    const { gddMinBoundary: minBoundary, gddMaxBoundary: maxBoundary } = model;
    if (minBoundary !== null && maxBoundary !== null && minBoundary > maxBoundary) {
      problems.push(`model '${model.id}' has a lower boundary above its upper boundary`);
    }
  }
  return problems;
}

/** Checks the data (shape and rules) and indexes it; throws CatalogError naming every problem. */
export function createCatalog(cropData: unknown, modelData: unknown): Catalog {
  const shapeProblems: string[] = [];
  const crops = checkedList(cropData, CropRecordSchema, 'crops', shapeProblems);
  const models = checkedList(modelData, GrowthStageModelSchema, 'models', shapeProblems);
  const problems = [...shapeProblems, ...catalogProblems(crops, models)];
  if (problems.length > 0) throw new CatalogError(`The catalogue is not valid: ${problems.join('; ')}.`);
  const cropsById = new Map(crops.map((crop) => [crop.id, crop]));
  const modelsById = new Map(models.map((model) => [model.id, model]));
  const cropsNamed = (name: string) => crops.filter((crop) => crop.name.toLowerCase() === name.trim().toLowerCase());
  return {
    crops,
    models,
    crop: (id) => cropsById.get(id),
    model: (id) => modelsById.get(id),
    cropsNamed,
    resolveCrop: (idOrName) => cropsById.get(idOrName) ?? cropsNamed(idOrName).find((crop) => crop.isDefaultForCrop),
  };
}

function checkedList<T extends typeof CropRecordSchema | typeof GrowthStageModelSchema>(
  data: unknown,
  schema: T,
  key: 'crops' | 'models',
  problems: string[],
): Static<T>[] {
  const list = (data as Record<string, unknown> | null)?.[key];
  if (!Array.isArray(list)) {
    problems.push(`'${key}' must be an array`);
    return [];
  }
  const valid: Static<T>[] = [];
  list.forEach((item, index) => {
    if (Value.Check(schema, item)) valid.push(item as Static<T>);
    else {
      const first = [...Value.Errors(schema, item)][0];
      problems.push(`${key}[${index}] ${first ? `${first.instancePath || '/'} ${first.message}` : 'is not valid'}`);
    }
  });
  return valid;
}
