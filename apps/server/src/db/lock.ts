import { mkdirSync } from "node:fs";
import lockfile from "proper-lockfile";

/**
 * A PGlite folder belongs to one process: two processes on one folder silently lose writes.
 * The lock is refreshed while we run and goes stale if the process dies, so a crash does not lock the folder forever.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: `${dataDir}/atendo.lock`,
      stale: 15_000,
      update: 5_000,
      onCompromised: (err) => {
        throw err;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new Error(
        `Another Atendo process is using the data folder ${dataDir}. Stop it first, or start this one with another DATA_DIR (or on PostgreSQL with DATABASE_URL).`,
      );
    }
    throw err;
  }
}
