import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as schema from '../schema';
import { API_PREFIX } from '../schema';
import { createTestDatabase, type TestDatabase } from './core/test-db';
import { buildTestApp } from './testing/test-server';

// Database set-up is slow on a busy machine (and on PostgreSQL).
vi.setConfig({ hookTimeout: 60_000 });

/**
 * Issue 27, "every path once": each route's pattern is written in its feature's schema module, as
 * a `*Paths` object, and both the server (which registers it under API_PREFIX) and the app (which
 * fills it with apiPath) read it there. This checks the objects against what the built server
 * registers, both ways.
 */

/** Every `*Paths` object schema/ exports: its name, and its patterns by name. */
const pathObjects = Object.entries(schema).filter(
  (entry): entry is [string, Readonly<Record<string, string>>] =>
    entry[0].endsWith('Paths') && typeof entry[1] === 'object' && entry[1] !== null && Object.values(entry[1]).every((value) => typeof value === 'string'),
);
const patterns = pathObjects.flatMap(([object, paths]) => Object.entries(paths).map(([name, pattern]) => ({ name: `${object}.${name}`, pattern })));

let test: TestDatabase;
const registered = new Set<string>();

beforeAll(async () => {
  test = await createTestDatabase();
  const { app } = buildTestApp(test.database);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.startsWith(`${API_PREFIX}/`)) registered.add(route.url.slice(API_PREFIX.length));
  });
  await app.ready();
  await app.close();
});

afterAll(async () => {
  await test.remove();
});

describe("schema's *Paths objects", () => {
  it('are found, each pattern in Fastify syntax without the prefix', () => {
    expect(pathObjects.length).toBeGreaterThan(10);
    const malformed = patterns.filter(({ pattern }) => !/^\/[a-z0-9:/-]*[a-z0-9]$/i.test(pattern) || pattern.startsWith(`${API_PREFIX}/`));
    expect(malformed).toEqual([]);
  });

  it('write each pattern once', () => {
    const seen = new Map<string, string>();
    const twice = patterns.filter(({ name, pattern }) => {
      const first = seen.get(pattern);
      seen.set(pattern, first ?? name);
      return first !== undefined;
    });
    expect(twice.map(({ name, pattern }) => `${name}: ${pattern} (also ${seen.get(pattern)})`)).toEqual([]);
  });

  it('name only routes the built server registers', () => {
    expect(patterns.filter(({ pattern }) => !registered.has(pattern)).map(({ name, pattern }) => `${name}: ${pattern}`)).toEqual([]);
  });

  it('name every route the server registers (but those waiting for their change)', () => {
    const named = new Set(patterns.map(({ pattern }) => pattern));
    const unnamed = [...registered].filter((pattern) => !named.has(pattern));
    expect(unnamed, 'add the pattern to its feature\'s *Paths object in schema/ and register that').toEqual([]);
  });
});
