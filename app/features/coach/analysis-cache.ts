/**
 * The engine-analysis cache of the Play screen (spec section 7): results live 30 s, at most 20
 * entries, the oldest evicted first. Pure: the clock is injected, so tests need no timers.
 */
export const ANALYSIS_CACHE_TTL_MS = 30_000;
export const ANALYSIS_CACHE_MAX_ENTRIES = 20;

export interface AnalysisCache<T> {
  /** The value stored under key, unless it is older than the time to live. */
  get(key: string): T | undefined;
  /** Stores a value (a key stored again counts as new); evicts the oldest entries beyond the limit. */
  set(key: string, value: T): void;
  readonly size: number;
  clear(): void;
}

export interface AnalysisCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export function createAnalysisCache<T>(options: AnalysisCacheOptions = {}): AnalysisCache<T> {
  const ttlMs = options.ttlMs ?? ANALYSIS_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? ANALYSIS_CACHE_MAX_ENTRIES;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order, so its first key is always the oldest entry.
  const entries = new Map<string, { value: T; storedAt: number }>();

  const dropExpired = () => {
    const time = now();
    for (const [key, entry] of entries) {
      if (time - entry.storedAt < ttlMs) break;
      entries.delete(key);
    }
  };

  return {
    get(key) {
      dropExpired();
      return entries.get(key)?.value;
    },
    set(key, value) {
      dropExpired();
      entries.delete(key);
      entries.set(key, { value, storedAt: now() });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
    },
    get size() {
      dropExpired();
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
