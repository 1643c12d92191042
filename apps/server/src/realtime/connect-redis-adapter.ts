import type { Redis } from "ioredis";

/** Socket.IO's Redis adapter with its two connections (publish, subscribe), closed with the realtime server. */
export interface RedisAdapter {
  adapter: ReturnType<typeof import("@socket.io/redis-adapter").createAdapter>;
  clients: Redis[];
}

/**
 * Connects the adapter that shares rooms and broadcasts between processes. ioredis and the adapter are imported here,
 * only with REDIS_URL: most installs run one process without Redis and would load them at every start for nothing.
 */
export async function connectRedisAdapter(redisUrl: string, key = "socket.io"): Promise<RedisAdapter> {
  const [{ Redis }, { createAdapter }] = await Promise.all([import("ioredis"), import("@socket.io/redis-adapter")]);
  const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  return { adapter: createAdapter(pub, sub, { key }), clients: [pub, sub] };
}
