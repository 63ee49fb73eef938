/**
 * The error handler answers 503 with Retry-After for the weather source's "cannot answer now",
 * told by type (the classifier app.ts passes in), not by an error's name.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../src/http/error-handler.js';
import { SourceUnavailableError, weatherRetryAfterSeconds } from '../../src/weather/weather-source.js';
import { expectErrorBody } from '../support/test-app.js';

class ProviderTimedOut extends SourceUnavailableError {
  constructor() {
    super('open-meteo', 'Open-Meteo did not answer in time.', 30);
    this.name = 'ProviderTimedOut';
  }
}

describe('errors of an unavailable weather source', () => {
  let app: FastifyInstance;
  const errors: Record<string, Error> = {
    provider: new SourceUnavailableError('nasa-power', 'NASA POWER answered 502.'),
    subclass: new ProviderTimedOut(),
    // Another library's error that happens to carry the same name is not ours.
    sameName: Object.assign(new Error('socket hang up'), { name: 'SourceUnavailableError' }),
  };

  beforeAll(async () => {
    app = Fastify({ logger: false, genReqId: () => randomUUID() });
    installErrorHandling(app, { isDependencyUnavailable: () => false, weatherRetryAfterSeconds });
    app.get('/throw/:name', async (request) => {
      throw errors[(request.params as { name: string }).name];
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 with the source error’s Retry-After and message', async () => {
    const response = await app.inject({ url: '/throw/provider' });
    const body = expectErrorBody(response, 503);
    expect(response.headers['retry-after']).toBe('60');
    expect(body.simpleMessage).toBe('Weather data temporarily unavailable.');
    expect(body.detailedMessage).toBe('NASA POWER answered 502.');
  });

  it('answers 503 for a kind of source error with a name of its own', async () => {
    const response = await app.inject({ url: '/throw/subclass' });
    expectErrorBody(response, 503);
    expect(response.headers['retry-after']).toBe('30');
  });

  it('answers 500 for an error that only has the name', async () => {
    const response = await app.inject({ url: '/throw/sameName' });
    expectErrorBody(response, 500);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
