import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validatorCompiler } from '../../src/plugins/validation';

const compile = (schema: z.ZodType, httpPart: string) =>
  validatorCompiler({ schema, httpPart, method: 'POST', url: '/x' } as never);

describe('the request validator', () => {
  it('names the field a bad character is in, before zod runs', () => {
    const validate = compile(z.object({ users: z.array(z.object({ name: z.string().max(3) })) }), 'body');
    const result = validate({ users: [{ name: 'ok' }, { name: 'toolong\u0000' }] }) as {
      error: { instancePath: string; message: string }[];
    };
    expect(result.error[0]).toMatchObject({
      instancePath: '/users/1/name',
      message: expect.stringMatching(/NUL/),
    });
  });

  it('judges only the headers a route declares, not cookies or user agents', () => {
    const validate = compile(z.object({ 'idempotency-key': z.string() }), 'headers');
    expect(
      validate({ 'idempotency-key': 'key-1', cookie: 'name=Zo\u00c3\u00ab\u0085', 'user-agent': 'x\ty' }),
    ).toMatchObject({
      value: { 'idempotency-key': 'key-1' },
    });
    expect(validate({ 'idempotency-key': 'key\u0001' })).toHaveProperty('error');
  });
});
