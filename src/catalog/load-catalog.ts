/** Reads the catalogue shipped with the service (data/catalog/crops.json and models.json). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Catalog, createCatalog } from './catalog.js';

/** data/catalog at the repository root (the same from src/catalog and from dist/catalog). */
export const DEFAULT_CATALOG_DIRECTORY = fileURLToPath(new URL('../../data/catalog/', import.meta.url));

export function loadCatalog(directory: string = DEFAULT_CATALOG_DIRECTORY): Catalog {
  const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(directory, file), 'utf8'));
  return createCatalog(read('crops.json'), read('models.json'));
}
