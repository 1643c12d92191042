import path from "node:path";
import dotenv from "dotenv";
import pino, { type DestinationStream } from "pino";
import { ConfigError, loadConfig, REPO_ROOT } from "./config.js";
import { openDatabase, type Database } from "./db/client.js";
import { dataFolderInstanceId, lockDataDir } from "./db/lock.js";
import { seedDatabase } from "./seed/seed-database.js";
import { buildApp } from "./app.js";
import { mailFolder } from "./mail/mailer.js";

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
  // Readable logs on a terminal, written in this thread (not a transport worker: no second V8 heap, and the lines
  // keep their order with the banner printed below).
  let pretty: DestinationStream | undefined;
  if (process.stdout.isTTY && config.nodeEnv !== "production") {
    const { default: pinoPretty } = await import("pino-pretty");
    pretty = pinoPretty({ ignore: "pid,hostname", sync: true });
  }
  const logger = pino(
    {
      level: config.logLevel,
      redact: { paths: ["req.headers.authorization", "req.headers.cookie"], remove: true },
    },
    pretty,
  );

  let releaseLock: (() => Promise<void>) | undefined;
  let database: Database;
  try {
    if (!config.databaseUrl) {
      releaseLock = await lockDataDir(config.dataDir);
      // The folder is ours alone now: its id names this instance, so a restart takes its sessions back at once.
      config = { ...config, instanceId: config.instanceId ?? dataFolderInstanceId(config.dataDir) };
    }
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, "pgdata"),
      // Built by `npm run build` / `npm start` (scripts/build.mjs): a first start copies it instead of running initdb.
      pgliteTemplate: path.join(REPO_ROOT, "apps/server/dist/pglite-template"),
    });
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

  // Imported only with REDIS_URL: most installs have no Redis, and ioredis costs start-up time.
  const redis = config.redisUrl ? new (await import("ioredis")).Redis(config.redisUrl, { maxRetriesPerRequest: 3 }) : undefined;
  const app = await buildApp({ database, config, logger, redis });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;

  const loginLines = (title: string) =>
    logins
      ? [title, ...logins.map((l) => `    ${l.role.padEnd(12)} ${l.email.padEnd(24)} ${l.password}`)]
      : [`  Log in as ${config.adminEmail} (super admin)${config.seedDemo ? ", admin@demo.test or agent@demo.test" : ""}.`];
  const lines = [
    "",
    `  Atendo ${config.version} is running at ${url}`,
    `  Database: ${database.kind === "pglite" ? `embedded PostgreSQL in ${config.dataDir}` : "PostgreSQL (DATABASE_URL)"}${config.redisUrl ? ", Redis adapter on" : ""}`,
    `  Mail: ${config.smtpUrl ? "SMTP (SMTP_URL)" : `no SMTP_URL, each message is written to ${mailFolder(config.dataDir)}`}`,
    ...(logins ? [""] : []),
    ...loginLines("  First start: these logins were created (passwords are shown only on this first start):"),
  ];
  // After the start-up logs (written asynchronously when not on a terminal), not in the middle of them.
  await new Promise<void>((resolve) => logger.flush(() => resolve()));
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
    // The generated passwords again, as the last lines of the output: logs may have pushed the first banner away.
    if (logins) console.log(["", ...loginLines("  Atendo stopped. The logins its first start created (the passwords are not shown again):")].join("\n") + "\n");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

void main();
