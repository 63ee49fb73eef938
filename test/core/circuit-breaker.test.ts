/**
 * The circuit breaker (src/core/circuit-breaker.ts) on a clock the test moves: it opens after the
 * set number of calls in a row without an answer, refuses calls during its back-off, lets one
 * probe through after it, closes on any answer and doubles its back-off after each probe without
 * one, up to the longest.
 */
import { describe, expect, it } from 'vitest';
import { type CircuitBreaker, CircuitOpenError, createCircuitBreaker } from '../../src/core/circuit-breaker.js';

function breakerOnAClock(): { breaker: CircuitBreaker; advance(ms: number): void; changes: string[] } {
  let t = 1000;
  const changes: string[] = [];
  const breaker = createCircuitBreaker({ failures: 3, backoffMs: 100, maxBackoffMs: 400, probeTimeoutMs: 1000, now: () => t });
  breaker.onChange((state) => changes.push(state));
  return { breaker, advance: (ms) => (t += ms), changes };
}

describe('circuit breaker', () => {
  it('lets every call through while answers come, whatever errors they are', () => {
    const { breaker, changes } = breakerOnAClock();
    for (let i = 0; i < 10; i++) {
      expect(breaker.admit()).toBe('call');
      if (i % 2 === 0) breaker.failed('call');
      else breaker.succeeded();
    }
    expect(breaker.state()).toBe('closed');
    expect(changes).toEqual([]);
  });

  it('opens after the set number of calls in a row without an answer, and refuses calls during the back-off', () => {
    const { breaker, advance, changes } = breakerOnAClock();
    breaker.failed('call');
    breaker.failed('call');
    expect(breaker.state()).toBe('closed');
    breaker.failed('call');
    expect(breaker.state()).toBe('open');
    expect(changes).toEqual(['open']);
    expect(breaker.admit()).toBeNull();
    advance(99);
    expect(breaker.admit()).toBeNull();
    // Calls let through before it opened that fail now change nothing.
    breaker.failed('call');
    advance(1);
    expect(breaker.state()).toBe('open');
    expect(breaker.admit()).toBe('probe');
  });

  it('lets one probe through at a time, and closes when it is answered', () => {
    const { breaker, advance, changes } = breakerOnAClock();
    for (let i = 0; i < 3; i++) breaker.failed('call');
    advance(100);
    // A call that may not be a probe (one of several sent together) waits for the breaker to close.
    expect(breaker.admit({ probe: false })).toBeNull();
    expect(breaker.admit()).toBe('probe');
    expect(breaker.state()).toBe('half-open');
    expect(breaker.admit()).toBeNull();
    breaker.succeeded();
    expect(breaker.state()).toBe('closed');
    expect(breaker.admit()).toBe('call');
    expect(changes).toEqual(['open', 'closed']);
  });

  it('doubles the back-off after each probe without an answer, up to the longest, and starts again from the first once closed', () => {
    const { breaker, advance, changes } = breakerOnAClock();
    for (let i = 0; i < 3; i++) breaker.failed('call');
    const waits: number[] = [];
    for (let probe = 0; probe < 5; probe++) {
      let waited = 0;
      while (breaker.admit() === null) {
        advance(10);
        waited += 10;
      }
      waits.push(waited);
      breaker.failed('probe');
    }
    expect(waits).toEqual([100, 200, 400, 400, 400]);
    expect(changes).toEqual(['open']);
    advance(400);
    expect(breaker.admit()).toBe('probe');
    breaker.succeeded();
    for (let i = 0; i < 3; i++) breaker.failed('call');
    advance(99);
    expect(breaker.admit()).toBeNull();
    advance(1);
    expect(breaker.admit()).toBe('probe');
  });

  it('closes on an answer to any call still under way, and needs the full count of failures to open again', () => {
    const { breaker, changes } = breakerOnAClock();
    for (let i = 0; i < 3; i++) breaker.failed('call');
    breaker.succeeded();
    expect(breaker.state()).toBe('closed');
    breaker.failed('call');
    breaker.failed('call');
    expect(breaker.state()).toBe('closed');
    expect(changes).toEqual(['open', 'closed']);
  });

  it('lets another probe through when one has not reported within the probe timeout', () => {
    const { breaker, advance } = breakerOnAClock();
    for (let i = 0; i < 3; i++) breaker.failed('call');
    advance(100);
    expect(breaker.admit()).toBe('probe');
    advance(999);
    expect(breaker.admit()).toBeNull();
    advance(1);
    expect(breaker.admit()).toBe('probe');
  });

  it('names the dependency in the error of a refused call', () => {
    const error = new CircuitOpenError('database');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('CircuitOpenError');
    expect(error.dependency).toBe('database');
    expect(error.message).toBe('Calls to database are paused: it did not answer the last calls');
  });
});
