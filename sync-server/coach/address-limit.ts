import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_TEXTS } from '../../schema';
import { errorBody } from '../core/plugins/errors';

/**
 * Per-address limits of the coaching routes, counted when a request arrives, before any work:
 * at most `concurrency` requests of one address in flight (so one address cannot fill the engine
 * pool's queue and starve everyone else) and at most `perMinute` a minute. Over either, 429 with
 * Retry-After. Counted per server process, as the engine pool itself is per process.
 */
export interface AddressLimitOptions {
  /** Requests of one address in flight at once. Default 8 (the queue holds 32). */
  concurrency?: number;
  /** Requests of one address a minute. Default 240 (a class behind one address playing with hints). */
  perMinute?: number;
  now?: () => number;
}

export const DEFAULT_COACH_CONCURRENCY_PER_ADDRESS = 8;
export const DEFAULT_COACH_REQUESTS_PER_MINUTE = 240;
export const COACH_BUSY_MESSAGE = ERROR_TEXTS.ERR_COACH_BUSY;
export const COACH_RATE_MESSAGE = ERROR_TEXTS.ERR_COACH_RATE;

export function registerAddressLimit(app: FastifyInstance, options: AddressLimitOptions = {}): void {
  const concurrency = options.concurrency ?? DEFAULT_COACH_CONCURRENCY_PER_ADDRESS;
  const perMinute = options.perMinute ?? DEFAULT_COACH_REQUESTS_PER_MINUTE;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, number>();
  const windows = new Map<string, { count: number; resetAt: number }>();
  const counted = new WeakSet<FastifyRequest>();

  const release = (request: FastifyRequest) => {
    if (!counted.has(request)) return;
    counted.delete(request);
    const left = (inFlight.get(request.ip) ?? 1) - 1;
    if (left <= 0) inFlight.delete(request.ip);
    else inFlight.set(request.ip, left);
  };

  const refuse = (reply: FastifyReply, seconds: number, code: 'ERR_COACH_RATE' | 'ERR_COACH_BUSY') =>
    reply.code(429).header('retry-after', String(seconds)).send(errorBody(ERROR_TEXTS[code], { code }));

  app.addHook('onRequest', async (request, reply) => {
    const time = now();
    let window = windows.get(request.ip);
    if (window === undefined || window.resetAt <= time) {
      if (windows.size >= 10_000) for (const [key, old] of windows) if (old.resetAt <= time) windows.delete(key);
      window = { count: 0, resetAt: time + 60_000 };
      windows.set(request.ip, window);
    }
    if (window.count >= perMinute) return refuse(reply, Math.max(1, Math.ceil((window.resetAt - time) / 1000)), 'ERR_COACH_RATE');
    if ((inFlight.get(request.ip) ?? 0) >= concurrency) return refuse(reply, 1, 'ERR_COACH_BUSY');
    window.count += 1;
    inFlight.set(request.ip, (inFlight.get(request.ip) ?? 0) + 1);
    counted.add(request);
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
}
