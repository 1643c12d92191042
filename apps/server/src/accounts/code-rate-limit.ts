import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { tooManyRequests } from "../errors.js";

/** Which mail a request asks for: each has its own counters. */
export type CodeKind = "signup" | "reset";

export interface CodeRateLimiter {
  /** Counts one code mail for the caller's IP and for the address; 429 ERR_TOO_MANY_REQUESTS past either limit. */
  consume(kind: CodeKind, ip: string, email: string): Promise<void>;
}

const WINDOW_S = 15 * 60;
const DAY_S = 24 * 60 * 60;
/** An address also has a daily cap (this many windows' worth), so codes cannot be guessed slowly over weeks. */
const DAILY_WINDOWS = 4;

/**
 * Limits how many code mails one IP and one address can cause (nobody floods a mailbox through us, nor guesses codes
 * by asking for new ones). In memory on one process; in Redis when several processes share the load.
 */
export function createCodeRateLimiter(opts: { perIp: number; perEmail: number; redis?: Redis }): CodeRateLimiter {
  const make = (keyPrefix: string, points: number, duration = WINDOW_S): RateLimiterAbstract =>
    opts.redis
      ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix, points, duration, useRedisPackage: false })
      : new RateLimiterMemory({ keyPrefix, points, duration });
  const forKind = (kind: CodeKind) => ({
    ip: make(`code_${kind}_ip`, opts.perIp),
    email: make(`code_${kind}_email`, opts.perEmail),
    emailDaily: make(`code_${kind}_email_day`, opts.perEmail * DAILY_WINDOWS, DAY_S),
  });
  const limiters = { signup: forKind("signup"), reset: forKind("reset") };
  const take = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(res.msBeforeNext / 1000));
      throw res;
    }
  };
  return {
    async consume(kind, ip, email) {
      await take(limiters[kind].ip, ip);
      await take(limiters[kind].email, email);
      await take(limiters[kind].emailDaily, email);
    },
  };
}
