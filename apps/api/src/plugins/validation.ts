import { findTextProblem } from '@enq/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

// The symbol fastify-type-provider-zod marks its issues with, so the errors plugin treats ours alike.
const ZOD_VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError');

/**
 * The contract's zod validation, with the text rule (DESIGN.md section 5) checked first on every body,
 * query and path parameter: a NUL or a lone surrogate anywhere answers 400 naming the field, instead of
 * reaching the database and failing there. Being the one validator of the app, no route can skip it.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const problem = findTextProblem(route.schema, data);
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
