import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { tooManyRequests } from "../errors.js";

export interface LoginRateLimiter {
  /** Every attempt counts against the caller's IP. */
  consumeIp(ip: string): Promise<void>;
  /** Refuses an e-mail that has had too many failed attempts. */
  checkEmail(email: string): Promise<void>;
  recordFailure(email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

const IP_WINDOW_S = 60;
const EMAIL_WINDOW_S = 15 * 60;

/** In memory on one process; in Redis when several processes share the load. */
export function createLoginRateLimiter(opts: { perIp: number; perEmail: number; redis?: Redis }): LoginRateLimiter {
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    opts.redis
      ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix, points, duration, useRedisPackage: false })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  const byIp = make("login_ip", opts.perIp, IP_WINDOW_S);
  const byEmail = make("login_email", opts.perEmail, EMAIL_WINDOW_S);

  return {
    async consumeIp(ip) {
      try {
        await byIp.consume(ip);
      } catch (res) {
        if (res instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(res.msBeforeNext / 1000));
        throw res;
      }
    },
    async checkEmail(email) {
      const res = await byEmail.get(email);
      if (res && res.consumedPoints >= opts.perEmail) throw tooManyRequests(Math.ceil(res.msBeforeNext / 1000));
    },
    async recordFailure(email) {
      await byEmail.penalty(email, 1);
    },
    async recordSuccess(email) {
      await byEmail.delete(email);
    },
  };
}
