/**
 * A planting's water-balance parameters and irrigation events (services/water-balance-setup-service.ts):
 *
 *   GET|PUT|PATCH /v2/agronomics/fields/{fieldId}/plantings/{plantingId}/waterbalance/parameters
 *   GET|POST      /v2/agronomics/fields/{fieldId}/plantings/{plantingId}/irrigations
 *   DELETE        /v2/agronomics/fields/{fieldId}/plantings/{plantingId}/irrigations/{irrigationId}
 *
 * `plantingId` may be `current`. Irrigation amounts are mm, or inches with `units=usa`.
 */
import { type Static, Type } from 'typebox';
import type { IsoDate } from '../../core/dates.js';
import { invalidParameter } from '../../http/api-error.js';
import { notFoundError } from '../../core/errors.js';
import { parseIsoDate } from '../../http/date-params.js';
import { curies, link } from '../../http/links.js';
import { parseUnits } from '../../http/units.js';
import type { PlaceService } from '../../services/place-service.js';
import { inchesToMillimeters, presenter } from '../../services/weather-types.js';
import type { PlantingService } from '../../services/planting-service.js';
import type { EffectiveWaterBalanceParameters, IrrigationRecord } from '../../services/water-balance-setup.js';
import { CROP_KEYS, SOIL_KEYS, type WaterBalanceSetupService } from '../../services/water-balance-setup-service.js';
import type { UnitSystem } from '../../core/units.js';
import type { ApiPlugin } from '../api-plugin.js';
import { CuriesSchema, LinkSchema, Nullable, UnitsParameter } from '../schema-helpers.js';
import { isIssuedId, MAX_PLANTING_ID, parsePlantingRef } from './planting-schemas.js';
import { plantingPath } from './planting-table.js';

const TAGS = ['water balance'];

const StageLengthsSchema = Type.Object(
  {
    initial: Type.Integer({ minimum: 1, maximum: 366 }),
    development: Type.Integer({ minimum: 1, maximum: 366 }),
    mid: Type.Integer({ minimum: 1, maximum: 366 }),
    late: Type.Integer({ minimum: 1, maximum: 366 }),
  },
  { additionalProperties: false, description: 'FAO-56 stage lengths, days (Table 11)' },
);

const CROP_DESCRIPTIONS: Record<(typeof CROP_KEYS)[number], string> = {
  kcbInitial: 'Kcb ini (FAO-56 Table 17)',
  kcbMid: 'Kcb mid (Table 17)',
  kcbEnd: 'Kcb end (Table 17)',
  stageLengths: 'stage lengths, days (Table 11)',
  heightInitial: 'crop height at planting, m',
  heightMax: 'maximum crop height, m (Table 12)',
  rootDepthInitial: 'effective rooting depth at planting, m',
  rootDepthMax: 'maximum effective rooting depth, m (Table 22)',
  depletionFraction: 'p, soil water depletion fraction for no stress (Table 22)',
};
const SOIL_DESCRIPTIONS: Record<(typeof SOIL_KEYS)[number], string> = {
  fieldCapacity: 'θFC, m³/m³ (Table 19)',
  wiltingPoint: 'θWP, m³/m³ (Table 19)',
  initialWaterContent: 'θ of the root zone on the planting date, m³/m³',
  evaporationLayerDepth: 'Ze, m (0.10–0.15)',
  readilyEvaporableWater: 'REW, mm (Table 19)',
  curveNumber: 'CN2 for runoff (SCS), or null: no runoff',
};

function cropProperties(optional: boolean) {
  const wrap = <T extends ReturnType<typeof Type.Number>>(schema: T) => (optional ? Type.Optional(schema) : schema);
  return Object.fromEntries(
    CROP_KEYS.map((key) => [key, key === 'stageLengths' ? (optional ? Type.Optional(StageLengthsSchema) : StageLengthsSchema) : wrap(Type.Number({ description: CROP_DESCRIPTIONS[key] }))]),
  );
}
function soilProperties(optional: boolean) {
  return Object.fromEntries(
    SOIL_KEYS.map((key) => {
      const schema = key === 'curveNumber' ? Nullable(Type.Number({ description: SOIL_DESCRIPTIONS[key] })) : Type.Number({ description: SOIL_DESCRIPTIONS[key] });
      return [key, optional ? Type.Optional(schema) : schema];
    }),
  );
}

const ParametersLinks = Type.Object({
  self: LinkSchema,
  curies: CuriesSchema,
  'svc:planting': LinkSchema,
  'svc:waterBalance': LinkSchema,
});

