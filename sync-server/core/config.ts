import { readFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

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
  /** DATABASE_SCHEMA: a PostgreSQL schema to create if missing and use (default: the database's search_path). */
  databaseSchema: string | undefined;
  /** Password-reset e-mail through SMTP; unset: .eml files in DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** The address people open the app at, for links in e-mails; unset: the request's origin. */
  publicUrl: string | undefined;
  /**
   * ALLOWED_HOSTS (comma-separated, `name` or `name:port`): without PUBLIC_URL, the Host values
   * reset links may be made from. Default: localhost and the addresses the server listens on.
   */
  allowedHosts: string[];
  /** SYNC_PROTOCOL_MIN: the oldest sync protocol accepted (older apps are asked to update); default the build's minimum. */
  syncProtocolMin: number | undefined;
  /** TRUST_PROXY: believe X-Forwarded-For/-Proto from a proxy (true, or its addresses/subnets, comma-separated). */
  trustProxy: boolean | string;
  /** REGISTER_LIMIT_PER_HOUR: new accounts per address an hour (a whole school behind one address); default 100. */
  registerLimitPerHour: number | undefined;
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
    databaseSchema: nonEmpty(env.DATABASE_SCHEMA),
    smtpUrl: nonEmpty(env.SMTP_URL),
    publicUrl: nonEmpty(env.PUBLIC_URL),
    allowedHosts: parseAllowedHosts(env.ALLOWED_HOSTS) ?? defaultAllowedHosts(nonEmpty(env.HOST) ?? '0.0.0.0'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    registerLimitPerHour: parseCount('REGISTER_LIMIT_PER_HOUR', env.REGISTER_LIMIT_PER_HOUR),
    syncProtocolMin: parseProtocol(env.SYNC_PROTOCOL_MIN),
    staticDir: apiOnly ? null : resolveFrom(cwd, nonEmpty(env.STATIC_DIR) ?? DEFAULT_STATIC_DIR),
  };
}

function parseCount(name: string, value: string | undefined): number | undefined {
  const text = nonEmpty(value);
  if (text === undefined) return undefined;
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000) throw new Error(`${name} must be a whole number from 1 to 1000000, not '${text}'.`);
  return count;
}

function parseAllowedHosts(value: string | undefined): string[] | undefined {
  const text = nonEmpty(value);
  if (text === undefined) return undefined;
  return text.split(',').map((host) => host.trim().toLowerCase()).filter((host) => host !== '');
}

/**
 * localhost and the addresses the server listens on: HOST itself, or with 0.0.0.0 / :: every
 * address of this computer (the Chromebooks at a venue open it by its LAN address) and its name.
 */
export function defaultAllowedHosts(host: string): string[] {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]']);
  if (host === '0.0.0.0' || host === '::') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) hosts.add(address.family === 'IPv6' ? `[${address.address.split('%')[0]}]` : address.address);
    }
    hosts.add(hostname().toLowerCase());
  } else {
    hosts.add(host.includes(':') ? `[${host}]` : host.toLowerCase());
  }
  return [...hosts];
}

function parseProtocol(value: string | undefined): number | undefined {
  if (nonEmpty(value) === undefined) return undefined;
  const version = Number(value);
  if (!Number.isInteger(version) || version < 1) throw new Error(`SYNC_PROTOCOL_MIN must be a whole number from 1, got "${value}".`);
  return version;
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
