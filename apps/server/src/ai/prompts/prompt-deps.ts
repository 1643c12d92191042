import type { DbOrTx } from "../../db/client.js";
import type { SecretBox } from "../../whatsapp/crypto/secret-box.js";

/** What the prompt services need: the database and the box that seals the keys. */
export interface PromptDeps {
  db: DbOrTx;
  box: SecretBox;
}
