import { Writable } from "node:stream";
import Fastify from "fastify";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { RequestLogAtDebug } from "./request-log.js";

async function logOf(level: string): Promise<string[]> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String(JSON.parse(chunk.toString()).msg));
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino({ level }, sink), logController: new RequestLogAtDebug() });
  app.get("/ok", async () => ({ ok: true }));
  app.get("/boom", async () => {
    throw new Error("kaput");
  });
  await app.inject({ url: "/ok" });
  await app.inject({ url: "/missing" });
  await app.inject({ url: "/boom" });
  await app.close();
  return lines;
}

describe("request log lines", () => {
  it("are not written at the default level (info), but a failed request still is", async () => {
    const lines = await logOf("info");
    expect(lines).not.toContain("incoming request");
    expect(lines).not.toContain("request completed");
    expect(lines.some((l) => l.includes("not found"))).toBe(false);
    expect(lines).toContain("kaput");
  });

  it("are written at LOG_LEVEL=debug", async () => {
    const lines = await logOf("debug");
    expect(lines.filter((l) => l === "incoming request")).toHaveLength(3);
    expect(lines.filter((l) => l === "request completed")).toHaveLength(3);
    expect(lines).toContain("Route GET:/missing not found");
  });
});
