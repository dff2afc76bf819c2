import type { FastifyInstance } from 'fastify';

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
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
} as const;

/** Set on every response (files, API answers, 404s and errors alike), before any handler runs. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
}
