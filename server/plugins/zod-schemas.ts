import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';

/**
 * Routes declare their contract schemas (`schema: { body, querystring, params }`) and fastify validates them before
 * the handler runs: a failure is the ZodError itself, which the error handler answers with 400 and a Chinese message
 * naming the field. Handlers get the parsed (defaulted, trimmed) values, typed through ZodTypeProvider.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const compile: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    // clients send write calls without a body when there is nothing to say (撤回, 已阅): that is an empty object
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input);
    return result.success ? { value: result.data } : { error: result.error };
  };

/** Makes every route registered after it validate with zod schemas. */
export function registerZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(compile);
}
