import { EventEmitter } from "node:events";
import { proto, type AnyMessageContent, type BaileysEventMap, type Contact, type GroupMetadata, type UserFacingSocketConfig, type WAMessage } from "baileys";
import type { BaileysSocket, MakeSocket } from "./baileys-socket.js";

/** Tests only: what a Boom error of Baileys looks like to the adapter. */
export function boom(message: string, statusCode: number): Error {
  return Object.assign(new Error(message), { output: { statusCode } });
}

/**
 * Tests only: a stand-in for Baileys' socket. It never touches the network; the test drives it by emitting the
 * events Baileys would (`emit`) and reads what the adapter asked of it (`calls`, `sent`).
 */
export class FakeSocket implements BaileysSocket {
  private readonly emitter = new EventEmitter();
  readonly ev = {
    on: <T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void) => void this.emitter.on(event, listener),
    removeAllListeners: <T extends keyof BaileysEventMap>(event: T) => void this.emitter.removeAllListeners(event),
  };
  user?: Contact;
  readonly calls: { op: string; args: unknown[] }[] = [];
  readonly sent: WAMessage[] = [];
  ended = false;
  /** Make the next operation fail with this error. */
  failNext?: Error;
  numbers = new Map<string, { jid: string; lid?: string }>();
  groups = new Map<string, GroupMetadata>();
  private nextId = 1;

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<T extends keyof BaileysEventMap>(event: T, payload: BaileysEventMap[T]): void {
    this.emitter.emit(event, payload);
  }

  /** The login finished: Baileys stores the account identity, then opens. */
  open(user: Contact = { id: "5511912345678:3@s.whatsapp.net", lid: "99887766554433:3@lid", name: "Loja" }): void {
    this.user = user;
    this.config.auth.creds.me = user;
    this.config.auth.creds.account = { details: Buffer.from("signed device identity") };
    this.emit("creds.update", { me: user, account: this.config.auth.creds.account });
    this.emit("connection.update", { connection: "open" });
  }

  close(error: Error): void {
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
  }

  private record(op: string, ...args: unknown[]) {
    this.calls.push({ op, args });
    const fail = this.failNext;
    this.failNext = undefined;
    if (fail) throw fail;
  }

  end(error: Error | undefined): void {
    this.calls.push({ op: "end", args: [error] });
    this.ended = true;
  }

  async logout(): Promise<void> {
    this.record("logout");
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.record("requestPairingCode", phoneNumber);
    return "ABCD1234";
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: object): Promise<WAMessage | undefined> {
    this.record("sendMessage", jid, content, options);
    const message: WAMessage = {
      key: { remoteJid: jid, fromMe: true, id: `3EB0FAKE${String(this.nextId++).padStart(12, "0")}` },
      message: proto.Message.fromObject(protoOf(content)),
      messageTimestamp: 1_751_390_000,
      status: proto.WebMessageInfo.Status.PENDING,
    };
    this.sent.push(message);
    return message;
  }

  async readMessages(keys: unknown[]): Promise<void> {
    this.record("readMessages", keys);
  }

  async sendPresenceUpdate(type: string, toJid?: string): Promise<void> {
    this.record("sendPresenceUpdate", type, toJid);
  }

  async presenceSubscribe(jid: string): Promise<void> {
    this.record("presenceSubscribe", jid);
  }

  async onWhatsApp(...jids: string[]): Promise<{ jid: string; exists: boolean }[] | undefined> {
    this.record("onWhatsApp", ...jids);
    const found = this.numbers.get(jids[0]!);
    return found ? [{ jid: found.jid, exists: true }] : [];
  }

  async groupMetadata(jid: string): Promise<GroupMetadata> {
    this.record("groupMetadata", jid);
    const group = this.groups.get(jid);
    if (!group) throw boom("item-not-found", 404);
    return group;
  }

  async updateMediaMessage(message: WAMessage): Promise<WAMessage> {
    this.record("updateMediaMessage", message);
    return message;
  }

  readonly signalRepository = {
    lidMapping: {
      getLIDForPN: async (pn: string) => [...this.numbers.values()].find((n) => n.jid === pn)?.lid ?? null,
    },
  };
}

/** The protobuf content Baileys would generate for the adapter's sendMessage calls (enough for the tests). */
function protoOf(content: AnyMessageContent): proto.IMessage {
  const c = content as Record<string, unknown> & { contextInfo?: proto.IContextInfo };
  if ("react" in c) return { reactionMessage: c.react as proto.Message.IReactionMessage };
  if ("delete" in c) return { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: c.delete as proto.IMessageKey } };
  if ("edit" in c) {
    return { protocolMessage: { type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, key: c.edit as proto.IMessageKey, editedMessage: { conversation: c.text as string } } };
  }
  if ("text" in c) return { extendedTextMessage: { text: c.text as string, contextInfo: c.contextInfo ?? null } };
  for (const type of ["image", "video", "audio", "document"] as const) {
    if (type in c) {
      return { [`${type}Message`]: { mimetype: c.mimetype, caption: c.caption, fileName: c.fileName, ptt: c.ptt, contextInfo: c.contextInfo ?? null } };
    }
  }
  if ("location" in c) return { locationMessage: c.location as proto.Message.ILocationMessage };
  if ("contacts" in c) return { contactMessage: (c.contacts as { contacts: proto.Message.IContactMessage[] }).contacts[0] };
  return { conversation: "" };
}

/** A makeSocket that hands out FakeSockets and keeps them, newest last. */
export function fakeSockets(): { make: MakeSocket; sockets: FakeSocket[]; latest(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    make: (config) => {
      const socket = new FakeSocket(config);
      sockets.push(socket);
      return socket;
    },
    sockets,
    latest: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket was made");
      return socket;
    },
  };
}
