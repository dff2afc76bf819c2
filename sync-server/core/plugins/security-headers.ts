import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../../../schema';

/**
 * What the app needs and nothing more: its own scripts, WebAssembly compilation for Stockfish
 * ('wasm-unsafe-eval', which allows no JavaScript eval), workers from its own origin or blob:
 * URLs, inline styles (React style attributes) and images from data: and blob: URLs.
 * No inline scripts: the PWA plugin must register the service worker from a file.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'self'",
  // Forms post only to this server (an injected form cannot send a password elsewhere).
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

/** Over HTTPS (directly or behind a trusted proxy): browsers use HTTPS only, for a year. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Set on every response (files, API answers, 404s and errors alike), before any handler runs.
 * Every /api answer is personal or live (the user, their games, sessions, analyses): no cache,
 * shared or private, keeps it (Cache-Control: no-store), unless a route sets its own.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(SECURITY_HEADERS);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
