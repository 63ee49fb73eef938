/**
 * Update times of weather layers. Interval 0 is the latest update (the current period's start),
 * N the N-th earlier one. Updates are kept for ARCHIVE_HISTORY_HOURS; older ones are not found.
 */
import { MapNotFoundError, MapValidationError } from './map-errors.js';
import type { MapLayer } from './map-layer.js';

export const ARCHIVE_HISTORY_HOURS = 24;
const MINUTE_MS = 60_000;

/** Number of updates kept for a layer (intervals 0 … count − 1), or null for reference layers. */
export function keptUpdates(layer: MapLayer): number | null {
  if (layer.updatePeriodMinutes === null) return null;
  return Math.floor((ARCHIVE_HISTORY_HOURS * 60) / layer.updatePeriodMinutes);
}

/** Start of the update a layer shows for an interval, UTC epoch ms; null for reference layers. */
export function updateTimeFor(layer: MapLayer, now: number, interval: number): number | null {
  if (!Number.isInteger(interval) || interval < 0) {
    throw new MapValidationError('interval', 'interval must be a non-negative integer');
  }
  const kept = keptUpdates(layer);
  if (kept === null) return null;
  if (interval >= kept) {
    throw new MapNotFoundError(
      'interval',
      `layer ${layer.code} keeps ${kept} updates (${ARCHIVE_HISTORY_HOURS} h at every ${layer.updatePeriodMinutes} min); interval ${interval} is no longer available`,
    );
  }
  const period = layer.updatePeriodMinutes! * MINUTE_MS;
  return Math.floor(now / period) * period - interval * period;
}
