import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { helps } from "../db/schema.js";
import { AppError } from "../errors.js";

/** DELETE /helps/{id} (super users). */
export async function deleteHelp(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
}