const ParametersSchema = Type.Object({
  crop: Type.Object(cropProperties(false)),
  soil: Type.Object(soilProperties(false)),
  defaults: Type.Array(Type.String(), { description: "JSON Pointers of the values that are defaults (the planting's crop's, the default soil's)" }),
  _links: ParametersLinks,
});

const ParametersBody = Type.Object(
  {
    crop: Type.Optional(Type.Object(cropProperties(true), { additionalProperties: false })),
    soil: Type.Optional(Type.Object(soilProperties(true), { additionalProperties: false })),
  },
  { additionalProperties: false, description: 'The values the planting sets; every value left out is its default' },
);

const PARAMETER_PATHS = [
  ...CROP_KEYS.filter((key) => key !== 'stageLengths').map((key) => `/crop/${key}`),
  '/crop/stageLengths',
  ...['initial', 'development', 'mid', 'late'].map((stage) => `/crop/stageLengths/${stage}`),
  ...SOIL_KEYS.map((key) => `/soil/${key}`),
];
const ParametersPatchBody = Type.Array(
  Type.Object(
    {
      op: Type.String({ enum: ['test', 'replace'], description: 'one of test, replace' }),
      path: Type.String({ enum: PARAMETER_PATHS, description: `one of ${PARAMETER_PATHS.join(', ')}` }),
      value: Type.Unknown(),
    },
    { additionalProperties: false },
  ),
  { minItems: 1, description: 'a JSON-Patch array of at least one command' },
);

const IrrigationLinks = Type.Object({ self: LinkSchema, 'svc:planting': LinkSchema });
const IrrigationSchema = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  amount: Type.Number(),
  units: Type.String(),
  wettedFraction: Nullable(Type.Number()),
  _links: IrrigationLinks,
});
const IrrigationListSchema = Type.Object({ irrigations: Type.Array(IrrigationSchema), _links: IrrigationLinks });
const IrrigationBody = Type.Object(
  {
    date: Type.String({ description: 'YYYY-MM-DD: from the planting date to today + 7 at the field', examples: ['2024-06-10'] }),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'net depth reaching the soil: mm, or inches with units=usa', examples: [25] }),
    wettedFraction: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'fw, the fraction of the surface wetted (FAO-56 Table 20); absent or null: 1', examples: [0.5] }))),
  },
  { additionalProperties: false },
);

const PlantingParams = Type.Object({ fieldId: Type.String(), plantingId: Type.String({ description: "a planting id of the field, or 'current'" }) });
const IrrigationParams = Type.Object({ fieldId: Type.String(), plantingId: Type.String(), irrigationId: Type.String() });
const UnitsQuery = Type.Object({ units: UnitsParameter });

export interface WaterBalanceSetupRouteOptions {
  plantings: PlantingService;
  places: PlaceService;
  setup: WaterBalanceSetupService;
  baseUrl: string;
}


