/**
 * The "limit" of a distinct benchmark scenario: a bare node:http server sending, in turn, answers
 * captured from the service (their very bytes and content type), built once before it listens.
 * No routing, no parsing, no work per request beyond writing the bytes.
 * Usage: tsx bench/http/replay-server.ts answers.json   (a JSON array of { type, body: base64 })
 */
import fs from 'node:fs';
import http from 'node:http';

const captured = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as { type: string; body: string }[];
const answers = captured.map((a) => {
  const body = Buffer.from(a.body, 'base64');
  return { body, headers: { 'content-type': a.type, 'content-length': String(body.length) } };
});
let turn = 0;
const server = http.createServer((_request, response) => {
  const answer = answers[turn++ % answers.length]!;
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
