import type { HelpData, HelpView } from "@atendo/shared";
import type { DbOrTx } from "../db/client.js";
import { helps } from "../db/schema.js";
import { presentHelp } from "./present-help.js";

/** POST /helps (super users); the schema has already turned a YouTube URL into its video id. */
export async function createHelp(db: DbOrTx, data: HelpData): Promise<HelpView> {
  const [row] = await db.insert(helps).values(data).returning();
  return presentHelp(row!);
}
