import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findTextProblem, multiline, safeText, textProblem } from '../src/text';

describe('the text rule', () => {
  it('refuses NUL, lone surrogates and control characters, and line breaks outside multi-line fields', () => {
    expect(textProblem('a\u0000')).toMatch(/NUL/);
    expect(textProblem('\uDC00x')).toMatch(/surrogate/);
    expect(textProblem('x\uD83D')).toMatch(/surrogate/);
    expect(textProblem('a\u007f')).toMatch(/control/);
    expect(textProblem('a\nb')).toMatch(/single line/);
    expect(textProblem('a\r\nb\tc', { multiline: true })).toBeNull();
    expect(textProblem('Zoë 🌲 “quoted”')).toBeNull();
  });

  it('finds the first bad string with its path, following the schema for multi-line fields', () => {
    const schema = z.object({
      name: z.string(),
      notes: multiline(z.string().max(100)).optional(),
      users: z.array(z.object({ first_name: z.string() })),
      extra: z.record(z.string(), z.unknown()),
    });
    const ok = { name: 'a', notes: 'one\ntwo', users: [{ first_name: 'b' }], extra: { x: 'c\u0000' } };
    expect(findTextProblem(schema, ok)).toBeNull();
    expect(
      findTextProblem(schema, { ...ok, users: [{ first_name: 'b' }, { first_name: 'x\uD800' }] }),
    ).toEqual({
      path: ['users', 1, 'first_name'],
      message: expect.stringMatching(/surrogate/),
    });
    expect(findTextProblem(schema, { ...ok, name: 'a\nb' })?.path).toEqual(['name']);
  });

  it("reads a schema's own fields only: a key named after an object method is an unknown key", () => {
    const schema = z.object({ id_token: z.string() });
    const tuple = z.tuple([z.string()]);
    for (const key of Object.getOwnPropertyNames(Object.prototype)) {
      expect(findTextProblem(schema, { id_token: 'x', [key]: 1 }), key).toBeNull();
      // The same answer as for any unknown key: its strings still follow the text rule.
      expect(findTextProblem(schema, { id_token: 'x', [key]: { nested: 'a\u0000' } }), key).toEqual(
        findTextProblem(schema, { id_token: 'x', unknown: { nested: 'a\u0000' } }) && {
          path: [key, 'nested'],
          message: expect.stringMatching(/NUL/),
        },
      );
    }
    expect(findTextProblem(tuple, Object.assign(['a'], { length: 1 }))).toBeNull();
  });

  it('refuses values nested far deeper than any contract shape', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(findTextProblem(z.unknown().optional().pipe(z.any()), { a: 1 })).toBeNull();
    expect(findTextProblem(z.object({}), { a: deep })?.message).toMatch(/nested/);
  });

  it('safeText carries the same rule into a schema', () => {
    expect(safeText(z.string().max(5)).safeParse('a\u0000').success).toBe(false);
    expect(safeText().safeParse('fine').success).toBe(true);
  });
});
