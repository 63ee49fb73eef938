/**
 * The framework floor: a bare Fastify app (no hooks, no logger, no schemas) whose one route,
 * `GET /v2/fields/:fieldId`, answers the baseline's small JSON. Loaded with distinct URLs beside
 * the baseline, it shows how much of the gap between a cheap request and the baseline is the
 * framework itself, and how much the service's own work per request.
 */
import Fastify from 'fastify';
import { SMALL_JSON } from './small-json.js';

const app = Fastify({ logger: false });
app.get('/v2/fields/:fieldId', async () => SMALL_JSON);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
process.stdout.write(`${JSON.stringify({ port: address.port, pid: process.pid })}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