export const waterBalanceSetupRoutes: ApiPlugin<WaterBalanceSetupRouteOptions> = async (app, { plantings, places, setup, baseUrl }) => {
  const plantingOf = (accountId: number, params: { fieldId: string; plantingId: string }) => plantings.getInField(accountId, params.fieldId, parsePlantingRef(params.plantingId, true));

  function presentParameters(result: EffectiveWaterBalanceParameters, fieldId: string, plantingId: number): Static<typeof ParametersSchema> {
    const planting = plantingPath(fieldId, plantingId);
    return {
      crop: result.parameters.crop,
      soil: result.parameters.soil,
      defaults: result.defaults,
      _links: { self: link(`${planting}/waterbalance/parameters`), curies: curies(baseUrl), 'svc:planting': link(planting), 'svc:waterBalance': link(`${planting}/waterbalance`) },
    } as unknown as Static<typeof ParametersSchema>;
  }

  function presentIrrigation(irrigation: IrrigationRecord, units: UnitSystem) {
    const planting = plantingPath(irrigation.fieldId, irrigation.plantingId);
    return {
      id: irrigation.id,
      date: irrigation.date,
      amount: presenter('depth', units)(irrigation.amount),
      units: units === 'usa' ? 'in' : 'mm',
      wettedFraction: irrigation.wettedFraction,
      _links: { self: link(`${planting}/irrigations/${irrigation.id}`), 'svc:planting': link(planting) },
    };
  }

  const PARAMETERS = '/v2/agronomics/fields/:fieldId/plantings/:plantingId/waterbalance/parameters';
  app.get(PARAMETERS, { schema: { summary: "A planting's water-balance parameters, and which are defaults", tags: TAGS, params: PlantingParams, response: { 200: ParametersSchema } } }, async (request) => {
    const planting = await plantingOf(request.auth.accountId, request.params);
    return presentParameters(await setup.parameters(request.auth.accountId, planting), planting.fieldId, planting.id);
  });
  app.put(
    PARAMETERS,
    { schema: { summary: "Set a planting's water-balance parameters (what is left out is its default)", tags: TAGS, params: PlantingParams, body: ParametersBody, response: { 200: ParametersSchema } } },
    async (request) => {
      const planting = await plantingOf(request.auth.accountId, request.params);
      return presentParameters(await setup.replaceParameters(request.auth.accountId, planting, request.body as never), planting.fieldId, planting.id);
    },
  );
  app.patch(
    PARAMETERS,
    { schema: { summary: "Change a planting's water-balance parameters with JSON-Patch (test, replace)", tags: TAGS, params: PlantingParams, body: ParametersPatchBody, response: { 200: ParametersSchema } } },
    async (request) => {
      const planting = await plantingOf(request.auth.accountId, request.params);
      return presentParameters(await setup.patchParameters(request.auth.accountId, planting, request.body), planting.fieldId, planting.id);
    },
  );

  const IRRIGATIONS = '/v2/agronomics/fields/:fieldId/plantings/:plantingId/irrigations';
  app.get(
    IRRIGATIONS,
    { schema: { summary: "A planting's irrigation events, by date", tags: TAGS, params: PlantingParams, querystring: UnitsQuery, response: { 200: IrrigationListSchema } } },
    async (request) => {
      const units = parseUnits(request.query.units);
      const planting = await plantingOf(request.auth.accountId, request.params);
      const path = plantingPath(planting.fieldId, planting.id);
      const events = await setup.irrigations(request.auth.accountId, planting);
      return { irrigations: events.map((event) => presentIrrigation(event, units)), _links: { self: link(request.url), 'svc:planting': link(path) } };
    },
  );
  app.post(
    IRRIGATIONS,
    { schema: { summary: 'Record an irrigation event of a planting', tags: TAGS, params: PlantingParams, querystring: UnitsQuery, body: IrrigationBody, response: { 201: IrrigationSchema } } },
    async (request, reply) => {
      const units = parseUnits(request.query.units);
      const planting = await plantingOf(request.auth.accountId, request.params);
      const place = await places.resolve({ caller: request.auth, ref: { fieldId: planting.fieldId }, url: request.url });
      const date = parseIsoDate(request.body.date, 'date') as IsoDate;
      const amount = units === 'usa' ? inchesToMillimeters(request.body.amount) : request.body.amount;
      const irrigation = await setup.addIrrigation(request.auth.accountId, planting, place.today, { date, amount, wettedFraction: request.body.wettedFraction ?? null });
      const presented = presentIrrigation(irrigation, units);
      reply.code(201).header('Location', `${baseUrl}${presented._links.self.href}`);
      return presented;
    },
  );
  /** `{irrigationId}`: a whole number. */
  const irrigationIdOf = (id: string): number => {
    if (!isIssuedId(id)) throw invalidParameter('irrigationId', `irrigationId must be a whole number from 1 to ${MAX_PLANTING_ID} (got '${id}').`);
    return Number(id);
  };
  app.get(
    `${IRRIGATIONS}/:irrigationId`,
    { schema: { summary: 'An irrigation event', tags: TAGS, params: IrrigationParams, querystring: UnitsQuery, response: { 200: IrrigationSchema } } },
    async (request) => {
      const units = parseUnits(request.query.units);
      const planting = await plantingOf(request.auth.accountId, request.params);
      const id = irrigationIdOf(request.params.irrigationId);
      const found = (await setup.irrigations(request.auth.accountId, planting)).find((event) => event.id === id);
      if (!found) throw notFoundError('Irrigation', `No irrigation ${id} of the planting ${planting.id} in the field '${planting.fieldId}'.`);
      return presentIrrigation(found, units);
    },
  );
  app.delete(
    `${IRRIGATIONS}/:irrigationId`,
    { schema: { summary: 'Delete an irrigation event', tags: TAGS, params: IrrigationParams } },
    async (request, reply) => {
      const planting = await plantingOf(request.auth.accountId, request.params);
      await setup.deleteIrrigation(request.auth.accountId, planting, irrigationIdOf(request.params.irrigationId));
      return reply.code(204).send();
    },
  );
};
