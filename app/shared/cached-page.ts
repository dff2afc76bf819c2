/**
 * Server pages kept for offline visits: a screen asks for a path, sees the stored copy at once
 * (live from Dexie) and the fresh answer when it comes. With the network off the stored copy
 * stands and `offline` says so; a 404 is "not found"; any other failure with nothing stored is
 * an error to show.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError, NetworkError, requestJson } from './api';
import { db } from './db';
import { onSynced } from './sync';

export type CachedLoad<T> =
  | { status: 'loading' }
  | { status: 'notFound'; reload: () => void }
  | { status: 'error'; reload: () => void }
  | { status: 'ready'; value: T; offline: boolean; reload: () => void };

export function readCached<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    if (value !== undefined) console.warn('A stored page does not match its schema; ignoring it.', parsed.error.issues);
    return null;
  }
  return parsed.data;
}

export async function storePage(key: string, value: unknown): Promise<void> {
  await db.cachedPages.put({ key, value, fetchedAt: new Date().toISOString() });
}

export function useCachedPage<T>(key: string | null, path: string | null, schema: z.ZodType<T>): CachedLoad<T> {
  const [fetchState, setFetchState] = useState<'loading' | 'fresh' | 'offline' | 'notFound' | 'error'>('loading');
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const stored = useLiveQuery(async () => (key === null ? null : ((await db.cachedPages.get(key)) ?? null)), [key]);

  useEffect(() => onSynced(reload), [reload]);
  useEffect(() => {
    if (key === null || path === null) {
      setFetchState('notFound');
      return;
    }
    const controller = new AbortController();
    // The stored copy is what shows at once; the fetch always asks the server (a max-age answer
    // kept by the browser would hide the user's own changes, e.g. tip stats after a push).
    requestJson(path, schema, { signal: controller.signal, cache: 'no-cache' })
      .then(async (value) => {
        await storePage(key, value);
        setFetchState('fresh');
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setFetchState('notFound');
        else if (error instanceof NetworkError) setFetchState('offline');
        else {
          console.error(`Failed to load ${path}`, error);
          setFetchState('error');
        }
      });
    return () => controller.abort();
    // The schema is a module constant; key and path say what to load.
  }, [key, path, reloads]); // eslint-disable-line react-hooks/exhaustive-deps

  if (fetchState === 'notFound') return { status: 'notFound', reload };
  const value = stored ? readCached(schema, stored.value) : null;
  if (value !== null) return { status: 'ready', value, offline: fetchState === 'offline', reload };
  if (stored === undefined || fetchState === 'loading') return { status: 'loading' };
  return { status: 'error', reload };
}
