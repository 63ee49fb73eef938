/** The baseline: a bare node:http server answering a small JSON document. */
import http from 'node:http';
import { SMALL_JSON } from './small-json.js';

const body = JSON.stringify(SMALL_JSON);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port, pid: process.pid })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
