/**
 * The API's addresses, written once (issue 27). Each feature's schema module names its routes'
 * patterns in Fastify's syntax ('/tournaments/:id/rounds'), without the '/api' prefix the server
 * registers every feature under; the server registers that pattern, and the app fills it with
 * `apiPath`. A route renamed on one side is then renamed on both, and TypeScript asks for every
 * parameter the pattern names.
 */

/** Where the server mounts every feature's routes. */
export const API_PREFIX = '/api';

/** Whether a path (without its query) is the API's: '/api' or under '/api/', not '/apis'. */
export function isApiPath(path: string): boolean {
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a pattern's parameters take: `{ id: 7 }` for '/tournaments/:id'. */
export type PathParams<Pattern extends string> = { readonly [Name in ParamNames<Pattern>]: string | number };

/** A query string's values; undefined and null leave the key out. */
export type QueryValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

type ParamsArgument<Pattern extends string> = [ParamNames<Pattern>] extends [never]
  ? [params?: Record<string, never>, query?: QueryValues]
  : [params: PathParams<Pattern>, query?: QueryValues];

/**
 * The address of a route: `apiPath(tournamentPaths.round, { id: 7, round: 2 })` is
 * '/api/tournaments/7/rounds/2'. Each value is URI-encoded; a parameter the pattern names but the
 * values lack is an error, not the text 'undefined'.
 */
export function apiPath<Pattern extends string>(pattern: Pattern, ...[params, query]: ParamsArgument<Pattern>): string {
  const values = (params ?? {}) as Readonly<Record<string, string | number | undefined>>;
  const path = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`apiPath: ${pattern} needs :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return `${API_PREFIX}${path}${search.length === 0 ? '' : `?${search.join('&')}`}`;
}
