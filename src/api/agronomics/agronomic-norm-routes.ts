/**
 * Agronomic norms for a field (statistics) or a latitude/longitude (plain averages): per calendar
 * day of the field's planting season so far (planting day through yesterday), of `MM-DD` or of
 * `{startDay},{endDay}`, over the previous 10 years or `/years/{startYear},{endYear}`.
 * Thin: parse → service → present.
 */
import { monthDayRange } from '../../core/date-spans.js';
import { monthDayOf } from '../../core/dates.js';
import { setDataSource } from '../../http/data-source.js';
import { parseMonthDay, parseMonthDaySpan, parseYearList, parseYearSpan } from '../../http/date-params.js';
import { contentRange, pageIndices, pageLinks, parsePaging, parseSort } from '../../http/list-query.js';
import { parseUnits } from '../../http/units.js';
import type { AgronomicNormService } from '../../services/agronomic-norms-service.js';
import type { PlaceService } from '../../services/place-service.js';
import type { ApiInstance } from '../api-plugin.js';
import { PLACE_ROUTES, type PlaceRouteServices, registerPlaceRoutes } from '../place-routes.js';
import { plantingPath } from '../plantings/planting-presenter.js';
import { requestPath } from '../weather/weather-place.js';
import { agronomicNormsPresenter } from './agronomic-norm-presenter.js';
import { AGRONOMIC_NORM_SORTS } from './agronomic-norm-schemas.js';
import { agronomicLinks } from './agronomic-place.js';
import { AGRONOMIC_NORM_PROPERTIES, parseAgronomicSelection } from './agronomic-properties.js';
import { parseGddParameters } from '../../services/gdd-parameters.js';

export interface AgronomicNormRouteServices extends PlaceRouteServices {
  places: PlaceService;
  agronomicNorms: AgronomicNormService;
  baseUrl: string;
}

export function agronomicNormRoutes(app: ApiInstance, services: AgronomicNormRouteServices): void {
  const { places, agronomicNorms, baseUrl } = services;

  registerPlaceRoutes(app, services, PLACE_ROUTES.agronomicNorms, async ({ place, view, segments, query, request, reply, requester }) => {
    const years = segments.years === undefined ? undefined : parseYearSpan(segments.years);
    const excludeYears = parseYearList(query.excludeYears);
    const units = parseUnits(query.units);
    const selection = parseAgronomicSelection(query.properties, AGRONOMIC_NORM_PROPERTIES);
    const sort = parseSort(query.sort, AGRONOMIC_NORM_SORTS, [{ key: 'day', descending: false }]);
    const gdd = parseGddParameters(query, units);
    // Any calendar day; the running totals start on its latest occurrence before the start day.
    const accumulationStartDay =
      query.accumulationStartDay === undefined || query.accumulationStartDay === '' ? null : parseMonthDay(query.accumulationStartDay.trim(), 'accumulationStartDay');

    let span;
    if (segments.days === undefined) {
      // Without days: the calendar days of the current planting's season so far.
      const season = places.seasonSoFar(place, 'days');
      span = monthDayRange(monthDayOf(season.start), monthDayOf(season.end));
    } else {
      span = parseMonthDaySpan(segments.days);
    }
    const paging = span.single ? null : parsePaging(query, 'agronomicNorms', request.auth.enterprise);

    const norms = await agronomicNorms.norms(place.location, { ...span, years, excludeYears, accumulationStartDay, gdd }, requester);
    setDataSource(reply, norms.sources);

    const present = agronomicNormsPresenter({
      place: view,
      units,
      selection,
      baseUrl,
      yearsSuffix: years && segments.days !== undefined ? `/years/${years.startYear},${years.endYear}` : '',
      plantingHref: place.planting ? plantingPath(place.planting.fieldId, place.planting.id) : null,
    });
    if (span.single) return present.single(norms);

    const total = norms.dayCount;
    const indices = pageIndices(paging!, total, sort[0]!.descending);
    const range = contentRange(paging!.offset, indices.length, total);
    reply.header('Content-Range', view.fieldHref ? `${range} fields` : `norms ${range}`);
    const { self, ...rest } = agronomicLinks(view, request.url, baseUrl);
    const links = { self, ...pageLinks(requestPath(request), query, paging!, total), ...rest };
    return present.ranged(norms, indices, links);
  });
}
