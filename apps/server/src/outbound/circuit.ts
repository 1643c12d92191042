import { OutboundError } from "./outbound-fetch.js";

/**
 * Stops calling a service that keeps failing for one key (a company's integration, its AI key …) for a while, so
 * its jobs fail fast and hand the ticket to a human instead of each waiting out a timeout, without touching any
 * other key. In-process: each process learns on its own (a few extra failed calls per process at most).
 */
export interface Circuit {
  run<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /** Whether calls for the key are refused right now. */
  isOpen(key: string): boolean;
}

export function createCircuit(options: { failures?: number; openMs?: number; now?: () => number } = {}): Circuit {
  const threshold = options.failures ?? 5;
  const openMs = options.openMs ?? 60_000;
  const now = options.now ?? Date.now;
  const state = new Map<string, { failures: number; openUntil: number }>();

  const isOpen = (key: string) => {
    const s = state.get(key);
    return s !== undefined && s.openUntil > now();
  };

  return {
    isOpen,
    async run(key, fn) {
      if (isOpen(key)) throw new OutboundError("circuit-open", `calls for ${key} are paused after repeated failures`);
      try {
        const result = await fn();
        state.delete(key);
        return result;
      } catch (err) {
        const s = state.get(key) ?? { failures: 0, openUntil: 0 };
        s.failures += 1;
        // After the pause one call is let through (half-open); its failure pauses again at once.
        if (s.failures >= threshold) s.openUntil = now() + openMs;
        state.set(key, s);
        throw err;
      }
    },
  };
}
