/**
 * The map: the service's own web-mercator tiles (`base,states` as the base layer, `temperatures`
 * as a switchable overlay, both with `?token=`), and one marker per field.
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Field } from './types.js';

const TRANSPARENT_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

const tileUrl = (types: string, token: string) => `/v2/imagery/weathermaps/${types}/tiles/{x},{y},{z}?token=${encodeURIComponent(token)}`;

export interface FieldMap {
  setToken(token: string): void;
  showFields(fields: Field[], onSelect: (field: Field) => void): void;
  select(field: Field): void;
}

export function createFieldMap(element: HTMLElement, token: string): FieldMap {
  const map = L.map(element, { minZoom: 1, maxZoom: 18, worldCopyJump: true, keyboard: true }).setView([40, -95], 4);
  const options: L.TileLayerOptions = { minZoom: 1, maxZoom: 18, tileSize: 256, errorTileUrl: TRANSPARENT_PIXEL, attribution: 'agwx weather maps' };
  const base = L.tileLayer(tileUrl('base,states', token), options);
  const temperatures = L.tileLayer(tileUrl('temperatures', token), { ...options, opacity: 0.7 });
  base.addTo(map);
  L.control.layers({ 'Land, water and state lines': base }, { Temperatures: temperatures }, { collapsed: false }).addTo(map);
  const markers = L.layerGroup().addTo(map);
  const byId = new Map<string, L.CircleMarker>();

  return {
    setToken(next) {
      base.setUrl(tileUrl('base,states', next));
      temperatures.setUrl(tileUrl('temperatures', next));
    },
    showFields(fields, onSelect) {
      markers.clearLayers();
      byId.clear();
      for (const field of fields) {
        const marker = L.circleMarker([field.centerPoint.latitude, field.centerPoint.longitude], {
          radius: 8,
          color: '#17563a',
          weight: 2,
          fillColor: '#f2a900',
          fillOpacity: 0.9,
        })
          .bindTooltip(field.name ?? field.id)
          .on('click', () => onSelect(field));
        marker.addTo(markers);
        byId.set(field.id, marker);
      }
      if (fields.length > 0) {
        const bounds = L.latLngBounds(fields.map((f) => [f.centerPoint.latitude, f.centerPoint.longitude] as [number, number]));
        map.fitBounds(bounds.pad(0.5), { maxZoom: 8 });
      }
    },
    select(field) {
      for (const [id, marker] of byId) marker.setStyle({ fillColor: id === field.id ? '#b3261e' : '#f2a900' });
      map.panTo([field.centerPoint.latitude, field.centerPoint.longitude]);
    },
  };
}
