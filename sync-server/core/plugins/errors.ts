import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorText, type CodedError, type ErrorCode, type ErrorParams, type ErrorResponse } from '../../../schema';

/**
 * The one error handler: every failure becomes `{ error }`, with the `code` and `params` of an
 * HttpError's message (schema/core/errors.ts), which the app shows in its user's language. A 4xx
 * keeps its message, because the client sent something wrong and needs to know what; a 5xx hides
 * it, because it may carry internals (paths, SQL) and the client can do nothing with it anyway.
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
    // content-type is set to 'application/json'", and have no code.
    return reply.code(statusCode).send(errorBody(error.message, error instanceof HttpError ? error.reason : undefined));
  });
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(errorBody(errorText('ERR_NOT_FOUND'), { code: 'ERR_NOT_FOUND' }));
}

function isErrorStatus(statusCode: number | undefined): statusCode is number {
  return statusCode !== undefined && statusCode >= 400 && statusCode <= 599;
}

/** A body with its English text, and the code and values of a coded one. */
export function errorBody(error: string, reason?: CodedError): ErrorResponse {
  if (reason === undefined) return { error };
  return reason.params === undefined ? { error, code: reason.code } : { error, code: reason.code, params: { ...reason.params } };
}

/** An expected failure with its status and, when its words are one of schema/core/errors.ts, their code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly reason?: CodedError,
  ) {
    super(message);
  }
}

/** An expected failure with its status: the error handler answers `{ error, code, params }`. */
export function httpError(statusCode: number, code: ErrorCode, params?: ErrorParams): HttpError {
  return new HttpError(statusCode, errorText(code, params), codedError(code, params));
}

function codedError(code: ErrorCode, params: ErrorParams | undefined): CodedError {
  return params === undefined ? { code } : { code, params };
}

/**
 * An expected failure whose words are not in the vocabulary (a file's parse error, a rule's
 * message that names its own values): answered `{ error }` only, shown in English.
 */
export function uncodedHttpError(statusCode: number, message: string): HttpError {
  return new HttpError(statusCode, message);
}

/** A domain rule's refusal (domain/tournament-admin AdminError): its status, its English, and its code when it has one. */
export function ruleHttpError(error: { readonly status: number; readonly message: string; readonly reason?: CodedError | undefined }): HttpError {
  return new HttpError(error.status, error.message, error.reason);
}

/** Why a mutation was refused: the English a client shows, with its code and values when it has them. */
export interface Refusal extends Partial<CodedError> {
  readonly error: string;
}

/** A refusal in the vocabulary's words. */
export function refusal(code: ErrorCode, params?: ErrorParams): Refusal {
  return { error: errorText(code, params), ...codedError(code, params) };
}

/** The refusal a mutator's HttpError stands for (its words, code and values). */
export function refusalOf(error: HttpError): Refusal {
  return { error: error.message, ...error.reason };
}
