import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from '../../../schema';
import { sendNotFound } from './errors';

/** Vite puts content-hashed files, and only those, under assets/: a new build means new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else keeps its name across builds, so the browser must check with the server
 * (ETag / Last-Modified) each time: index.html, sw.js, workbox-*.js, the manifest, the engine. */
const REVALIDATE = 'no-cache';

function cacheControlFor(pathInStaticDir: string): string {
  return pathInStaticDir.split(sep)[0] === 'assets' ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built app from `staticDir`, and answers unknown GET/HEAD requests for pages with
 * index.html so that client routes (/settings, /lesson/3) survive a reload. API paths and
 * missing files still get a 404.
 */
export function registerStaticApp(app: FastifyInstance, staticDir: string): void {
  app.register(fastifyStatic, {
    root: staticDir,
    cacheControl: false,
    // The build writes .br and .gz beside each file (scripts/vite-plugin-precompress.ts).
    preCompressed: true,
    dotfiles: 'ignore',
    // The production build makes no source maps; one left in the folder is not handed out either.
    allowedPath: (pathName) => !pathName.endsWith('.map'),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(relative(staticDir, filePath)));
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (!isPageRequest(request)) return sendNotFound(request, reply);
    // Not-found replies start out as 404; this one is the app's page.
    return reply.code(200).sendFile('index.html');
  });
}

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (isApiPath(path)) return false;
  // A last segment with a dot (/missing.js, /favicon.ico) asks for a file, not a page.
  if (/\.[^/]*$/.test(path)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}
