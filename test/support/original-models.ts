/**
 * The original service's 29 growth-stage model tables as its /models and /models/{id}/details
 * answered them (test/catalog/fixtures/original-model-tables.json): the yardstick the catalogue
 * and the growth-stage results are checked against.
 */
import fs from 'node:fs';

export interface OriginalModel {
  id: string;
  name: string;
  source: string;
  link: string | null;
  biofix: number;
  gddMethod: string;
  gddBaseTemp: number;
  gddMaxBoundary: number | null;
  gddMinBoundary: number | null;
  /** [stage id, stage, description, GDD threshold] */
  stages: [string, string | null, string, number][];
}

export function originalModelTables(): OriginalModel[] {
  return JSON.parse(fs.readFileSync(new URL('../catalog/fixtures/original-model-tables.json', import.meta.url), 'utf8')).models;
}
