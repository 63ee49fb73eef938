import { describe, expect, it } from 'vitest';
import { SharedCalls } from '../../src/core/shared-calls.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('shared calls', () => {
  it('gives callers of a key whose call runs that call, and other keys their own', async () => {
    const calls = new SharedCalls<string, number>();
    const started: string[] = [];
    const a = deferred<number>();
    const b = deferred<number>();
    const first = calls.run('a', () => (started.push('a'), a.promise));
    const second = calls.run('a', () => (started.push('a again'), Promise.resolve(0)));
    const other = calls.run('b', () => (started.push('b'), b.promise));
    expect(started).toEqual(['a', 'b']);
    expect(calls.has('a')).toBe(true);
    a.resolve(1);
    b.resolve(2);
    expect(await Promise.all([first, second, other])).toEqual([1, 1, 2]);
  });

  it('keeps nothing: a call that settled, resolved or rejected, is made again', async () => {
    const calls = new SharedCalls<string, number>();
    let made = 0;
    await calls.run('a', async () => ++made);
    expect(calls.has('a')).toBe(false);
    expect(await calls.run('a', async () => ++made)).toBe(2);
    const failing = deferred<number>();
    const failed = calls.run('a', () => failing.promise);
    const alsoFailed = calls.run('a', async () => ++made);
    failing.reject(new Error('down'));
    await expect(failed).rejects.toThrow('down');
    await expect(alsoFailed).rejects.toThrow('down');
    expect(calls.has('a')).toBe(false);
    expect(await calls.run('a', async () => ++made)).toBe(3);
  });
});
