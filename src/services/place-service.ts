/**
 * The place a weather or agronomic request is about, resolved once per request: a field of the
 * caller's account (404 when unknown) or a latitude/longitude, as a weather location (grid cell,
 * time zone), its local today, the field's current planting when the range starts at it, and the
 * key under which the answer may be kept (http/answer-cache.ts).
 *
 * The answer key names everything an answer depends on: the account and its plan (list limits),
 * the coordinates (a field deleted and created again elsewhere gets other answers), the local date
 * (it fixes every default range, window and year), the weather source's revision for the cell,
 * the current planting when it was read, and the request URL with its query. It is null when the
 * answer must be built every time: the source cannot name a revision (providers, cells with
 * imported data), or answers are not kept at all.
 */
import type { AuthContext } from '../core/auth-context.js';
import type { Clock } from '../core/clock.js';
import { addDays, type IsoDate } from '../core/dates.js';
import { invalid } from '../core/errors.js';
import type { PlantingRepository } from '../store/planting-repository.js';
import type { GridCell } from '../weather/weather-source.js';
import type { FieldService } from './field-service.js';
import { localToday, locationAt, type WeatherLocation } from './weather-location.js';

/** A field of the caller's account, or a latitude/longitude. */
export type PlaceRef = { fieldId: string } | { latitude: number; longitude: number };

/** The field's current planting (its most recently created one), whose date starts the season. */
export interface CurrentPlanting {
  id: number;
  fieldId: string;
  plantingDate: IsoDate;
}

export interface PlaceRequest {
  caller: Pick<AuthContext, 'accountId' | 'enterprise'>;
  ref: PlaceRef;
  /**
   * The range starts at the field's current planting (a path without dates): the resource's name,
   * for the 400 when the field has none. Absent: the planting is not read.
   */
  season?: string;
  /** The request's path and query. */
  url: string;
}

export interface Place {
  location: WeatherLocation;
  /** The local date at the place, by the clock. */
  today: IsoDate;
  yesterday: IsoDate;
  /** The field's current planting, when the request's range starts at it. */
  planting: CurrentPlanting | null;
  /** Where the answer may be kept; null: build it every time. */
  answerKey: string | null;
}

export interface PlaceService {
  resolve(request: PlaceRequest): Promise<Place>;
  /**
   * The field's planting season so far: its current planting's date through yesterday at the
   * field. 400 when the planting is after yesterday, or before `earliest` (the history kept);
   * `pathPart` names what the client should give in the path instead ('dates' or 'days').
   */
  seasonSoFar(place: Place, pathPart: 'dates' | 'days', earliest?: IsoDate): { start: IsoDate; end: IsoDate };
}

export interface PlaceServiceDependencies {
  fields: Pick<FieldService, 'get'>;
  plantings: Pick<PlantingRepository, 'current'>;
  clock: Clock;
  /** The weather source's revision of its data for a cell (null: answers may change at any time). */
  revision?: (cell: GridCell) => Promise<string | null>;
  /** False when answers are never kept (no key is built). */
  keepAnswers: boolean;
}

export function createPlaceService(deps: PlaceServiceDependencies): PlaceService {
  const { fields, plantings, clock, revision } = deps;

  const noPlanting = (fieldId: string, resource: string) =>
    invalid(
      'The field has no planting.',
      `The field '${fieldId}' has no planting, so ${resource} without dates have no start date. Create a planting for the field or give the dates in the path.`,
    );

  async function answerKey(request: PlaceRequest, location: WeatherLocation, today: IsoDate, planting: CurrentPlanting | null): Promise<string | null> {
    if (!deps.keepAnswers || !revision) return null;
    const dataRevision = await revision(location.cell);
    if (dataRevision === null) return null;
    const { accountId, enterprise } = request.caller;
    const read = planting ? `planting ${planting.id} ${planting.plantingDate}` : '';
    return `${accountId}|${enterprise ? 'e' : 's'}|${location.latitude},${location.longitude}|${today}|${dataRevision}|${read}|${request.url}`;
  }

  return {
    async resolve(request) {
      const { ref, caller } = request;
      let location: WeatherLocation;
      let planting: CurrentPlanting | null = null;
      if ('fieldId' in ref) {
        // The planting is read beside the field; an unknown field is 404 before anything else.
        const [field, current] = await Promise.all([
          fields.get(caller.accountId, ref.fieldId),
          request.season === undefined ? undefined : plantings.current(caller.accountId, ref.fieldId),
        ]);
        location = locationAt(field.latitude, field.longitude, field.id);
        if (request.season !== undefined) {
          if (!current) throw noPlanting(ref.fieldId, request.season);
          planting = { id: current.id, fieldId: field.id, plantingDate: current.plantingDate };
        }
      } else {
        location = locationAt(ref.latitude, ref.longitude);
      }
      const today = localToday(location, clock);
      return { location, today, yesterday: addDays(today, -1), planting, answerKey: await answerKey(request, location, today, planting) };
    },

    seasonSoFar(place, pathPart, earliest) {
      const planting = place.planting;
      if (!planting) throw new Error('seasonSoFar needs a place resolved with its season');
      if (planting.plantingDate > place.yesterday) {
        throw invalid(
          'The planting has no past days yet.',
          `The current planting of the field '${planting.fieldId}' is dated ${planting.plantingDate}, after yesterday (${place.yesterday}) at the field; give the ${pathPart} in the path.`,
        );
      }
      if (earliest !== undefined && planting.plantingDate < earliest) {
        throw invalid(
          'The planting is older than the history kept.',
          `The current planting of the field '${planting.fieldId}' is dated ${planting.plantingDate}, older than the observed history (the earliest date is ${earliest}); give the ${pathPart} in the path.`,
        );
      }
      return { start: planting.plantingDate, end: place.yesterday };
    },
  };
}
