import { describe, expect, it } from "vitest";
import { isTransientDbError, retryTransient } from "./retry-transient.js";

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe("retryTransient", () => {
  it("tries again after a serialization failure or deadlock, and succeeds", async () => {
    let calls = 0;
    const retries: number[] = [];
    const result = await retryTransient(
      async () => {
        calls++;
        if (calls < 3) throw calls === 1 ? pgError("40001") : { cause: pgError("40P01") };
        return "stored";
      },
      { attempts: 4, baseDelayMs: 1, onRetry: (_e, attempt) => retries.push(attempt) },
    );
    expect(result).toBe("stored");
    expect(calls).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it("gives up after the last attempt, and never retries a permanent error", async () => {
    let calls = 0;
    await expect(retryTransient(async () => { calls++; throw pgError("08006"); }, { attempts: 3, baseDelayMs: 1 })).rejects.toThrow("pg 08006");
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryTransient(async () => { calls++; throw pgError("23503"); }, { attempts: 3, baseDelayMs: 1 })).rejects.toThrow("pg 23503");
    expect(calls).toBe(1);
  });

  it("knows lost connections from driver messages", () => {
    expect(isTransientDbError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isTransientDbError(new Error("syntax error"))).toBe(false);
  });
});
