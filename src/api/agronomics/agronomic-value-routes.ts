/**
 * Agronomic values (GDD, PET, P/PET and their running totals) for a field or a
 * latitude/longitude: from the field's current planting through yesterday, one date, or a date
 * range, from 30 months ago to 7 days ahead. Thin: parse → service → present.
 */
import { setDataSource } from '../../http/data-source.js';
import { parseDateSpan, parseIsoDate } from '../../http/date-params.js';
import { parseSort } from '../../http/list-query.js';
import { parseUnits } from '../../http/units.js';
import type { AgronomicValuesService } from '../../services/agronomic-values-service.js';
import { agronomicValueWindow, checkDatesWithin } from '../../services/date-windows.js';
import type { PlaceService } from '../../services/place-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { PLACE_ROUTES, type PlaceRouteServices, registerPlaceRoutes } from '../place-routes.js';
import { plantingPath } from '../plantings/planting-presenter.js';
import { agronomicLinks } from './agronomic-place.js';
import { parseAgronomicSelection } from './agronomic-properties.js';
import { agronomicValuesPresenter } from './agronomic-value-presenter.js';
import { AGRONOMIC_VALUE_SORTS } from './agronomic-value-schemas.js';
import { parseGddParameters } from '../../services/gdd-parameters.js';

export interface AgronomicValueRouteServices extends PlaceRouteServices {
  places: PlaceService;
  agronomicValues: AgronomicValuesService;
  baseUrl: string;
}

export function agronomicValueRoutes(app: ApiInstance, services: AgronomicValueRouteServices): void {
  const { places, agronomicValues, baseUrl } = services;

  registerPlaceRoutes(app, services, PLACE_ROUTES.agronomicValues, async ({ place, view, segments, query, request, reply, requester }) => {
    const units = parseUnits(query.units);
    const selection = parseAgronomicSelection(query.properties);
    const sort = parseSort(query.sort, AGRONOMIC_VALUE_SORTS, [{ key: 'date', descending: false }]);
    const gdd = parseGddParameters(query, units);

    const window = agronomicValueWindow(place.today);
    let span;
    if (segments.dates === undefined) {
      // Without dates the range is the current planting's season so far.
      span = { ...places.seasonSoFar(place, 'dates', window.earliest), single: false };
    } else {
      span = parseDateSpan(segments.dates);
      checkDatesWithin(span, window);
    }
    const accumulationStart =
      query.accumulationStartDate === undefined || query.accumulationStartDate === '' ? null : parseIsoDate(query.accumulationStartDate.trim(), 'accumulationStartDate');

    const values = await agronomicValues.values(place, { start: span.start, end: span.end, accumulationStart, gdd }, requester);
    setDataSource(reply, values.sources);
    const plantingHref = place.planting ? plantingPath(place.planting.fieldId, place.planting.id) : null;
    const present = agronomicValuesPresenter({ place: view, units, selection, baseUrl, plantingHref });
    if (span.single) return present.single(values);
    return present.ranged(values, sort[0]!.descending, agronomicLinks(view, request.url, baseUrl));
  });
}
