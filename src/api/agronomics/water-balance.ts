/**
 * A planting's daily crop water balance (FAO-56 dual crop coefficient) and the irrigation advice:
 * `/v2/agronomics/fields/{fieldId}/plantings/{plantingId}/waterbalance` (the planting date through
 * the last forecast day) and `…/waterbalance/{startDate},{endDate}` (those days of it; one date
 * alone is a one-day range). `plantingId` may be `current`. The whole resource: its output
 * tables, its path forms and its handler. Thin: parse → service → answer.
 *
 * Answer: `location, totals, irrigationAdvice, dailyWaterBalance[…], _links`. Depths are
 * `{amount, units}` in mm or in, the root depth in m or ft, coefficients bare numbers.
 */
import { Type } from 'typebox';
import { setDataSource } from '../../http/data-source.js';
import { link, type Link } from '../../http/links.js';
import { parseUnits } from '../../http/units.js';
import type { PlantingService } from '../../services/planting-service.js';
import type { PlantingWaterBalance, WaterBalanceService } from '../../services/water-balance-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { compileEntry, entrySchema, entryTable, listAnswer, type OutputView, out } from '../output-table.js';
import { type PlaceRouteServices, registerPlaceRoutes, resource } from '../place-routes.js';
import { parsePlantingRef } from '../plantings/planting-schemas.js';
import { plantingPath } from '../plantings/planting-table.js';
import { UnitsParameter } from '../schema-helpers.js';
import { presentLocation, type WeatherPlace } from '../weather/weather-place.js';
import { agronomicLinkMaker } from './agronomic-place.js';
import { AgronomicLinksSchema, AgronomicLocationSchema } from './agronomic-schemas.js';

interface WaterBalanceView extends OutputView {
  place: WeatherPlace;
}

type Balance = PlantingWaterBalance;
const day = (balance: Balance, i: number) => balance.days[i]!;

/** One day of the balance, in FAO-56's terms (docs/water-balance.md). */
const WATER_BALANCE_DAY = entryTable<Balance, WaterBalanceView>({
  date: { ...out.text<Balance>((b, i) => day(b, i).date, true), always: true },
  referenceEt: out.amounts('depth', { amount: (b, i) => day(b, i).referenceEt }),
  basalCropCoefficient: out.number('coefficient', (b, i) => day(b, i).kcb),
  evaporationCoefficient: out.number('coefficient', (b, i) => day(b, i).ke),
  cropCoefficient: out.number('coefficient', (b, i) => day(b, i).kc),
  waterStressCoefficient: out.number('coefficient', (b, i) => day(b, i).ks),
  cropEt: out.amounts('depth', { amount: (b, i) => day(b, i).etc }),
  actualEt: out.amounts('depth', { amount: (b, i) => day(b, i).eta }),
  transpiration: out.amounts('depth', { amount: (b, i) => day(b, i).transpiration }),
  evaporation: out.amounts('depth', { amount: (b, i) => day(b, i).evaporation }),
  rootDepth: out.amounts('length', { amount: (b, i) => day(b, i).rootDepth }),
  totalAvailableWater: out.amounts('depth', { amount: (b, i) => day(b, i).taw }),
  readilyAvailableWater: out.amounts('depth', { amount: (b, i) => day(b, i).raw }),
  depletion: out.amounts('depth', { amount: (b, i) => day(b, i).rootZoneDepletion }),
  precipitation: out.amounts('depth', { amount: (b, i) => day(b, i).precipitation }),
  irrigation: out.amounts('depth', { amount: (b, i) => day(b, i).irrigation }),
  runoff: out.amounts('depth', { amount: (b, i) => day(b, i).runoff }),
  deepPercolation: out.amounts('depth', { amount: (b, i) => day(b, i).deepPercolation }),
  source: out.text<Balance>((b, i) => day(b, i).source, true),
});

