/** JSON-Patch (RFC 6902) on a resource's editable document, with the service's error bodies. */
import fastJsonPatch from 'fast-json-patch';
import { invalid } from '../core/errors.js';

export interface PatchOperation {
  op: string;
  path: string;
  value?: unknown;
}

/**
 * Applies the operations to a copy of `document` (validated; a failing `test` operation or a
 * malformed one is a 400 naming it) and returns the patched copy.
 */
export function applyJsonPatch<T>(document: T, operations: readonly PatchOperation[]): T {
  try {
    return fastJsonPatch.applyPatch(document, operations as fastJsonPatch.Operation[], true, false).newDocument;
  } catch (error) {
    const e = error as { name?: string; index?: number; message?: string };
    if (e.name === 'TEST_OPERATION_FAILED') {
      throw invalid('JSON-Patch test failed.', `The test of command ${e.index ?? '?'} did not match the stored value; nothing was changed.`);
    }
    // Only the library's own findings are worded to the client (never a runtime error's message).
    const reason = error instanceof fastJsonPatch.JsonPatchError ? e.message : undefined;
    throw invalid('Invalid JSON-Patch.', `${reason ?? 'The patch could not be applied'}; nothing was changed.`);
  }
}
