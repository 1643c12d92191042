import path from "node:path";
import dotenv from "dotenv";
import pino from "pino";
import { Redis } from "ioredis";
import { ConfigError, loadConfig, REPO_ROOT } from "./config.js";
import { openDatabase, type Database } from "./db/client.js";
import { lockDataDir } from "./db/lock.js";
import { seedDatabase } from "./seed/seed-database.js";
import { buildApp } from "./app.js";

dotenv.config({ path: [path.join(process.cwd(), ".env"), path.join(REPO_ROOT, ".env")], quiet: true });

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = pino({
    level: config.logLevel,
    redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
    ...(process.stdout.isTTY && config.nodeEnv !== "production"
      ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } }
      : {}),
  });

  let releaseLock: (() => Promise<void>) | undefined;
  let database: Database;
  try {
    if (!config.databaseUrl) releaseLock = await lockDataDir(config.dataDir);
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "pgdata") });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }

  const logins = await seedDatabase(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demoPassword: config.demoPassword,
    seedDemo: config.seedDemo,
    simulatorEnabled: config.simulatorEnabled,
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  const app = await buildApp({ database, config, logger, redis });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;

  const lines = [
    "",
    `  Atendo ${config.version} is running at ${url}`,
    `  Database: ${database.kind === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}${config.redisUrl ? ", Redis adapter on" : ""}`,
  ];
  if (logins) {
    lines.push("", "  First start: these logins were created (passwords are shown only this once):");
    for (const l of logins) lines.push(`    ${l.role.padEnd(12)} ${l.email.padEnd(24)} ${l.password}`);
  } else {
    lines.push(`  Log in as ${config.adminEmail} (super admin)${config.seedDemo ? ", admin@demo.test or agent@demo.test" : ""}.`);
  }
  console.log(lines.join("\n") + "\n");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    await app.close();
    await redis?.quit().catch(() => undefined);
    await database.close();
    await releaseLock?.();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

void main();
