import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { tooManyRequests } from "../errors.js";

export interface LoginRateLimiter {
  /** Every attempt counts against the caller's IP. */
  consumeIp(ip: string): Promise<void>;
  /**
   * Counts an attempt against the e-mail before its password is checked, atomically (one increment in memory or in
   * Redis), and refuses it past the limit: concurrent guesses cannot all slip in between a check and a count.
   */
  consumeEmail(email: string): Promise<void>;
  /** Gives back the point of an attempt that was not a wrong password (e.g. a blocked company with the right one). */
  refundEmail(email: string): Promise<void>;
  /** A successful sign-in clears the e-mail's count. */
  recordSuccess(email: string): Promise<void>;
}

const IP_WINDOW_S = 60;
const EMAIL_WINDOW_S = 15 * 60;

/** In memory on one process; in Redis when several processes share the load. */
export function createLoginRateLimiter(opts: { perIp: number; perEmail: number; redis?: Redis; keyPrefix?: string }): LoginRateLimiter {
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    opts.redis
      ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: opts.keyPrefix ? `${opts.keyPrefix}:${keyPrefix}` : keyPrefix, points, duration, useRedisPackage: false })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  const byIp = make("login_ip", opts.perIp, IP_WINDOW_S);
  const byEmail = make("login_email", opts.perEmail, EMAIL_WINDOW_S);

  const consume = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(res.msBeforeNext / 1000));
      throw res;
    }
  };
  // E-mails are compared without case (login does the same).
  const emailKey = (email: string) => email.trim().toLowerCase();

  return {
    consumeIp: (ip) => consume(byIp, ip),
    consumeEmail: (email) => consume(byEmail, emailKey(email)),
    async refundEmail(email) {
      await byEmail.reward(emailKey(email), 1);
    },
    async recordSuccess(email) {
      await byEmail.delete(emailKey(email));
    },
  };
}
