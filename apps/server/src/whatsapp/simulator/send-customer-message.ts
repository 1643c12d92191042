import type { SimulatorActionInput, SimulatorMessageView } from "@atendo/shared";
import { simulatorMessages } from "../../db/schema.js";
import { AppError, validationError } from "../../errors.js";
import { checkedUploadType } from "../../storage/media-allowlist.js";
import { findSimulatorConnection, type SimulatorDeps } from "./find-simulator-connection.js";
import { emitSimulator, findSimulatorContact, findSimulatorMessage, newSimulatorMessageId, presentSimulatorMessage } from "./simulator-store.js";
import { isNotRunning } from "./simulator-session.js";

/** A file a customer sends (multipart on the API). */
export interface CustomerMedia {
  type: "media";
  mediaType: "image" | "audio" | "video" | "document";
  fileName: string;
  mimetype: string;
  data: Buffer;
  caption?: string;
  voice?: boolean;
  author?: string;
}

export type CustomerMessageInput = SimulatorActionInput | CustomerMedia;

/** Who acts in a chat: the customer, or in a group one of its members (the first when none is named). */
export async function resolveCustomer(deps: SimulatorDeps, companyId: number, whatsappId: number, chat: string, author?: string) {
  const contact = await findSimulatorContact(deps.db, companyId, whatsappId, chat);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  if (!contact.isGroup) {
    if (author !== undefined && author !== contact.number) throw validationError([{ path: "body.author", message: "validation.invalid" }]);
    return { chat: contact.number, author: contact.number, isGroup: false };
  }
  const member = author ?? contact.members[0];
  if (!member || !contact.members.includes(member)) throw validationError([{ path: "body.author", message: "validation.invalid" }]);
  return { chat: contact.number, author: member, isGroup: true };
}

/**
 * Images, audio and video must be what they claim, by their bytes (the type stored is the one read from them);
 * documents may be any file (served back as downloads).
 */
async function checkedMimetype(media: CustomerMedia): Promise<string> {
  if (media.mediaType === "document") return media.mimetype;
  const type = await checkedUploadType(media.fileName, media.mimetype, media.data, "media");
  if (!type) throw new AppError("ERR_INVALID_FILE_TYPE", 400);
  return type;
}

/**
 * A virtual customer acts in a chat. New messages are stored first and then delivered to the connection; while the
 * connection is not running they wait (one tick) and arrive as offline messages when it connects, as on WhatsApp.
 * Everything else (reactions, presence, edits, deletions, the own phone's messages) needs the connection running.
 * Answers the message created or changed; nothing for presence.
 */
export async function sendCustomerMessage(
  deps: SimulatorDeps,
  companyId: number,
  whatsappId: number,
  chat: string,
  input: CustomerMessageInput,
): Promise<SimulatorMessageView | null> {
  await findSimulatorConnection(deps.db, companyId, whatsappId);
  const author = "author" in input ? input.author : undefined;
  const who = await resolveCustomer(deps, companyId, whatsappId, chat, author);
  const simulate = deps.simulate.bind(deps, whatsappId);

  switch (input.type) {
    case "text":
      if (input.fromMe) {
        if (who.isGroup) throw validationError([{ path: "body.fromMe", message: "validation.invalid" }]);
        return (await simulate({ kind: "own", chat: who.chat, body: input.body })) as SimulatorMessageView;
      }
      return storeAndDeliver(deps, companyId, whatsappId, who, { type: "text", body: input.body, content: input.quotedId ? { quotedId: input.quotedId } : {} });
    case "location":
      return storeAndDeliver(deps, companyId, whatsappId, who, {
        type: "location",
        body: input.name ?? "",
        content: { latitude: input.latitude, longitude: input.longitude, name: input.name, address: input.address },
      });
    case "contact":
      return storeAndDeliver(deps, companyId, whatsappId, who, { type: "contact", body: input.displayName, content: { displayName: input.displayName, vcard: input.vcard } });
    case "media": {
      const mimetype = await checkedMimetype(input);
      const file = await deps.storage.save(companyId, "simulator", input.fileName, input.data);
      return storeAndDeliver(deps, companyId, whatsappId, who, {
        type: input.mediaType,
        body: input.caption ?? "",
        content: {
          path: file.path,
          mimetype,
          fileName: file.name,
          ...(input.caption ? { caption: input.caption } : {}),
          voice: input.mediaType === "audio" && input.voice === true,
          size: input.data.length,
        },
      });
    }
    case "reaction":
      await simulate({ kind: "reaction", chat: who.chat, author: who.author, messageId: input.messageId, emoji: input.emoji });
      return reload(deps, companyId, whatsappId, input.messageId);
    case "edit":
      await simulate({ kind: "edit", chat: who.chat, author: who.author, messageId: input.messageId, body: input.body });
      return reload(deps, companyId, whatsappId, input.messageId);
    case "revoke":
      await simulate({ kind: "revoke", chat: who.chat, author: who.author, messageId: input.messageId });
      return reload(deps, companyId, whatsappId, input.messageId);
    case "presence":
      await simulate({ kind: "presence", chat: who.chat, author: who.author, presence: input.presence });
      return null;
  }
}

async function reload(deps: SimulatorDeps, companyId: number, whatsappId: number, messageId: string): Promise<SimulatorMessageView> {
  const row = await findSimulatorMessage(deps.db, companyId, whatsappId, messageId);
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return presentSimulatorMessage(row);
}

async function storeAndDeliver(
  deps: SimulatorDeps,
  companyId: number,
  whatsappId: number,
  who: { chat: string; author: string; isGroup: boolean },
  message: { type: string; body: string; content: Record<string, unknown> },
): Promise<SimulatorMessageView> {
  const messageId = newSimulatorMessageId("in");
  const [row] = await deps.db
    .insert(simulatorMessages)
    .values({
      companyId,
      whatsappId,
      chat: who.chat,
      messageId,
      direction: "in",
      author: who.isGroup ? who.author : null,
      type: message.type,
      body: message.body,
      content: message.content,
      // One tick: it left the customer's phone; 3 when the connection took it.
      ack: 1,
    })
    .returning();
  emitSimulator(deps.realtime, companyId, { action: "message", message: presentSimulatorMessage(row!) });
  try {
    await deps.simulate(whatsappId, { kind: "deliver", messageId });
  } catch (err) {
    if (!isNotRunning(err)) throw err;
  }
  return reload(deps, companyId, whatsappId, messageId);
}
