import type { whatsapps } from "../db/schema.js";

/** Meta's default throughput for a Cloud API number (messages/s): the outbox does not go past it. */
export const CLOUD_API_RATE_PER_SECOND = 80;
/** A WhatsApp Web number without a pace of its own nor OUTBOX_RATE_PER_CONNECTION. */
export const DEFAULT_RATE_PER_SECOND = 5;

/**
 * How many messages per second the outbox sends through a connection at most: its own `sendRatePerSecond`, else
 * for a WhatsApp Web (Baileys) number OUTBOX_RATE_PER_CONNECTION (so a real number is not flooded), for the Cloud
 * API Meta's default throughput; the simulator is unpaced. Null: unpaced.
 */
export function paceOf(connection: Pick<typeof whatsapps.$inferSelect, "provider" | "sendRatePerSecond">, defaultRate: number | undefined): number | null {
  if (connection.sendRatePerSecond !== null && connection.sendRatePerSecond > 0) return connection.sendRatePerSecond;
  if (connection.provider === "beta") return defaultRate ?? DEFAULT_RATE_PER_SECOND;
  if (connection.provider === "cloudapi") return CLOUD_API_RATE_PER_SECOND;
  return null;
}

/**
 * Send slots per connection in this process: a connection paced at r messages/s starts at most one send every 1/r s
 * (no burst), measured from when each send really started (a late timer never lets the next one go early). Per
 * process: every process that works the outbox paces on its own (docs/PERFORMANCE.md).
 */
export class OutboxPace {
  /** When the connection's last send started. */
  private readonly last = new Map<number, number>();
  /** Sends waiting for a slot, one after another. */
  private readonly waiting = new Map<number, { tail: Promise<void>; count: number }>();
  /** Where the messages put back in the queue for their slot end (an estimate: they take real slots when back). */
  private readonly backlogEnd = new Map<number, number>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Milliseconds until a send asked for now would start (after those already waiting). */
  delayOf(whatsappId: number, rate: number | null): number {
    if (!rate) return 0;
    const interval = 1000 / rate;
    const last = this.last.get(whatsappId);
    const free = last === undefined ? 0 : Math.max(0, last + interval - this.now());
    return free + (this.waiting.get(whatsappId)?.count ?? 0) * interval;
  }

  /** Waits for the connection's next slot and takes it. */
  async take(whatsappId: number, rate: number | null): Promise<void> {
    if (!rate) return;
    const interval = 1000 / rate;
    const queue = this.waiting.get(whatsappId) ?? { tail: Promise.resolve(), count: 0 };
    queue.count++;
    const mine = queue.tail.then(async () => {
      const last = this.last.get(whatsappId);
      // Timers round to milliseconds and may wake a fraction early: wait again until the interval has passed.
      for (let wait = last === undefined ? 0 : last + interval - this.now(); wait > 0; wait = last! + interval - this.now()) {
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      }
      this.last.set(whatsappId, this.now());
    });
    queue.tail = mine;
    this.waiting.set(whatsappId, queue);
    try {
      await mine;
    } finally {
      if (--queue.count === 0 && this.waiting.get(whatsappId) === queue) this.waiting.delete(whatsappId);
    }
  }

  /**
   * For a message put back in the queue: milliseconds from now at which to try again, after the connection's next
   * free slot and after those put back before it, one interval apart (so they come back at the pace they can go).
   */
  deferral(whatsappId: number, rate: number): number {
    const now = this.now();
    const at = Math.max(now + this.delayOf(whatsappId, rate), this.backlogEnd.get(whatsappId) ?? 0);
    this.backlogEnd.set(whatsappId, at + 1000 / rate);
    return at - now;
  }
}
