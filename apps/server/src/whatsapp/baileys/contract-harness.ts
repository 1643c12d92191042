import { randomBytes, randomInt } from "node:crypto";
import { proto, type WAMessage, type WAMessageKey } from "baileys";
import pino from "pino";
import type { Db } from "../../db/client.js";
import type { ContractAction, ContractCustomer, ContractGroup, ContractSession, ProviderContractHarness } from "../contract/provider-contract.js";
import type { ChatRef, ProviderEvent } from "../provider.js";
import { createBaileysSession } from "./baileys-session.js";
import { fakeSockets, type FakeSocket } from "./fake-socket.js";
import { jid, received } from "./fixtures/received.js";
import { createTestConnection } from "./test-connection.js";

/**
 * Tests only: the provider contract run against the real Baileys adapter (createBaileysSession, its auth state and
 * sent-message store on the test database), with a fake socket in place of WhatsApp. Each contract action becomes
 * the payload Baileys 7 would emit for it (LID-addressed, as WhatsApp addresses most chats now, with the phone number
 * as the alternate), so the cases exercise the mapping layer exactly as a live socket would feed it.
 */
export function baileysContractHarness(db: () => Db): ProviderContractHarness {
  return {
    name: "baileys (recorded shapes through the adapter)",
    async open() {
      const { company, whatsapp } = await createTestConnection(db());
      const events: ProviderEvent[] = [];
      const media = new Map<string, Buffer>();
      const fake = fakeSockets();
      const session = createBaileysSession({
        companyId: company.id,
        whatsappId: whatsapp.id,
        onEvent: async (e) => {
          events.push(e);
        },
        db: db(),
        encryptionKey: randomBytes(32),
        logger: pino({ level: "silent" }),
        makeSocket: fake.make,
        // Stands for WhatsApp's media servers: the bytes of the media key the message carries.
        download: (async (msg: WAMessage) => {
          const node = Object.values(msg.message ?? {})[0] as { mediaKey?: Uint8Array } | undefined;
          const bytes = node?.mediaKey ? media.get(Buffer.from(node.mediaKey).toString("base64")) : undefined;
          if (!bytes) throw new Error("media not found");
          return bytes;
        }) as never,
      });
      await session.start();
      fake.latest().open();
      const socket = () => fake.latest();

      const contract: ContractSession = {
        capabilities: session.capabilities,
        events,
        async customer(name) {
          return { name, number: `55119${randomInt(10_000_000, 99_999_999)}`, lid: String(randomInt(100_000_000_000, 999_999_999_999)) };
        },
        async group(subject, members) {
          const group: ContractGroup = { id: `120363${randomInt(100_000_000_000, 999_999_999_999)}`, subject, members };
          socket().emit("groups.upsert", [
            {
              id: jid.group(group.id),
              subject,
              owner: undefined,
              participants: members.map((m) => ({ id: jid.lid(m.lid!), phoneNumber: jid.pn(m.number), admin: null })),
            },
          ]);
          return group;
        },
        async inject(action) {
          return inject(socket(), action, media);
        },
        async send(to, content) {
          const chat: ChatRef = { kind: "user", number: to.number, ...(to.lid ? { lid: to.lid } : {}) };
          return (await session.send(chat, content)).messageId;
        },
        downloadMedia: (ref) => session.downloadMedia(ref),
        close: () => session.stop(),
      };
      return contract;
    },
  };
}

const messageId = () => `3A${randomBytes(9).toString("hex").toUpperCase()}`;

/** The key of a message the customer writes: LID-addressed, the phone as alternate; in a group, as participant. */
function keyFrom(from: ContractCustomer, group?: ContractGroup): WAMessageKey {
  const id = messageId();
  if (group) return { remoteJid: jid.group(group.id), fromMe: false, id, participant: jid.lid(from.lid!), participantAlt: jid.pn(from.number), addressingMode: "lid" };
  return { remoteJid: jid.lid(from.lid!), remoteJidAlt: jid.pn(from.number), fromMe: false, id, addressingMode: "lid" };
}

function chatJid(from: ContractCustomer, group?: ContractGroup) {
  return group ? jid.group(group.id) : jid.lid(from.lid!);
}

function upsert(socket: FakeSocket, message: WAMessage) {
  socket.emit("messages.upsert", { type: "notify", messages: [message] });
  return { messageId: message.key.id! };
}

