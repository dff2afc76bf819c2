import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath, ERROR_TEXTS } from '../../../schema';
import { isAllowedHost } from '../hosts';
import { httpError } from './errors';

export const CROSS_SITE_REFUSED = ERROR_TEXTS.ERR_CROSS_SITE;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CrossSiteOptions {
  /** PUBLIC_URL: its origin is the app's own. */
  readonly publicUrl: string | null;
  /** ALLOWED_HOSTS: without a match on PUBLIC_URL, an Origin naming the request's own Host is the app's when that Host is allowed. */
  readonly allowedHosts: readonly string[];
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request comes from the app itself (issue 18, in addition to SameSite
 * cookies): its Origin is PUBLIC_URL's origin or names the request's own, allowed Host; without
 * an Origin, Sec-Fetch-Site must be same-origin or none. A request with neither (curl, the
 * command line, tests) is not a browser's cross-site request and passes.
 */
export function isSameSite(request: Pick<FastifyRequest, 'headers' | 'host'>, options: CrossSiteOptions): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    const own = options.publicUrl === null ? null : originOf(options.publicUrl);
    if (own !== null && origin === own) return true;
    const parsed = originOf(origin);
    if (parsed === null || parsed === 'null') return false;
    const host = new URL(parsed).host;
    const requestHost = request.host.toLowerCase().replace(/:(80|443)$/, '');
    return host === requestHost && isAllowedHost(request.host, options.allowedHosts);
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** Refuses cross-site POST, PUT, PATCH and DELETE under /api with 403 {error}. */
export function registerCrossSiteCheck(app: FastifyInstance, options: CrossSiteOptions): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || !isApiPath(request.url)) return;
    if (isSameSite(request, options)) return;
    request.log.warn({ origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'], host: request.host }, 'cross-site request refused');
    throw httpError(403, 'ERR_CROSS_SITE');
  });
}
