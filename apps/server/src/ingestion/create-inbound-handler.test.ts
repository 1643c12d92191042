import { describe, expect, it } from "vitest";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "../app-deps.js";
import { createInboundHandler } from "./create-inbound-handler.js";
import { customerText } from "./test-support.js";

function recordingLogger() {
  const lines: { level: string; msg: string }[] = [];
  const logger = {
    child: () => logger,
    warn: (_o: unknown, msg: string) => lines.push({ level: "warn", msg }),
    error: (_o: unknown, msg: string) => lines.push({ level: "error", msg }),
    info: () => undefined,
    debug: () => undefined,
  };
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

describe("createInboundHandler", () => {
  it("retries a store that failed with a transient database error, then logs loudly and throws it to the session", async () => {
    let attempts = 0;
    const db = {
      transaction: async () => {
        attempts++;
        throw Object.assign(new Error("could not serialize access"), { code: "40001" });
      },
    };
    const { logger, lines } = recordingLogger();
    const handler = createInboundHandler({ db, realtime: {}, flow: {}, jobs: {} } as unknown as Pick<AppDeps, "db" | "realtime" | "flow" | "jobs">, logger);
    await expect(handler({ companyId: 1, whatsappId: 1 }, customerText({ number: "5511987654321" }, "oi"))).rejects.toThrow("could not serialize access");
    expect(attempts).toBe(4);
    expect(lines.filter((l) => l.level === "warn")).toHaveLength(3);
    expect(lines.filter((l) => l.level === "error").map((l) => l.msg)).toEqual(["INGESTION FAILED: the event was not stored"]);
  });

  it("does not retry a permanent error", async () => {
    let attempts = 0;
    const db = {
      transaction: async () => {
        attempts++;
        throw Object.assign(new Error("violates foreign key"), { code: "23503" });
      },
    };
    const { logger } = recordingLogger();
    const handler = createInboundHandler({ db, realtime: {}, flow: {}, jobs: {} } as unknown as Pick<AppDeps, "db" | "realtime" | "flow" | "jobs">, logger);
    await expect(handler({ companyId: 1, whatsappId: 1 }, customerText({ number: "5511987654321" }, "oi"))).rejects.toThrow("violates foreign key");
    expect(attempts).toBe(1);
  });
});
