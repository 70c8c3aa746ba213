import { findTextProblem } from '@enq/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// The symbol fastify-type-provider-zod marks its issues with, so the errors plugin treats ours alike.
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

function declaredKeys(schema: z.core.$ZodType): Set<string> {
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  return new Set(Object.keys(shape ?? {}));
}

/**
 * The contract's zod validation, with the text rule (contract text.ts) checked first on every body,
 * query and path parameter: a NUL or a lone surrogate anywhere answers 400 naming the field, instead of
 * reaching the database and failing there. Being the one validator of the app, no route can skip it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  // Of the headers, only those the route declares: others (cookies, user agents) are not ours to judge.
  const declared = route.httpPart === 'headers' ? declaredKeys(route.schema) : null;
  return (data) => {
    const checked =
      declared && data && typeof data === 'object'
        ? Object.fromEntries(Object.entries(data).filter(([key]) => declared.has(key)))
        : data;
    const problem = findTextProblem(route.schema, checked);
    if (!problem) return validate(data);
    const path = `/${problem.path.join('/')}`;
    return {
      error: [
        {
          [ZOD_VALIDATION_ERROR]: true,
          keyword: 'custom',
          instancePath: path,
          schemaPath: `#${path}/custom`,
          message: problem.message,
          params: {},
        },
      ] as never,
    };
  };
};
