import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/core/errors.js';
import { applyJsonPatch } from '../../src/services/json-patch.js';

describe('JSON-Patch', () => {
  it('applies a patch to a copy', () => {
    const document = { name: 'a', farmId: 'f' };
    expect(applyJsonPatch(document, [{ op: 'replace', path: '/name', value: 'b' }])).toEqual({ name: 'b', farmId: 'f' });
    expect(document.name).toBe('a');
  });

  it("words the library's findings, never a runtime error's message", () => {
    const refusal = (operations: { op: string; path: string; value?: unknown }[]) => {
      try {
        applyJsonPatch({ name: 'a' }, operations);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return error as DomainError;
      }
      throw new Error('not refused');
    };
    expect(refusal([{ op: 'remove', path: '/nope' }]).detailedMessage).toContain('Cannot perform the operation at a path that does not exist');
    // Nested deeper than the stack allows (the HTTP layer refuses such bodies before they get here).
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const deepRefusal = refusal([{ op: 'test', path: '/name', value: deep }]);
    expect(deepRefusal.simpleMessage).toBe('Invalid JSON-Patch.');
    expect(deepRefusal.detailedMessage).toBe('The patch could not be applied; nothing was changed.');
  });
});
