/**
 * The one client for the server's /api. Every call sends credentials (the session cookie); a
 * body goes as JSON only when there is one. A non-OK answer becomes an ApiError whose message is
 * `${status}: ${body text or status text}` (spec: "The calls it makes"); the server's `{ error }`
 * text is kept apart for the toasts that show "the server message", in the app's language when
 * the body has a code this build knows (issue 28: ./i18n/server-messages.ts). A failure to reach the server
 * at all is a NetworkError, so callers can tell "offline" from "refused".
 */
import type { z } from 'zod';
import type { ErrorParams, ErrorResponse } from '../../schema';
import { saveBlob } from './text-file';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** The Retry-After header of a 429 or 503 in seconds; null when absent or a date. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The `error` field of a JSON body, the message meant for people (translated by its code); null when there is none. */
  get serverMessage(): string | null {
    return serverMessageOf(this.body);
  }

  /** The JSON body's `{ error, code, params }`; null when there is none. */
  get serverError(): ErrorResponse | null {
    return serverErrorOf(this.body);
  }
}

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** A body's `{ error, code, params }`: null when it is not JSON or has no `error` text. */
export function serverErrorOf(body: string): ErrorResponse | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null; // not JSON: no server message
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const { error, code, params } = parsed as { error?: unknown; code?: unknown; params?: unknown };
  if (typeof error !== 'string' || !error) return null;
  // A code or values of another shape (a newer server): the English alone.
  if ((code !== undefined && typeof code !== 'string') || (params !== undefined && !isParams(params))) return { error };
  return { error, ...(code === undefined ? {} : { code }), ...(params === undefined ? {} : { params }) };
}

/**
 * Checked by hand, not with schema/api.ts's errorResponseSchema: this module is in the first
 * visit's JavaScript, and zod with the schema would add about 50 KB gzip to it (bench/bundle.ts).
 */
function isParams(value: unknown): value is ErrorParams {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((each) => typeof each === 'string' || typeof each === 'number');
}

/**
 * How a server's refusal reads to people. The server's English until ./i18n/server-messages.ts
 * is loaded: it registers its words for the codes here, and loads with every catalogue but
 * English's (app/shared/i18n/catalogues.ts), whose words the server's `error` already is. Not
 * imported here, because this module is in the first visit's JavaScript and those 122 messages
 * are not (bench/bundle.ts).
 */
let errorText: (error: ErrorResponse) => string = ({ error }) => error;

export function setServerErrorText(text: (error: ErrorResponse) => string): void {
  errorText = text;
}

/** A body's message for people, in the app's language when its code is known, else the server's English. */
export function serverMessageOf(body: string): string | null {
  const error = serverErrorOf(body);
  return error === null ? null : errorText(error);
}

/** The message a toast shows: the server's own words, else the given fallback. */
export function messageFor(error: unknown, fallback: string): string {
  return error instanceof ApiError ? (error.serverMessage ?? fallback) : fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The browser's HTTP cache mode; 'no-cache' asks the server again even within a max-age. */
  cache?: RequestCache;
}

/** The fetch the client uses; tests pass their own. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

let fetchImpl: Fetch = (input, init) => fetch(input, init);

/** For tests only: replaces the fetch every call goes through. */
export function setFetch(next: Fetch): void {
  fetchImpl = next;
}

/** Sends a request and returns the OK response; throws ApiError or NetworkError. */
export async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const init: RequestInit = { method: options.method ?? 'GET', credentials: 'include', signal: options.signal };
  if (options.cache !== undefined) init.cache = options.cache;
  if (options.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetchImpl(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
    throw new ApiError(response.status, await response.text().catch(() => ''), response.statusText, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null);
  }
  return response;
}

/** A JSON call whose answer is checked against its schema (a mismatch is a bug and throws). */
export async function requestJson<T>(path: string, schema: z.ZodType<T>, options: RequestOptions = {}): Promise<T> {
  const response = await request(path, options);
  const parsed = schema.safeParse(await response.json());
  if (!parsed.success) throw new Error(`The answer of ${path} does not match its schema: ${parsed.error.message}`);
  return parsed.data;
}

/** Builds a query string from the defined, non-empty values. */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Downloads a file from the server under the given name (a PGN); failures are only logged (spec). */
export async function downloadFile(path: string, fileName: string): Promise<boolean> {
  try {
    const response = await request(path);
    saveBlob(await response.blob(), fileName);
    return true;
  } catch (error) {
    console.error(`Download of ${fileName} failed.`, error);
    return false;
  }
}
