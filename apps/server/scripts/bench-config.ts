import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Config } from "../src/config.js";

/** The configuration the benches build their app with: a throwaway data folder and job schema, no limits, no logs. */
export function benchConfig(): Config {
  return {
    dataDir: mkdtempSync(path.join(tmpdir(), "atendo-bench-")),
    nodeEnv: "test",
    port: 0,
    host: "127.0.0.1",
    jwtSecret: randomBytes(32).toString("hex"),
    whatsappEncryptionKey: randomBytes(32),
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlDays: 1,
    cookieSecure: false,
    trustProxy: false,
    adminEmail: "bench@atendo.local",
    seedDemo: false,
    logLevel: "silent",
    loginRateLimitPerIp: 1_000_000,
    loginRateLimitPerEmail: 1_000_000,
    webDist: "/nonexistent-web-dist",
    version: "bench",
    simulatorEnabled: true,
    sessionLeaseSeconds: 30,
    sessionSweep: false,
    jobsSchema: `pgboss_bench_${randomBytes(4).toString("hex")}`,
  };
}