function inject(socket: FakeSocket, action: ContractAction, media: Map<string, Buffer>): { messageId?: string } {
  const S = proto.WebMessageInfo.Status;
  switch (action.kind) {
    case "text": {
      const key = keyFrom(action.from, action.group);
      const content: proto.IMessage = action.quotedId
        ? { extendedTextMessage: { text: action.body, contextInfo: { stanzaId: action.quotedId, participant: key.participant ?? key.remoteJid, quotedMessage: { conversation: "…" } } } }
        : { conversation: action.body };
      return upsert(socket, received(key, content, { pushName: action.from.name }));
    }
    case "media": {
      const mediaKey = randomBytes(32);
      media.set(mediaKey.toString("base64"), action.data);
      const node = {
        url: "https://mmg.whatsapp.net/v/t62.7118-24/contract.enc?mms3=true",
        directPath: "/v/t62.7118-24/contract.enc",
        mediaKey,
        fileSha256: randomBytes(32),
        fileEncSha256: randomBytes(32),
        fileLength: action.data.length,
        mimetype: action.mimetype,
        ...(action.caption ? { caption: action.caption } : {}),
        ...(action.mediaType === "document" ? { fileName: action.fileName } : {}),
        ...(action.mediaType === "audio" ? { ptt: !!action.voice } : {}),
      };
      return upsert(socket, received(keyFrom(action.from, action.group), { [`${action.mediaType}Message`]: node }, { pushName: action.from.name }));
    }
    case "location":
      return upsert(
        socket,
        received(keyFrom(action.from, action.group), { locationMessage: { degreesLatitude: action.latitude, degreesLongitude: action.longitude, name: action.name ?? null } }),
      );
    case "contact":
      return upsert(socket, received(keyFrom(action.from, action.group), { contactMessage: { displayName: action.displayName, vcard: action.vcard } }));
    case "reaction": {
      const key = keyFrom(action.from, action.group);
      // Reactions to our messages: the target key is ours.
      return upsert(socket, received(key, { reactionMessage: { key: { remoteJid: key.remoteJid, fromMe: true, id: action.messageId }, text: action.emoji, senderTimestampMs: Date.now() } }));
    }
    case "presence":
      socket.emit("presence.update", { id: chatJid(action.from, action.group), presences: { [jid.lid(action.from.lid!)]: { lastKnownPresence: action.presence } } });
      return {};
    case "edit": {
      const key = keyFrom(action.from, action.group);
      const target = { remoteJid: key.remoteJid, fromMe: false, id: action.messageId, ...(key.participant ? { participant: key.participant } : {}) };
      upsert(
        socket,
        received(key, {
          editedMessage: { message: { protocolMessage: { key: target, type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, editedMessage: { conversation: action.body }, timestampMs: Date.now() } } },
        }),
      );
      // Baileys repeats the edit as messages.update; the adapter must not report it twice.
      socket.emit("messages.update", [{ key: target, update: { message: { editedMessage: { message: { conversation: action.body } } } } }]);
      return {};
    }
    case "revoke": {
      const key = keyFrom(action.from, action.group);
      const target = { remoteJid: key.remoteJid, fromMe: false, id: action.messageId };
      upsert(socket, received(key, { protocolMessage: { key: target, type: proto.Message.ProtocolMessage.Type.REVOKE } }));
      socket.emit("messages.update", [{ key: target, update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE } }]);
      return {};
    }
    case "own": {
      const key: WAMessageKey = { remoteJid: jid.lid(action.to.lid!), remoteJidAlt: jid.pn(action.to.number), fromMe: true, id: `3EB0${randomBytes(8).toString("hex").toUpperCase()}`, addressingMode: "lid" };
      return upsert(socket, received(key, { conversation: action.body }, { status: S.SERVER_ACK }));
    }
    case "receipt": {
      const status = { delivered: S.DELIVERY_ACK, read: S.READ, played: S.PLAYED }[action.receipt];
      // handleReceipt keys a 1:1 receipt by the stanza's sender: the customer's LID.
      socket.emit("messages.update", [{ key: { remoteJid: jid.lid(action.from.lid!), id: action.messageId, fromMe: true }, update: { status, messageTimestamp: Math.floor(Date.now() / 1000) } }]);
      return {};
    }
  }
}