/** `totals`: sums over the answered days, and the depletion at the end of the last. */
const TOTALS = entryTable<Balance, WaterBalanceView>({
  referenceEt: out.amounts('depth', { amount: (b) => b.totals.referenceEt }),
  cropEt: out.amounts('depth', { amount: (b) => b.totals.etc }),
  actualEt: out.amounts('depth', { amount: (b) => b.totals.eta }),
  transpiration: out.amounts('depth', { amount: (b) => b.totals.transpiration }),
  evaporation: out.amounts('depth', { amount: (b) => b.totals.evaporation }),
  precipitation: out.amounts('depth', { amount: (b) => b.totals.precipitation }),
  irrigation: out.amounts('depth', { amount: (b) => b.totals.irrigation }),
  runoff: out.amounts('depth', { amount: (b) => b.totals.runoff }),
  deepPercolation: out.amounts('depth', { amount: (b) => b.totals.deepPercolation }),
  finalDepletion: out.amounts('depth', { amount: (b) => b.totals.lastDayDepletion }),
});

/** `irrigationAdvice`: when depletion passes RAW, the depth that refills the root zone then, and on what basis. */
const ADVICE = entryTable<Balance, WaterBalanceView>({
  date: out.optionalText<Balance>((b) => b.advice.date),
  depth: out.amounts('depth', { amount: (b) => b.advice.depth }),
  basis: out.optionalText<Balance>((b) => b.advice.basis),
});

const WaterBalanceLinksSchema = Type.Object({
  ...AgronomicLinksSchema.properties,
  'svc:waterBalanceParameters': Type.Optional(Type.Object({ href: Type.String() })),
});

const WaterBalanceSchema = Type.Object({
  location: Type.Optional(AgronomicLocationSchema),
  totals: Type.Optional(entrySchema(TOTALS)),
  irrigationAdvice: Type.Optional(entrySchema(ADVICE)),
  dailyWaterBalance: Type.Optional(Type.Array(entrySchema(WATER_BALANCE_DAY))),
  _links: Type.Optional(WaterBalanceLinksSchema),
});

export const WATER_BALANCE = resource({
  heavy: true,
  family: 'agronomics',
  tags: ['water balance'],
  querystring: Type.Object({ units: UnitsParameter }),
  csv: { rows: ['dailyWaterBalance'] },
  // Irrigations and parameters change the answer without changing the weather: never kept.
  neverKept: true,
  forms: [
    {
      path: 'plantings/:plantingId/waterbalance',
      summary: { field: "A planting's daily water balance (FAO-56 dual crop coefficient) from its planting date through the forecast, with irrigation advice" },
      response: WaterBalanceSchema,
    },
    {
      path: 'plantings/:plantingId/waterbalance/:dates',
      summary: { field: "A planting's daily water balance on a date or {startDate},{endDate} (from its planting date to today + 7), with irrigation advice" },
      response: WaterBalanceSchema,
    },
  ],
});

export interface WaterBalanceRouteServices extends PlaceRouteServices {
  plantings: PlantingService;
  waterBalance: WaterBalanceService;
  baseUrl: string;
}


export function waterBalanceRoutes(app: ApiInstance, services: WaterBalanceRouteServices): void {
  const { plantings, waterBalance, baseUrl } = services;

  registerPlaceRoutes(app, services, WATER_BALANCE, async ({ place, view, dates, query, request, reply, requester }) => {
    const units = parseUnits(query.units);
    const fieldId = (request.params as { fieldId: string }).fieldId;
    const ref = parsePlantingRef((request.params as { plantingId: string }).plantingId, true);
    const planting = await plantings.getInField(request.auth.accountId, fieldId, ref);
    const range = dates ? { start: dates.start, end: dates.end } : null;
    const balance = await waterBalance.balance(
      place,
      request.auth.accountId,
      planting,
      range,
      requester,
    );
    setDataSource(reply, balance.sources);

    const plantingHref = plantingPath(planting.fieldId, planting.id);
    const presentation: WaterBalanceView = { place: view, units };
    const links = {
      ...agronomicLinkMaker(view, baseUrl, plantingHref)(request.url),
      'svc:waterBalanceParameters': link(`${plantingHref}/waterbalance/parameters`) as Link,
    };
    const head = {
      location: presentLocation(view.location),
      totals: compileEntry(TOTALS, presentation).object(balance, 0),
      irrigationAdvice: compileEntry(ADVICE, presentation).object(balance, 0),
    };
    return listAnswer(compileEntry(WATER_BALANCE_DAY, presentation), balance, balance.days.length, 'dailyWaterBalance', links, { head });
  });
}
