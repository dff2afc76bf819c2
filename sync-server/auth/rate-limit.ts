/**
 * Fixed-window attempt counters kept in memory (one server process; a restart forgets them,
 * which only ever lets someone try again sooner). Keys are like `login:ip:1.2.3.4`.
 */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfterSeconds(key: string, limit: Limit): number {
    const window = this.current(key);
    if (window === undefined || window.count < limit.max) return 0;
    return Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
  }

  hit(key: string, limit: Limit): void {
    const window = this.current(key);
    if (window === undefined) {
      this.windows.set(key, { count: 1, resetAt: this.now() + limit.windowMs });
      this.sweep();
    } else {
      window.count += 1;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window !== undefined && window.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  /** Bounds memory: drops expired windows once the map grows large. */
  private sweep(): void {
    if (this.windows.size < 10_000) return;
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Per IP and account: 10 failed sign-ins, or 10 reset requests, per 15 minutes. */
export const PER_ACCOUNT_LIMIT: Limit = { max: 10, windowMs: FIFTEEN_MINUTES };
/** Per IP over all accounts: 50 per 15 minutes (a school behind one address has room). */
export const PER_IP_LIMIT: Limit = { max: 50, windowMs: FIFTEEN_MINUTES };

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
