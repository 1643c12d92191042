import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";
import { tooManyRequests } from "../errors.js";
import { hashApiToken } from "./api-token.js";

export type ApiRateLimiter = (token: string) => Promise<void>;

/**
 * Requests per token per minute: in memory on one process, in Redis when several share the load. Keyed by the
 * token's hash (never the token itself in Redis); counted before the token is looked up, so a client hammering with
 * one token does not reach the database.
 */
export function createApiRateLimiter(opts: { perMinute: number; redis?: Redis; keyPrefix?: string }): ApiRateLimiter {
  const limiter: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({ storeClient: opts.redis, keyPrefix: opts.keyPrefix ? `${opts.keyPrefix}:api_token` : "api_token", points: opts.perMinute, duration: 60, useRedisPackage: false })
    : new RateLimiterMemory({ keyPrefix: "api_token", points: opts.perMinute, duration: 60 });
  return async (token) => {
    try {
      await limiter.consume(hashApiToken(token));
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooManyRequests(Math.ceil(res.msBeforeNext / 1000));
      throw res;
    }
  };
}
