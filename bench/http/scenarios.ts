/**
 * HTTP benchmark scenarios. Each names a request against the running service; `setup` prepares
 * data once through the public API. Add a scenario here to benchmark a new endpoint.
 */
export interface BenchContext {
  baseUrl: string;
  headers: Record<string, string>;
  /** POSTs JSON through the public API. */
  post(path: string, body: unknown): Promise<void>;
}

export interface Scenario {
  name: string;
  path: string;
  /** A form body: the request is a POST of it (`application/x-www-form-urlencoded`). */
  form?: string;
  /** Send the bench key's Basic credentials instead of its bearer token. */
  basicAuth?: boolean;
  setup?(context: BenchContext): Promise<void>;
}

const benchField = (id: string, i = 0) => ({
  id,
  name: `Field_${i}`,
  farmId: `farm-${i % 7}`,
  acres: 10 + i,
  centerPoint: { latitude: 41.5 + i * 0.01, longitude: -93.5 - i * 0.01 },
});

export const SCENARIOS: Scenario[] = [
  {
    name: 'GET /v2/fields/{fieldId}',
    path: '/v2/fields/bench-field',
    setup: (c) => c.post('/v2/fields', benchField('bench-field')),
  },
  {
    name: 'GET /v2/fields?limit=50',
    path: '/v2/fields?limit=50',
    setup: async (c) => {
      for (let i = 0; i < 60; i++) await c.post('/v2/fields', benchField(`list-${i}`, i));
    },
  },
  {
    // Planted 2024-02-16: with the bench clock at 2024-06-15, 120 days through yesterday.
    name: 'field agronomic values, 120-day season',
    path: '/v2/agronomics/fields/bench-agro-values/agronomicvalues',
    setup: async (c) => {
      await c.post('/v2/fields', benchField('bench-agro-values'));
      await c.post('/v2/agronomics/fields/bench-agro-values/plantings', { crop: 'corn', plantingDate: '2024-02-16' });
    },
  },
  {
    // 02-16 … 06-14 over the previous 10 years (one page of daily norms).
    name: 'field agronomic norms, season over 10 years',
    path: '/v2/agronomics/fields/bench-agro-norms/agronomicnorms',
    setup: async (c) => {
      await c.post('/v2/fields', benchField('bench-agro-norms'));
      await c.post('/v2/agronomics/fields/bench-agro-norms/plantings', { crop: 'corn', plantingDate: '2024-02-16' });
    },
  },
  {
    name: 'field observations, 7 days',
    path: '/v2/weather/fields/bench-weather/observations',
    setup: (c) => c.post('/v2/fields', benchField('bench-weather')),
  },
  {
    // Forecasts exist on field paths only.
    name: 'field forecast, one day, blockSize 1',
    path: '/v2/weather/fields/bench-weather/forecasts/2024-06-16',
  },
  {
    // Location norms answer every day of the range in one response.
    name: 'location weather norms, 365 days over 10 years',
    path: '/v2/weather/locations/41.6,-93.7/norms/01-01,12-31',
  },
  {
    // A client asking for a new token before each call: the right secret, checked slowly once.
    name: 'POST /oauth/token (same key and secret again)',
    path: '/oauth/token',
    form: 'grant_type=client_credentials',
    basicAuth: true,
  },
  {
    name: 'map tile base,states,temperatures z5 (cached)',
    path: '/v2/imagery/weathermaps/base,states,temperatures/tiles/7,11,5',
  },
];
