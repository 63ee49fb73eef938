import { createAgwxClient } from '../src/index.js';
const agwx = createAgwxClient({ baseUrl: 'http://localhost:8080', key: process.env.AGWX_KEY!, secret: process.env.AGWX_SECRET! });
for await (const field of agwx.paginate('/v2/fields')) console.log(field.id, field.name, field.centerPoint);
await agwx.post('/v2/fields', { body: { id: 'north-40', farmId: 'farm-1', centerPoint: { latitude: 41.99, longitude: -93.62 } } });
const week = { params: { path: { fieldId: 'north-40', dates: '2026-06-01,2026-06-07' } } };
const observed = await agwx.get('/v2/weather/fields/{fieldId}/observations/{dates}', week);
if ('observations' in observed) for (const day of observed.observations) console.log(day.date, day.temperatures?.max);
const values = await agwx.get('/v2/agronomics/fields/{fieldId}/agronomicvalues/{dates}', week);
if ('accumulations' in values) console.log('GDD, 1-7 June:', values.accumulations?.gdd);
