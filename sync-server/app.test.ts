import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorResponseSchema, healthResponseSchema } from '../schema';
import { buildApp } from './app';
import { SECURITY_HEADERS } from './core/plugins/security-headers';
import type { ZodTypeProvider } from './core/plugins/zod';
import { createStaticFixture, FIXTURE_FILES, type StaticFixture } from './core/test-fixture';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

let fixture: StaticFixture;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = await createStaticFixture();
  app = buildApp({ staticDir: fixture.dir });
  // No /api POST route exists yet: these stand in for the routes later issues add.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/echo',
    { config: { auth: 'public' }, schema: { body: z.object({ name: z.string() }) } },
    async (request) => ({ hello: request.body.name }),
  );
  app.get('/api/test/crash', { config: { auth: 'public' } }, async () => {
    throw new Error('connect ECONNREFUSED /var/lib/secret.sqlite');
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/test/off-contract',
    { config: { auth: 'public' }, schema: { response: { 200: z.object({ count: z.number() }) } } },
    // Stands for a handler bug the type checker cannot see (data read from a database, say).
    async () => JSON.parse('{"count":"three"}') as { count: number },
  );
  app.get('/api/test/teapot', { config: { auth: 'public' } }, async () => {
    throw Object.assign(new Error('No coffee here'), { statusCode: 418 });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fixture.remove();
});

function expectJsonError(response: LightMyRequestResponse, statusCode: number): string {
  expect(response.statusCode).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return errorResponseSchema.parse(response.json()).error;
}

describe('GET /api/health', () => {
  it('answers with the shape of healthResponseSchema', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const health = healthResponseSchema.parse(response.json());
    expect(health).toEqual({ status: 'ok', version: packageJson.version, uptimeSeconds: expect.any(Number), database: 'none' });
  });

  it('answers HEAD', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});

describe('static files', () => {
  it.each([
    // [url, Cache-Control, Content-Type, why]
    ['/assets/index-abc123.js', IMMUTABLE, /^(application|text)\/javascript/, 'content-hashed by Vite'],
    ['/', 'no-cache', /^text\/html/, 'the entry page names the current hashed files'],
    ['/index.html', 'no-cache', /^text\/html/, 'same file by its name'],
    ['/sw.js', 'no-cache', /javascript/, 'the browser must see a new service worker'],
    ['/workbox-5f3a1c2d.js', 'no-cache', /javascript/, 'named by the PWA plugin, not under assets/'],
    ['/registerSW.js', 'no-cache', /javascript/, 'fixed name'],
    ['/manifest.webmanifest', 'no-cache', /^application\/manifest\+json/, 'fixed name'],
    ['/engine/stockfish-19-lite-single.js', 'no-cache', /javascript/, 'fixed name; the precache holds the offline copy'],
    ['/engine/stockfish-19-lite-single.wasm', 'no-cache', /^application\/wasm$/, 'streaming compilation needs this type'],
  ])('%s: Cache-Control %s', async (url, cacheControl, contentType, _why) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(cacheControl);
    expect(response.headers['content-type']).toMatch(contentType);
  });

  it('serves the file contents', async () => {
    const response = await app.inject({ url: '/assets/index-abc123.js' });
    expect(response.body).toBe(FIXTURE_FILES['assets/index-abc123.js']);
  });

  it.each([
    ['br, gzip', 'br', 'brotli copy'],
    ['gzip', 'gzip', 'gzip copy'],
  ])('sends the precompressed copy to a client accepting %s', async (acceptEncoding, encoding, body) => {
    const response = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': acceptEncoding } });
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(body);
  });

  it('lets a no-cache file be revalidated with its ETag', async () => {
    const first = await app.inject({ url: '/sw.js' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const second = await app.inject({ url: '/sw.js', headers: { 'if-none-match': String(etag) } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('answers HEAD for a file without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe('');
  });

  it('does not serve dotfiles or paths outside the directory', async () => {
    expectJsonError(await app.inject({ url: '/.env' }), 404);
    const escaped = await app.inject({ url: '/%2e%2e/package.json' });
    expect(escaped.statusCode).toBeGreaterThanOrEqual(400);
    expect(escaped.body).not.toContain('"version"');
  });
});

describe('the SPA fallback', () => {
  it.each(['/settings', '/lesson/3', '/tournaments/12/round/2?tab=pairings'])(
    'answers a page request for %s with index.html',
    async (url) => {
      const response = await app.inject({ url, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(FIXTURE_FILES['index.html']);
    },
  );

  it('answers HEAD for a client route', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/lesson/3', headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('');
  });

  it.each([
    { method: 'GET', url: '/api/nope', headers: HTML, why: 'an unknown API path is never a page' },
    { method: 'GET', url: '/api', headers: HTML, why: 'nor is the API root' },
    { method: 'POST', url: '/api/nope', headers: {}, why: 'whatever the method' },
    { method: 'GET', url: '/missing.js', headers: HTML, why: 'a missing file, even asked for like a page' },
    { method: 'GET', url: '/assets/index-gone99.js', headers: {}, why: 'a hashed file from an older build' },
    { method: 'GET', url: '/settings', headers: { accept: 'application/json' }, why: 'not asking for HTML' },
    { method: 'GET', url: '/settings', headers: {}, why: 'no Accept header' },
    { method: 'POST', url: '/settings', headers: HTML, why: 'pages are fetched with GET or HEAD only' },
  ] as const)('$method $url is a JSON 404: $why', async ({ method, url, headers }) => {
    const response = await app.inject({ method, url, headers });
    expect(expectJsonError(response, 404)).toBe('Not found');
  });
});

describe('errors', () => {
  it('answers a malformed JSON body with 400 and says why, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Magnus",',
    });
    expect(expectJsonError(response, 400)).toMatch(/not valid JSON/);
  });

  it('answers a body that breaks the route schema with 400 naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 42 } });
    expect(expectJsonError(response, 400)).toMatch(/^Invalid body: name: /);
  });

  it('passes a valid body to the handler', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Judit' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ hello: 'Judit' });
  });

  it('never sends a response that breaks its schema', async () => {
    const response = await app.inject({ url: '/api/test/off-contract' });
    expect(expectJsonError(response, 500)).toBe('Internal Server Error');
  });

  it('keeps the message of a 4xx', async () => {
    expect(expectJsonError(await app.inject({ url: '/api/test/teapot' }), 418)).toBe('No coffee here');
  });

  it('hides the message of a 5xx', async () => {
    const response = await app.inject({ url: '/api/test/crash' });
    expect(expectJsonError(response, 500)).toBe('Internal Server Error');
    expect(response.body).not.toContain('secret');
  });
});

describe('security headers', () => {
  it.each([
    ['an API answer', 'GET', '/api/health', {}],
    ['a hashed file', 'GET', '/assets/index-abc123.js', {}],
    ['the SPA fallback', 'GET', '/settings', HTML],
    ['a 404', 'GET', '/api/nope', {}],
    ['a 400', 'POST', '/api/test/echo', { 'content-type': 'application/json' }],
    ['a 500', 'GET', '/api/test/crash', {}],
  ] as const)('are on %s', async (_kind, method, url, headers) => {
    const response = await app.inject({ method, url, headers, payload: method === 'POST' ? '{' : undefined });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(response.headers[name], name).toBe(value);
    }
  });

  it('include a Content-Security-Policy that allows the app and nothing else', () => {
    expect(SECURITY_HEADERS['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; " +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
        "manifest-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; object-src 'none'",
    );
  });

  it('never hand out a source map', async () => {
    expect(expectJsonError(await app.inject({ url: '/assets/index-abc123.js.map' }), 404)).toBe('Not found');
    expect(readFileSync(new URL('../vite.config.ts', import.meta.url), 'utf8')).toMatch(/sourcemap: false/);
  });

  it('add HSTS over HTTPS (behind a trusted proxy) and not over plain HTTP', async () => {
    const proxied = buildApp({ staticDir: fixture.dir, trustProxy: true });
    try {
      const secure = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await proxied.inject({ url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it.each([
    ['an API answer', '/api/health', 'no-store'],
    ['an API 404', '/api/nope', 'no-store'],
    ['an API 500', '/api/test/crash', 'no-store'],
    ['a hashed file keeps its long cache', '/assets/index-abc123.js', IMMUTABLE],
  ])('set Cache-Control on %s', async (_kind, url, expected) => {
    expect((await app.inject({ url })).headers['cache-control']).toBe(expected);
  });
});

describe('buildApp({ staticDir: null })', () => {
  let apiOnly: FastifyInstance;
  beforeAll(() => {
    apiOnly = buildApp({ staticDir: null });
  });
  afterAll(() => apiOnly.close());

  it('serves /api', async () => {
    const response = await apiOnly.inject({ url: '/api/health' });
    expect(healthResponseSchema.parse(response.json()).status).toBe('ok');
  });

  it.each(['/', '/index.html', '/settings', '/assets/index-abc123.js'])('does not serve %s', async (url) => {
    expect(expectJsonError(await apiOnly.inject({ url, headers: HTML }), 404)).toBe('Not found');
  });
});
