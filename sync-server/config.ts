import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Vite's outDir: where `npm run build` puts the app the server hands out. */
export const DEFAULT_STATIC_DIR = join(REPO_ROOT, 'dist');

export const APP_VERSION = readAppVersion();

function readAppVersion(): string {
  const packageJson: unknown = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  const version = (packageJson as { version?: unknown }).version;
  if (typeof version !== 'string') throw new Error('package.json has no "version"');
  return version;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL instead of the SQLite file DATA_DIR/chess.sqlite. */
  databaseUrl: string | undefined;
  /** Password-reset e-mail through SMTP; unset: .eml files in DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** The address people open the app at, for links in e-mails; unset: the request's origin. */
  publicUrl: string | undefined;
  /** TRUST_PROXY: believe X-Forwarded-For/-Proto from a proxy (true, or its addresses/subnets, comma-separated). */
  trustProxy: boolean | string;
  /** `null` when the app is not served (`--api-only`, used by `npm run dev`). */
  staticDir: string | null;
}

/**
 * Reads the server's settings from the environment and command line.
 * Throws an Error whose message is meant for the person starting the server.
 */
export function readServerConfig(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
  cwd: string = process.cwd(),
): ServerConfig {
  const unknownArgs = args.filter((arg) => arg !== '--api-only');
  if (unknownArgs.length > 0) {
    throw new Error(`Unknown argument ${unknownArgs.join(' ')}. The only option is --api-only.`);
  }
  const apiOnly = args.includes('--api-only');
  return {
    port: parsePort(env.PORT),
    // 0.0.0.0 so that Chromebooks on the venue's network can reach the server.
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: resolveFrom(cwd, nonEmpty(env.DATA_DIR) ?? 'data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    publicUrl: nonEmpty(env.PUBLIC_URL),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    staticDir: apiOnly ? null : resolveFrom(cwd, nonEmpty(env.STATIC_DIR) ?? DEFAULT_STATIC_DIR),
  };
}

function parsePort(value: string | undefined): number {
  if (nonEmpty(value) === undefined) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}".`);
  }
  return port;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  const text = nonEmpty(value)?.trim();
  if (text === undefined || text === 'false') return false;
  return text === 'true' ? true : text;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function resolveFrom(cwd: string, path: string): string {
  return isAbsolute(path) ? path : resolve(cwd, path);
}
