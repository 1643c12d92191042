import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/client.js";

/** What a transaction leaves to do once it committed: socket events, mostly. Never runs after a rollback. */
export interface AfterCommit {
  add(task: () => Promise<void> | void): void;
}

/**
 * Runs `fn` in a transaction and then its after-commit tasks, in order (design brief: events go out after the
 * transaction commits). A task's failure is logged, not thrown: the data is committed and a missed event is
 * repaired by the next refresh.
 */
export async function inTransaction<T>(db: Db, logger: FastifyBaseLogger, fn: (tx: Tx, after: AfterCommit) => Promise<T>): Promise<T> {
  const tasks: (() => Promise<void> | void)[] = [];
  const result = await db.transaction((tx) => fn(tx, { add: (task) => void tasks.push(task) }));
  for (const task of tasks) {
    try {
      await task();
    } catch (err) {
      logger.error({ err }, "after-commit task failed");
    }
  }
  return result;
}
