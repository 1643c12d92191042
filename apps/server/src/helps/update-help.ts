import { eq } from "drizzle-orm";
import type { HelpData, HelpView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { helps } from "../db/schema.js";
import { AppError } from "../errors.js";
import { presentHelp } from "./present-help.js";

/** PUT /helps/{id} (super users). */
export async function updateHelp(db: DbOrTx, id: number, data: HelpData): Promise<HelpView> {
  const [row] = await db
    .update(helps)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(helps.id, id))
    .returning();
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentHelp(row);
}
