import type { AppDatabase } from './db/connect';
import type { Mailer } from './mailer';
import type { Limit, RateLimiter } from './rate-limit';

/** What the API routes share: built once by buildApp and handed to each route plugin. */
export interface ServerContext {
  readonly database: AppDatabase;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  /** New accounts per address an hour (REGISTER_LIMIT_PER_HOUR; default REGISTER_PER_IP_LIMIT). */
  readonly registerLimit: Limit;
  /** Base of links in e-mails (PUBLIC_URL); null: the request's own origin, if allowed below. */
  readonly publicUrl: string | null;
  /** Without PUBLIC_URL: the Host values links may be made from (name, or name:port). */
  readonly allowedHosts: readonly string[];
  /** The clock (tests move it to expire tokens). */
  readonly now: () => Date;
}
