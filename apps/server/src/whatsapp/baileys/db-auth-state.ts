import { and, eq, inArray, sql } from "drizzle-orm";
import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from "baileys";
import type { Db, DbOrTx } from "../../db/client.js";
import { whatsappAuthKeys } from "../../db/schema.js";
import type { SecretBox } from "../crypto/secret-box.js";

/** The row type of the credentials; every other row is a signal key of the type Baileys names. */
export const CREDS_TYPE = "creds";
const CREDS_KEY_ID = "creds";
/** Rows per statement: far below PostgreSQL's parameter limit, and Baileys asks for hundreds of keys at once. */
const CHUNK = 500;

export interface DbAuthState {
  state: AuthenticationState;
  /** Writes the current credentials (call on Baileys' `creds.update`). */
  saveCreds(): Promise<void>;
  /** Forgets the login of this connection (logout): credentials and every key. */
  clear(): Promise<void>;
}

/**
 * The role of Baileys' useMultiFileAuthState, in `whatsapp_auth_keys`: each value is serialised with BufferJSON,
 * then encrypted with the row's identity (connection, type, key id) bound as context, so a value copied to another
 * row or connection does not decrypt. One `keys.set` call is one transaction: Baileys commits a signal session, its
 * pre-key deletion and sender keys together, and a half-applied set would leave sessions that cannot decrypt.
 *
 * The table is not tenant-scoped: the caller holds the connection's lease and passes its id.
 */
export async function useDbAuthState(db: Db, whatsappId: number, box: SecretBox): Promise<DbAuthState> {
  const context = (type: string, keyId: string) => `whatsapp-auth:${whatsappId}:${type}:${keyId}`;
  const seal = (type: string, keyId: string, value: unknown) =>
    box.encrypt(JSON.stringify(value, BufferJSON.replacer), context(type, keyId));
  const open = (type: string, keyId: string, value: string): unknown =>
    JSON.parse(box.decrypt(value, context(type, keyId)), BufferJSON.reviver);

  const [stored] = await db
    .select({ value: whatsappAuthKeys.value })
    .from(whatsappAuthKeys)
    .where(and(eq(whatsappAuthKeys.whatsappId, whatsappId), eq(whatsappAuthKeys.type, CREDS_TYPE), eq(whatsappAuthKeys.keyId, CREDS_KEY_ID)));
  const creds: AuthenticationCreds = stored ? (open(CREDS_TYPE, CREDS_KEY_ID, stored.value) as AuthenticationCreds) : initAuthCreds();

  // creds.update fires in bursts; chaining keeps an older snapshot from landing after a newer one.
  let credsWrite: Promise<void> = Promise.resolve();
  const saveCreds = () => {
    const value = seal(CREDS_TYPE, CREDS_KEY_ID, creds);
    credsWrite = credsWrite.catch(() => undefined).then(() => upsertRows(db, [{ whatsappId, type: CREDS_TYPE, keyId: CREDS_KEY_ID, value }]));
    return credsWrite;
  };

  const get = async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
    const found: { [id: string]: SignalDataTypeMap[T] } = {};
    for (const part of chunks(ids)) {
      const rows = await db
        .select({ keyId: whatsappAuthKeys.keyId, value: whatsappAuthKeys.value })
        .from(whatsappAuthKeys)
        .where(and(eq(whatsappAuthKeys.whatsappId, whatsappId), eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, part)));
      for (const row of rows) {
        const value = open(type, row.keyId, row.value);
        // Like useMultiFileAuthState: this one type must be a protobuf object, not a plain one.
        found[row.keyId] = (type === "app-state-sync-key" ? proto.Message.AppStateSyncKeyData.fromObject(value as object) : value) as SignalDataTypeMap[T];
      }
    }
    return found;
  };

  const set = async (data: SignalDataSet) => {
    const upserts: (typeof whatsappAuthKeys.$inferInsert)[] = [];
    const deletes = new Map<string, string[]>();
    for (const [type, entries] of Object.entries(data)) {
      if (type === CREDS_TYPE) throw new Error(`"${CREDS_TYPE}" is reserved for the credentials`);
      for (const [keyId, value] of Object.entries(entries ?? {})) {
        if (value === null || value === undefined) deletes.set(type, [...(deletes.get(type) ?? []), keyId]);
        else upserts.push({ whatsappId, type, keyId, value: seal(type, keyId, value) });
      }
    }
    if (upserts.length === 0 && deletes.size === 0) return;
    await db.transaction(async (tx) => {
      for (const [type, keyIds] of deletes) {
        for (const part of chunks(keyIds)) {
          await tx
            .delete(whatsappAuthKeys)
            .where(and(eq(whatsappAuthKeys.whatsappId, whatsappId), eq(whatsappAuthKeys.type, type), inArray(whatsappAuthKeys.keyId, part)));
        }
      }
      await upsertRows(tx, upserts);
    });
  };

  const clear = async () => {
    await credsWrite.catch(() => undefined);
    await db.delete(whatsappAuthKeys).where(eq(whatsappAuthKeys.whatsappId, whatsappId));
  };

  return {
    state: {
      creds,
      keys: {
        get,
        set,
        // Baileys' own clear() means "the signal keys"; the login itself goes with DbAuthState.clear().
        clear: async () => {
          await db.delete(whatsappAuthKeys).where(and(eq(whatsappAuthKeys.whatsappId, whatsappId), sql`${whatsappAuthKeys.type} <> ${CREDS_TYPE}`));
        },
      },
    },
    saveCreds,
    clear,
  };
}

async function upsertRows(db: DbOrTx, rows: (typeof whatsappAuthKeys.$inferInsert)[]) {
  for (const part of chunks(rows)) {
    await db
      .insert(whatsappAuthKeys)
      .values(part)
      .onConflictDoUpdate({
        target: [whatsappAuthKeys.whatsappId, whatsappAuthKeys.type, whatsappAuthKeys.keyId],
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
  }
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
