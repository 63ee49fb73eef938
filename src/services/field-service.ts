/** Field registry use cases: create, read, list, JSON-Patch update, delete. */
import type { Clock } from '../core/clock.js';
import { conflict, notFoundError } from '../core/errors.js';
import { DuplicateKeyError } from '../store/errors.js';
import type { FieldRecord, FieldSortColumn, Page } from '../store/field-repository.js';
import type { SortTerm } from '../store/ordering.js';
import type { Store } from '../store/store.js';
import { applyJsonPatch, type PatchOperation } from './json-patch.js';

export type { FieldRecord, FieldSortColumn, Page } from '../store/field-repository.js';

/** The editable part of a field, as JSON-Patch sees it. */
export interface EditableField {
  name: string | null;
  farmId: string;
}

export interface FieldService {
  create(accountId: number, field: FieldRecord): Promise<FieldRecord>;
  get(accountId: number, id: string): Promise<FieldRecord>;
  list(accountId: number, options: { sort: SortTerm<FieldSortColumn>[]; limit: number; offset: number }): Promise<Page<FieldRecord>>;
  /**
   * Applies the commands in order, atomically: a failing `test`, or a result that `checkResult`
   * refuses, saves nothing.
   */
  patch(accountId: number, id: string, operations: PatchOperation[], checkResult: (field: EditableField) => void): Promise<FieldRecord>;
  delete(accountId: number, id: string): Promise<void>;
}

/** 404 for a field the account does not have (unknown, or another account's). */
export const fieldNotFound = (id: string) => notFoundError('Field', `No field with id '${id}' exists for this account.`);

/** What one account may hold. */
export interface FieldLimits {
  /** Fields per account (`AGWX_MAX_FIELDS_PER_ACCOUNT`). */
  maxFieldsPerAccount: number;
}

export function createFieldService(store: Store, clock: Clock, limits: FieldLimits = { maxFieldsPerAccount: Number.POSITIVE_INFINITY }): FieldService {
  return {
    async create(accountId, field) {
      const held = await store.fields.count(accountId);
      if (held >= limits.maxFieldsPerAccount) {
        throw conflict(
          'Too many fields.',
          `This account has ${held} fields, the most one account may have (${limits.maxFieldsPerAccount}, set by AGWX_MAX_FIELDS_PER_ACCOUNT); delete fields it no longer needs, or ask the operator for a higher limit. Nothing was created.`,
        );
      }
      try {
        await store.fields.insert(accountId, field, clock.now());
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw conflict('Field exists already.', `A field with id '${field.id}' exists already in this account.`);
        throw error;
      }
      return field;
    },
    async get(accountId, id) {
      const field = await store.fields.get(accountId, id);
      if (!field) throw fieldNotFound(id);
      return field;
    },
    list: (accountId, options) => store.fields.list(accountId, options),
    async patch(accountId, id, operations, checkResult) {
      const updated = await store.fields.update(accountId, id, (current) => {
        const document: EditableField = { name: current.name, farmId: current.farmId };
        const result: EditableField = applyJsonPatch(document, operations);
        checkResult(result);
        return { ...current, name: result.name, farmId: result.farmId };
      });
      if (!updated) throw fieldNotFound(id);
      return updated;
    },
    async delete(accountId, id) {
      if (!(await store.fields.delete(accountId, id))) throw fieldNotFound(id);
    },
  };
}
