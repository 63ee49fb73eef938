/**
 * A minimal round-robin reverse proxy over keep-alive connections, standing in for a load
 * balancer in front of several instances. Usage: tsx bench/http/proxy.ts PORT UPSTREAM_PORT...
 */
import http from 'node:http';

const [port, ...upstreams] = process.argv.slice(2).map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

const server = http.createServer((request, response) => {
  const upstream = upstreams[next++ % upstreams.length]!;
  const forwarded = http.request(
    { agent, host: '127.0.0.1', port: upstream, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end('{"statusCode":502}');
  });
  request.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port })}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
