/**
 * Requests refused below the routes still get the error body: what Node's HTTP parser rejects
 * (a malformed request line, a bad Content-Length, headers too large) answers the status with the
 * error body and closes the connection; long but valid map URLs reach their route.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_LAYER_CODES } from '../../src/maps/index.js';
import { databaseKinds } from '../support/databases.js';
import { createFakeWeatherSource } from '../support/fake-weather-source.js';
import { createTestApp, expectErrorBody, type TestApp } from '../support/test-app.js';

const ERROR_KEYS = ['statusCode', 'statusName', 'errorId', 'simpleMessage', 'detailedMessage'];

/** Sends raw bytes and reads until the server closes the connection. */
function exchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close after: ${data}`));
    }, 5000);
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, closed: true });
    });
    socket.write(request);
  });
}

describe.each(databaseKinds())('HTTP framing and long URLs on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, createFakeWeatherSource());
    auth = (await t.login('framing')).auth;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  function expectClosedWithErrorBody(answer: Awaited<ReturnType<typeof exchange>>, status: number) {
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe('close');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(ERROR_KEYS);
    expect(body.statusCode).toBe(status);
    expect(String(body.errorId).length).toBeGreaterThanOrEqual(8);
    expect(answer.headers['x-request-id']).toBe(body.errorId);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    expect(answer.closed).toBe(true);
    return body;
  }

  it('a malformed request line is a 400 with the error body', async () => {
    const body = expectClosedWithErrorBody(await exchange(port, 'HELLO THERE\r\n\r\n'), 400);
    expect(body.statusName).toBe('Bad Request');
  });

  it('a Content-Length that is not a number is a 400 with the error body', async () => {
    const body = expectClosedWithErrorBody(
      await exchange(port, 'POST /v2/fields HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ten\r\n\r\n{}'),
      400,
    );
    expect(body.detailedMessage).toContain('Content-Length');
  });

  it('two different Content-Length headers are a 400 with the error body', async () => {
    expectClosedWithErrorBody(await exchange(port, 'POST /v2/fields HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'), 400);
  });

  it('headers over the size limit are a 431 with the error body', async () => {
    const body = expectClosedWithErrorBody(await exchange(port, `GET /v2/fields HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
    expect(body.statusName).toBe('Request Header Fields Too Large');
  });

  it('a well-formed request on the same server still works', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    expect(response.status).toBe(200);
  });

  it('a tile URL naming every layer reaches the route and draws', async () => {
    expect(MAP_LAYER_CODES.length).toBeGreaterThanOrEqual(18);
    const every = MAP_LAYER_CODES.join(',');
    expect(every.length).toBeGreaterThan(100);
    for (const path of ['tiles/7,11,5', 'tiles/2097151,2097151,21/archives/3']) {
      const response = await t.app.inject({ url: `/v2/imagery/weathermaps/${every}/${path}`, headers: auth });
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    }
  });

  it('a layer named twice is refused for the layer list, not for its length', async () => {
    const twice = [...MAP_LAYER_CODES, MAP_LAYER_CODES[0]!].join(',');
    const body = expectErrorBody(await t.app.inject({ url: `/v2/imagery/weathermaps/${twice}/tiles/7,11,5`, headers: auth }), 400);
    expect(body.simpleMessage).toBe("Invalid value for parameter 'types'.");
    expect(body.detailedMessage).toContain('only once');
  });

  it('a path segment longer than any valid one is a 414 with the error body', async () => {
    expectErrorBody(await t.app.inject({ url: `/v2/fields/${'a'.repeat(600)}`, headers: auth }), 414);
  });
});
