import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '../../../schema';

/**
 * The one error handler: every failure becomes `{ error }`. A 4xx keeps its message, because
 * the client sent something wrong and needs to know what; a 5xx hides it, because it may carry
 * internals (paths, SQL) and the client can do nothing with it anyway.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const statusCode = isErrorStatus(error.statusCode) ? error.statusCode : 500;
    // A 5xx we raised on purpose (a 503 "try again soon") keeps its words.
    if (statusCode >= 500 && (error as { expose?: unknown }).expose !== true) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send(errorBody('Internal Server Error'));
    }
    request.log.info({ err: error }, 'request rejected');
    // Fastify's own 4xx messages are already clear, e.g. "Body is not valid JSON but
    // content-type is set to 'application/json'".
    return reply.code(statusCode).send(errorBody(error.message));
  });
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(errorBody('Not found'));
}

function isErrorStatus(statusCode: number | undefined): statusCode is number {
  return statusCode !== undefined && statusCode >= 400 && statusCode <= 599;
}

function errorBody(error: string): ErrorResponse {
  return { error };
}

/** An expected failure with its status: the error handler answers `{ error: message }`. */
export function httpError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}
