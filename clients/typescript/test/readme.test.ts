/** The README's walk-through is the type-checked example, word for word. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

describe('client README', () => {
  it('shows examples/walkthrough.ts, importing the package by name', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const example = await readFile(new URL('../examples/walkthrough.ts', import.meta.url), 'utf8');
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(example.replace("from '../src/index.js'", "from '@agwx/client'"));
  });
});
