import type { FastifyInstance, FastifyReply, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES, ERROR_TEXTS, MESSAGES, VERIFY_MESSAGES, type ErrorCode } from '../../../schema';
import { HttpError } from './errors';

/**
 * Lets routes use the zod schemas from `schema/` directly: `schema: { body, response }` are
 * zod types, handlers get typed requests, and a response that breaks its contract becomes a
 * 500 instead of reaching the client. (The same idea as fastify-type-provider-zod, in the few
 * lines this server needs, so that no extra package is required.)
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => (data) => {
  // A request without a body (the spec's calls 'with no payload') reaches the body schema as
  // undefined, not null, so `.optional()` bodies accept it.
  const result = schema.safeParse(httpPart === 'body' && data === null ? undefined : data);
  if (result.success) return { value: result.data };
  // Fastify turns this into a 400 whose message is the client's to read.
  return { error: describeIssues(result.error, httpPart ?? 'request') };
};

const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => (data) =>
  JSON.stringify(schema.parse(data));

export function registerZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // An empty body sent with a JSON content type is no body (Fastify's own parser refuses it);
  // anything else is parsed by that parser, with its guard against __proto__ keys.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') done(null, null);
    else json(request, text, done);
  });
}

/** The spec's own validation messages reach the client word for word (the forms show them). */
const SPEC_MESSAGES: ReadonlySet<string> = new Set([...Object.values(MESSAGES), ...Object.values(VERIFY_MESSAGES)]);

/** The code of a validation message that is one of schema/core/errors.ts (a text with no values). */
const CODE_OF_TEXT: ReadonlyMap<string, ErrorCode> = new Map(ERROR_CODES.map((code) => [ERROR_TEXTS[code] as string, code]));

/** A spec message alone, with its code when it has one; otherwise every issue, uncoded. */
function describeIssues(error: z.ZodError, httpPart: string): HttpError {
  const specIssue = error.issues.find((issue) => SPEC_MESSAGES.has(issue.message));
  if (specIssue === undefined) return new HttpError(400, `Invalid ${httpPart}: ${formatIssues(error)}`);
  const code = CODE_OF_TEXT.get(specIssue.message);
  return new HttpError(400, specIssue.message, code === undefined ? undefined : { code });
}

/** "path.to.field: message; ..." for every issue. */
export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** `/:id` in a path: a positive whole number that fits the databases' integer ids. */
export const idParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * Sends JSON text made by the handler (Fastify sends a string as it is): for answers made once
 * and shared (the read cache's), whose check against the response schema took 0.4 s on the event
 * loop for a large event.
 */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
