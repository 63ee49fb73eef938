/**
 * The map: the service's own web-mercator tiles (`base,states` as the base layer, `temperatures`
 * as a switchable overlay, both with `?token=`), one marker per field, and the legend of the
 * overlay while it is shown (when the service has a legend for it).
 */
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Field, MapLegend } from './types.js';

const TRANSPARENT_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

const tileUrl = (types: string, token: string) => `/v2/imagery/weathermaps/${types}/tiles/{x},{y},{z}?token=${encodeURIComponent(token)}`;

export interface FieldMap {
  setToken(token: string): void;
  /** Called with the point of a click on the map (rounded to 4 decimals, about 10 m). */
  onPick(listener: (latitude: number, longitude: number) => void): void;
  showFields(fields: Field[], onSelect: (field: Field) => void): void;
  select(field: Field): void;
}

/** Where the map reads the legend of a weather layer; null: the service has none. */
export type LegendSource = (layer: string) => Promise<MapLegend | null>;

/** The legend of a layer: one swatch and value per stop, from the lowest value up. */
function legendElement(legend: MapLegend): HTMLElement {
  const box = document.createElement('div');
  box.className = 'map-legend';
  box.dataset.layer = legend.layer;
  const title = document.createElement('strong');
  title.textContent = legend.units ? `${legend.layer} (${legend.units})` : legend.layer;
  const list = document.createElement('ul');
  for (const stop of [...legend.stops].sort((a, b) => a.value - b.value)) {
    const item = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = 'swatch';
    swatch.style.background = stop.color;
    item.append(swatch, String(stop.value));
    list.append(item);
  }
  box.append(title, list);
  return box;
}

export function createFieldMap(element: HTMLElement, token: string, legends: LegendSource): FieldMap {
  const map = L.map(element, { minZoom: 1, maxZoom: 18, worldCopyJump: true, keyboard: true }).setView([40, -95], 4);
  const options: L.TileLayerOptions = { minZoom: 1, maxZoom: 18, tileSize: 256, errorTileUrl: TRANSPARENT_PIXEL, attribution: 'agwx weather maps' };
  const base = L.tileLayer(tileUrl('base,states', token), options);
  const temperatures = L.tileLayer(tileUrl('temperatures', token), { ...options, opacity: 0.7 });
  base.addTo(map);
  L.control.layers({ 'Land, water and state lines': base }, { Temperatures: temperatures }, { collapsed: false }).addTo(map);
  const markers = L.layerGroup().addTo(map);
  const LegendControl = L.Control.extend({
    onAdd: () => L.DomUtil.create('div', 'map-legend-box'),
  });
  const legendControl = new LegendControl({ position: 'bottomright' });
  legendControl.addTo(map);
  const legendBox = legendControl.getContainer()!;
  let shownOverlay = 0;
  map.on('overlayadd', (event: L.LayersControlEvent) => {
    if (event.layer !== temperatures) return;
    const shown = ++shownOverlay;
    legends('temperatures')
      .then((legend) => {
        if (shown === shownOverlay && legend && map.hasLayer(temperatures)) legendBox.replaceChildren(legendElement(legend));
      })
      .catch(() => undefined); // no legend: nothing is shown
  });
  map.on('overlayremove', (event: L.LayersControlEvent) => {
    if (event.layer !== temperatures) return;
    shownOverlay++;
    legendBox.replaceChildren();
  });
  const byId = new Map<string, L.CircleMarker>();

  return {
    setToken(next) {
      base.setUrl(tileUrl('base,states', next));
      temperatures.setUrl(tileUrl('temperatures', next));
    },
    onPick(listener) {
      map.on('click', (event: L.LeafletMouseEvent) => {
        const { lat, lng } = event.latlng.wrap();
        listener(Math.round(lat * 1e4) / 1e4, Math.round(lng * 1e4) / 1e4);
      });
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
          bubblingMouseEvents: false, // a click on a field chooses it, not a point for a new one
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
