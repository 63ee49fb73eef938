/**
 * The layer rules of docs/ARCHITECTURE.md ("Layers"), kept in .dependency-cruiser.cjs: every
 * import in src/ obeys them. A fixture tree with one import of each forbidden kind shows that the
 * rules do refuse what they name.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IReporterOutput } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(ROOT, 'test/architecture/fixture');

/** `from → to (rule)` for every violation of the rules in the tree at `baseDir`. */
async function violations(baseDir: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(path.join(ROOT, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(ROOT, 'tsconfig.json'));
  const result: IReporterOutput = await cruise(['src'], { ...options, baseDir, validate: true, outputType: 'json' }, {}, { tsConfig });
  const output: ICruiseResult = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  return output.summary.violations.map((v) => `${v.from} → ${v.to} (${v.rule.name})`).sort();
}

describe('layer rules', () => {
  it('hold for every import in src/', async () => {
    expect(await violations(ROOT)).toEqual([]);
  }, 60_000);

  it('refuse an import across a layer, SQL outside the store, I/O in science and a way back to the composition root', async () => {
    const found = await violations(FIXTURE);
    expect(found).toEqual(
      [
        'src/agronomy/reads-a-file.ts → fs (science-does-no-io)',
        'src/agronomy/reads-the-store.ts → src/store/repository.ts (agronomy-imports-only-core)',
        'src/api/routes-with-sql.ts → src/store/repository.ts (api-imports-only-core-http-services-jobs)',
        'src/http/builds-the-app.ts → src/app.ts (http-imports-only-core-limits)',
        'src/http/builds-the-app.ts → src/app.ts (only-the-command-builds-the-app)',
      ].sort(),
    );
  }, 60_000);
});
