import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RawConnection } from '../../bench/http/raw-client.js';

// The benchmark's load generator reads responses itself: each framing it may meet must end the
// response where the server ended it, or the next request on the socket would read garbage.
describe('benchmark raw HTTP client', () => {
  const big = 'x'.repeat(1_500_000);
  let server: http.Server;
  let port: number;
  const seen: { method: string; url: string; auth: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, auth: request.headers.authorization, body });
        const url = request.url!;
        if (url.startsWith('/length')) return response.end(JSON.stringify({ url }));
        if (url === '/chunked') {
          response.write('abc');
          response.write(big);
          return response.end('def');
        }
        if (url === '/empty') {
          response.statusCode = 204;
          return response.end();
        }
        if (url === '/close') {
          response.setHeader('connection', 'close');
          return response.end('bye');
        }
        if (url === '/cut') {
          response.writeHead(200, { 'content-length': '100' });
          response.write('only part');
          return setTimeout(() => response.socket?.destroy(), 20);
        }
        response.statusCode = 404;
        response.end('{"message":"not found"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads responses framed by length, chunks and none, one after another on one socket', async () => {
    const client = new RawConnection('127.0.0.1', port);
    expect(await client.request({ method: 'GET', path: '/length?a=1' })).toEqual({ status: 200, bodyBytes: JSON.stringify({ url: '/length?a=1' }).length });
    expect(await client.request({ method: 'GET', path: '/chunked' })).toEqual({ status: 200, bodyBytes: big.length + 6 });
    expect(await client.request({ method: 'GET', path: '/empty' })).toEqual({ status: 204, bodyBytes: 0 });
    expect(await client.request({ method: 'HEAD', path: '/length-head' })).toEqual({ status: 200, bodyBytes: 0 });
    expect((await client.request({ method: 'GET', path: '/missing' })).status).toBe(404);
    for (let i = 0; i < 200; i++) expect((await client.request({ method: 'GET', path: `/length/${i}` })).status).toBe(200);
    client.close();
  });

  it('sends headers and a body as given', async () => {
    const client = new RawConnection('127.0.0.1', port);
    seen.length = 0;
    await client.request({ method: 'POST', path: '/length-post', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"é":1}' });
    expect(seen).toEqual([{ method: 'POST', url: '/length-post', auth: 'Bearer t', body: '{"é":1}' }]);
    client.close();
  });

  it('opens a new socket after Connection: close, and reports a cut response as status 0', async () => {
    const client = new RawConnection('127.0.0.1', port);
    expect(await client.request({ method: 'GET', path: '/close' })).toEqual({ status: 200, bodyBytes: 3 });
    expect((await client.request({ method: 'GET', path: '/length-after-close' })).status).toBe(200);
    expect((await client.request({ method: 'GET', path: '/cut' })).status).toBe(0);
    expect((await client.request({ method: 'GET', path: '/length-after-cut' })).status).toBe(200);
    client.close();
  });

  it('reads a body that runs to the end of the connection', async () => {
    const raw = net.createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nuntil the end')));
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const client = new RawConnection('127.0.0.1', (raw.address() as net.AddressInfo).port);
    expect(await client.request({ method: 'GET', path: '/' })).toEqual({ status: 200, bodyBytes: 'until the end'.length });
    client.close();
    await new Promise<void>((resolve) => raw.close(() => resolve()));
  });
  it('drops bytes that arrive with no request in flight', async () => {
    const raw = net.createServer((socket) =>
      socket.on('data', (request: Buffer) => {
        const status = request.toString('latin1').startsWith('GET /first') ? 200 : 201;
        socket.write(`HTTP/1.1 ${status} OK\r\ncontent-length: 2\r\n\r\nok`);
        // A stray second response, after the first is whole and before anything else is asked.
        if (status === 200) setTimeout(() => socket.write('HTTP/1.1 500 Stray\r\ncontent-length: 0\r\n\r\n'), 10);
      }),
    );
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const client = new RawConnection('127.0.0.1', (raw.address() as net.AddressInfo).port);
    expect((await client.request({ method: 'GET', path: '/first' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await client.request({ method: 'GET', path: '/second' })).status).toBe(201);
    client.close();
    await new Promise<void>((resolve) => raw.close(() => resolve()));
  });
});
