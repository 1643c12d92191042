/** PostgreSQL and driver errors that may pass when tried again: serialization, deadlock, a lost or busy connection. */
export function isTransientDbError(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      if (code === "40001" || code === "40P01" || code === "55P03" || code === "53300" || code === "57P01" || code.startsWith("08")) return true;
      if (code === "ECONNRESET" || code === "ECONNREFUSED" || code === "ETIMEDOUT" || code === "EPIPE") return true;
    }
    if (typeof message === "string" && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

export interface RetryOptions {
  attempts: number;
  /** Delay before the second attempt; doubled for each further one. */
  baseDelayMs: number;
  onRetry?: (err: unknown, attempt: number) => void;
}

/** Runs `fn`, again after a growing pause while it fails with a transient database error. */
export async function retryTransient<T>(fn: () => Promise<T>, opts: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= opts.attempts || !isTransientDbError(err)) throw err;
      opts.onRetry?.(err, attempt);
      await new Promise((resolve) => setTimeout(resolve, opts.baseDelayMs * 2 ** (attempt - 1)));
    }
  }
}
