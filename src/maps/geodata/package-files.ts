/** Locates data files shipped inside npm packages (nothing is fetched at run time). */
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const requireFromHere = createRequire(import.meta.url);

/** Absolute path of `file` inside the installed package `packageName`. */
export function packageFilePath(packageName: string, file: string): string {
  return join(dirname(requireFromHere.resolve(`${packageName}/package.json`)), file);
}

export function readPackageJson<T>(packageName: string, file: string): T {
  return JSON.parse(readFileSync(packageFilePath(packageName, file), 'utf8')) as T;
}

/** Absolute path of a file under the repository's `data/geodata/`. */
export function repositoryGeodataPath(file: string): string {
  // From src/maps/geodata (or dist/src/maps/geodata after a build) up to the repository root.
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', '..', '..', 'data', 'geodata', file), join(here, '..', '..', '..', '..', 'data', 'geodata', file)];
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  return candidates[0]!;
}
