/** The common shape of weather layers that colour one gridded variable through a ramp. */
import type { ColourRamp } from '../../colour-ramp.js';
import type { Coverage } from '../../coverage.js';
import { drawValueField } from '../../drawing/value-raster.js';
import type { MapLayer } from '../../map-layer.js';
import type { WeatherGridVariable } from '../../weather-grid/weather-grid-provider.js';

export interface GriddedWeatherLayerDefinition {
  readonly code: string;
  readonly title: string;
  readonly variable: WeatherGridVariable;
  readonly ramp: ColourRamp;
  readonly coverage: Coverage;
  readonly updatePeriodMinutes: number;
  /** Pixels between grid samples on a 256-pixel tile (values are interpolated in between); default 4. */
  readonly sampleStep?: number;
  /** What the layer shows, in words ("No {dataName} data here" where it has none). */
  readonly dataName: string;
  readonly notes?: string;
}

/** What every layer drawn from the weather grid says of itself: a transparent weather layer of the renderer's weather source. */
export function weatherGridLayerFacts(definition: {
  readonly code: string;
  readonly title: string;
  readonly coverage: Coverage;
  readonly updatePeriodMinutes: number;
}): Pick<MapLayer, 'code' | 'title' | 'kind' | 'coverage' | 'updatePeriodMinutes' | 'opaque' | 'source' | 'license'> {
  return {
    code: definition.code,
    title: definition.title,
    kind: 'weather',
    coverage: definition.coverage,
    updatePeriodMinutes: definition.updatePeriodMinutes,
    opaque: false,
    source: 'the WeatherGridProvider the renderer is given',
    license: 'as the weather source',
  };
}

export function griddedWeatherLayer(definition: GriddedWeatherLayerDefinition): MapLayer {
  const step = definition.sampleStep ?? 4;
  return {
    ...weatherGridLayerFacts(definition),
    ramp: definition.ramp,
    dataName: definition.dataName,
    ...(definition.notes ? { notes: definition.notes } : {}),
    weatherFields: [{ variable: definition.variable, baseStep: step }],
    draw(ctx, viewport, frame) {
      drawValueField(ctx, viewport, frame.field(definition.variable, step), definition.ramp);
    },
  };
}
