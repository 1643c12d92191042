import type { Redis } from "ioredis";

/** Socket.IO's Redis adapter with its two connections (publish, subscribe), closed with the realtime server. */
export interface RedisAdapter {
  adapter: ReturnType<typeof import("@socket.io/redis-adapter").createAdapter>;
  clients: Redis[];
  /**
   * Resolves once the subscriptions the adapter made when Socket.IO took it are live. The adapter subscribes without
   * waiting, and a command sent between processes counts the subscribers at that moment: a process asked before its
   * own subscription is in place is not counted, and the command finds no one (ERR_WAPP_NOT_INITIALIZED).
   */
  subscribed(): Promise<void>;
}

/**
 * Connects the adapter that shares rooms and broadcasts between processes. ioredis and the adapter are imported here,
 * only with REDIS_URL: most installs run one process without Redis and would load them at every start for nothing.
 */
export async function connectRedisAdapter(redisUrl: string, key = "socket.io"): Promise<RedisAdapter> {
  const [{ Redis }, { createAdapter }] = await Promise.all([import("ioredis"), import("@socket.io/redis-adapter")]);
  const pub = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const sub = pub.duplicate();
  return {
    adapter: createAdapter(pub, sub, { key }),
    clients: [pub, sub],
    // Redis answers one connection's commands in order: a PING sent after the SUBSCRIBEs is answered after them.
    subscribed: async () => void (await sub.ping()),
  };
}
