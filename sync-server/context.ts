import type { AppDatabase } from './db/connect';
import type { Mailer } from './auth/mailer';
import type { RateLimiter } from './auth/rate-limit';

/** What the API routes share: built once by buildApp and handed to each route plugin. */
export interface ServerContext {
  readonly database: AppDatabase;
  readonly mailer: Mailer;
  readonly limiter: RateLimiter;
  /** Base of links in e-mails (PUBLIC_URL); null: the request's own origin. */
  readonly publicUrl: string | null;
  /** The clock (tests move it to expire tokens). */
  readonly now: () => Date;
}
