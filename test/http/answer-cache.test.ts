import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAnswerCache } from '../../src/http/answer-cache.js';
import { type RowsWriter, WrittenBody, withArray } from '../../src/http/written-body.js';
import { RowLayout, writeJsonRows } from '../../src/core/json-rows.js';

/** An app whose one route answers `size` bytes of JSON for `/:id`, kept under the id, counting the answers it builds. */
async function appWith(maxBytes: number) {
  const cache = createAnswerCache({ maxBytes });
  const built: string[] = [];
  const app = Fastify();
  app.get(
    '/:id',
    { schema: { response: { 200: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } } } } } },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const query = request.query as { fail?: string };
      return cache.answer(reply, id, async () => {
        if (query.fail) throw new Error('refused');
        built.push(id);
        reply.header('X-Data-Source', `source-${id}`);
        return { id, text: 'x'.repeat(10_000), extra: 'not in the schema' };
      });
    },
  );
  await app.ready();
  return { app, cache, built };
}

describe('answer cache', () => {
  it('keeps the serialized answer and its X-Data-Source, and serializes with the route schema', async () => {
    const { app, cache, built } = await appWith(1_000_000);
    const first = await app.inject({ url: '/a' });
    const again = await app.inject({ url: '/a' });
    expect(built).toEqual(['a']);
    expect(again.body).toBe(first.body);
    expect(again.json()).toEqual({ id: 'a', text: 'x'.repeat(10_000) });
    expect(again.headers['x-data-source']).toBe('source-a');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('stays within its memory, dropping the least recently used answers', async () => {
    const { app, cache, built } = await appWith(50_000);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await app.inject({ url: `/${id}` });
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(cache.stats().entries).toBeLessThan(6);
    await app.inject({ url: '/f' });
    await app.inject({ url: '/a' });
    expect(built).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'a']);
  });

  it('keeps no failure, and nothing at all when given no memory', async () => {
    const { app, built } = await appWith(1_000_000);
    expect((await app.inject({ url: '/a?fail=1' })).statusCode).toBe(500);
    await app.inject({ url: '/a' });
    expect(built).toEqual(['a']);
    const off = await appWith(0);
    await off.app.inject({ url: '/a' });
    await off.app.inject({ url: '/a' });
    expect(off.built).toEqual(['a', 'a']);
    expect(off.cache.stats()).toMatchObject({ hits: 0, entries: 0 });
  });

  it('keeps JSON and CSV apart under one key, and keeps CSV once it has been written whole', async () => {
    const cache = createAnswerCache({ maxBytes: 1_000_000 });
    const built: string[] = [];
    const app = Fastify();
    app.get(
      '/:id',
      { config: { csv: { rows: ['days'] } } },
      async (request, reply) => {
        const { id } = request.params as { id: string };
        return cache.answer(reply, id, async () => {
          built.push(id);
          reply.header('X-Data-Source', `source-${id}`);
          return { days: [{ date: '2024-06-01', amount: { value: 1.5, units: 'mm' } }], _links: { next: { href: '/n' } } };
        });
      },
    );
    await app.ready();
    const csv = { accept: 'text/csv' };
    const json = await app.inject({ url: '/a' });
    const firstCsv = await app.inject({ url: '/a', headers: csv });
    const againCsv = await app.inject({ url: '/a', headers: csv });
    const againJson = await app.inject({ url: '/a', headers: { accept: 'application/json' } });
    expect(built).toEqual(['a', 'a']);
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(againJson.body).toBe(json.body);
    expect(json.json().days).toHaveLength(1);
    for (const response of [firstCsv, againCsv]) {
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.body).toBe('date,amount.value (mm)\r\n2024-06-01,1.5\r\n');
      expect(response.headers['x-data-source']).toBe('source-a');
      expect(response.headers.link).toBe('</n>; rel="next"');
      expect(response.headers.vary).toBe('Accept');
    }
    expect(json.headers.link).toBeUndefined();
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, entries: 2 });
  });

  it('sends an answer that writes its own JSON as that text, kept or not, and its objects as CSV', async () => {
    for (const maxBytes of [1_000_000, 0]) {
      const cache = createAnswerCache({ maxBytes });
      const built: string[] = [];
      const app = Fastify();
      app.get(
        '/:id',
        {
          config: { csv: { rows: ['days'] } },
          schema: { response: { 200: { type: 'object', properties: { days: { type: 'array', items: { type: 'object', properties: { date: { type: 'string' } } } }, note: { type: 'string' } } } } },
        },
        async (request, reply) => {
          const { id } = request.params as { id: string };
          return cache.answer(reply, id, async () => {
            built.push(id);
            const head = { note: id };
            // The text differs from the objects' JSON only in its spacing, so a test can tell which was sent.
            return new WrittenBody(
              () => ({ days: [{ date: '2024-06-01' }], ...head }),
              (serialize) => withArray(serialize, { days: [], ...head }, 'days', '{"date":"2024-06-01"} '),
            );
          });
        },
      );
      await app.ready();
      const json = await app.inject({ url: '/a' });
      const again = await app.inject({ url: '/a' });
      const csv = await app.inject({ url: '/a', headers: { accept: 'text/csv' } });
      for (const response of [json, again]) {
        expect(response.body).toBe('{"days":[{"date":"2024-06-01"} ],"note":"a"}');
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      }
      expect(csv.body).toBe('note,date\r\na,2024-06-01\r\n');
      expect(built).toEqual(maxBytes > 0 ? ['a', 'a'] : ['a', 'a', 'a']);
    }
  });

  it('sends rows written as UTF-8 bytes (by a worker thread) as the text the calling thread writes, kept or not', async () => {
    const days = ['2024-06-01', '2024-06-02', '2024-06-03'];
    const rows = new RowLayout().text('{"date":"').string((i) => days[i]!).text('","place":"Zürich","v":').number((i) => i / 3).text('}').rows(days.length);
    const text = `{"note":"a","days":[${writeJsonRows(rows)}]}`;
    for (const maxBytes of [1_000_000, 0]) {
      const asBytes: RowsWriter = async (r) => new TextEncoder().encode(writeJsonRows(r));
      const cache = createAnswerCache({ maxBytes, writeRows: asBytes });
      const app = Fastify();
      app.get('/:id', { schema: { response: { 200: { type: 'object', properties: { note: { type: 'string' }, days: { type: 'array' } } } } } }, async (request, reply) =>
        cache.answer(reply, (request.params as { id: string }).id, async () => WrittenBody.ofRows(() => ({}), { head: () => ({ note: 'a' }), key: 'days', rows })),
      );
      await app.ready();
      for (const response of [await app.inject({ url: '/a' }), await app.inject({ url: '/a' })]) {
        expect(response.body).toBe(text);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(text));
        expect(JSON.parse(response.body).days[1]).toEqual({ date: '2024-06-02', place: 'Zürich', v: 1 / 3 });
      }
    }
  });
});

