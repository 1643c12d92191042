import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { Ack, ChatRef, InboundMessage, MediaRef, OutgoingContent, Participant, ProviderCapabilities, ProviderEvent } from "../provider.js";

/**
 * The provider contract: one set of cases every provider's normalisation must pass, so that the rest of the server
 * (ticket engine, message store) never learns which provider it talks to.
 *
 * A provider takes part by writing a harness (a small adapter, beside its own tests):
 *
 *   runProviderContract({ name: "simulator", open: async () => ({ ...a ContractSession }) });
 *
 * - The simulator's harness drives the real simulator session over its virtual network
 *   (whatsapp/simulator/simulator.contract.test.ts).
 * - The Baileys harness feeds recorded Baileys shapes (messages.upsert, messages.update, message-receipt.update,
 *   messages.reaction, presence.update, ...) built from each ContractAction through the adapter's mapping layer,
 *   and returns the normalised events it produced. No phone is needed.
 *
 * The harness type is stable: add optional members rather than changing existing ones.
 */

/** A virtual or recorded customer. `lid` when the provider identifies people by LID; the cases accept either id. */
export interface ContractCustomer {
  name: string;
  /** E.164 digits without "+". */
  number: string;
  lid?: string;
}

export interface ContractGroup {
  /** Group id without the @g.us suffix. */
  id: string;
  subject: string;
  members: ContractCustomer[];
}

/** What the far side does. `group`: the action happens in that group (`from` is the member). */
export type ContractAction =
  | { kind: "text"; from: ContractCustomer; group?: ContractGroup; body: string; quotedId?: string }
  | {
      kind: "media";
      from: ContractCustomer;
      group?: ContractGroup;
      mediaType: "image" | "audio" | "video" | "document";
      mimetype: string;
      fileName: string;
      data: Buffer;
      caption?: string;
      /** Audio recorded as a voice note. */
      voice?: boolean;
    }
  | { kind: "location"; from: ContractCustomer; group?: ContractGroup; latitude: number; longitude: number; name?: string }
  | { kind: "contact"; from: ContractCustomer; group?: ContractGroup; displayName: string; vcard: string }
  /** An empty emoji removes the reaction. */
  | { kind: "reaction"; from: ContractCustomer; group?: ContractGroup; messageId: string; emoji: string }
  | { kind: "presence"; from: ContractCustomer; group?: ContractGroup; presence: "composing" | "recording" }
  | { kind: "edit"; from: ContractCustomer; group?: ContractGroup; messageId: string; body: string }
  | { kind: "revoke"; from: ContractCustomer; group?: ContractGroup; messageId: string }
  /** The connection's own phone writes to a customer (not through us): an "own" message. */
  | { kind: "own"; to: ContractCustomer; body: string }
  /** The customer's phone reports a message the connection sent as delivered, read, or (audio) played. */
  | { kind: "receipt"; from: ContractCustomer; messageId: string; receipt: "delivered" | "read" | "played" };

export interface ContractSession {
  readonly capabilities: ProviderCapabilities;
  /** Every normalised event the session emitted so far, in emission order (the harness appends to it). */
  readonly events: readonly ProviderEvent[];
  customer(name: string): Promise<ContractCustomer>;
  group(subject: string, members: ContractCustomer[]): Promise<ContractGroup>;
  /** Performs the action on the far side; returns the provider's id of the message it created, if any. */
  inject(action: ContractAction): Promise<{ messageId?: string }>;
  /**
   * The connection sends something to a customer (the receipt cases need a message of ours); returns its provider id.
   * A mapping-only harness may invent the id without sending anything.
   */
  send(to: ContractCustomer, content: OutgoingContent): Promise<string>;
  /** When the harness can fetch inbound media (the simulator can; recorded shapes cannot), the bytes are compared. */
  downloadMedia?(media: MediaRef): Promise<Buffer>;
  close(): Promise<void>;
}

export interface ProviderContractHarness {
  /** Shown in the test names. */
  name: string;
  /** A fresh session per case (its own connection and customers), already connected. */
  open(): Promise<ContractSession>;
  /** How long an event may take to appear, in ms (default 3000). */
  timeoutMs?: number;
  /**
   * What the provider's network cannot report at all (the Cloud API: no customer presence, no messages written on
   * another device, no edits or revokes, no groups, no "played"), each with the reason. Such a case checks instead
   * that the provider declares the matching capability false, so the screens hide the action.
   */
  unsupported?: Partial<Record<UnsupportedCase, string>>;
}

export type UnsupportedCase = "presence" | "own" | "edit-revoke" | "group" | "played";

/** The capability a case stands for, which a provider without that case must declare false. */
const CASE_CAPABILITY: Record<UnsupportedCase, keyof ProviderCapabilities | undefined> = {
  presence: "presence",
  own: undefined,
  "edit-revoke": "edit",
  group: "groups",
  played: undefined,
};

// Real files: providers that store media decide its type from the bytes (file-type) and refuse what is not.
const fixture = (relative: string) => readFileSync(new URL(relative, import.meta.url));
const PNG = fixture("../../test/fixtures/tiny-image.png");
const OGG = fixture("../../ai/transcription/fixtures/voice.ogg");
const MP4 = fixture("../../test/fixtures/tiny-video.mp4");
const PDF = Buffer.from("%PDF-1.4\ncontract document\n");

type MessageEvent = Extract<ProviderEvent, { type: "message" }>;

/** The customer (by number, or by LID when both sides know it). */
function isCustomer(p: { number?: string; lid?: string } | undefined, c: ContractCustomer): boolean {
  if (!p) return false;
  return (p.number !== undefined && p.number === c.number) || (p.lid !== undefined && c.lid !== undefined && p.lid === c.lid);
}

function isChatWith(chat: ChatRef, c: ContractCustomer): boolean {
  return chat.kind === "user" && isCustomer(chat, c);
}

function isGroupChat(chat: ChatRef, g: ContractGroup): boolean {
  return chat.kind === "group" && chat.id === g.id;
}

export function runProviderContract(harness: ProviderContractHarness): void {
  const timeoutMs = harness.timeoutMs ?? 3_000;
  let open: ContractSession | undefined;

  /** True when the provider declared the case impossible (and the declaration is consistent with its capabilities). */
  function declaredUnsupported(s: ContractSession, which: UnsupportedCase): boolean {
    const reason = harness.unsupported?.[which];
    if (!reason) return false;
    expect(reason.length).toBeGreaterThan(0);
    const capability = CASE_CAPABILITY[which];
    if (capability) expect(s.capabilities[capability], `${harness.name} cannot do "${which}": capabilities.${capability} must be false`).toBe(false);
    return true;
  }

  async function session(): Promise<ContractSession> {
    open = await harness.open();
    return open;
  }

  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  /** Waits for the first event (after index `from`) that passes `match`; fails showing what did arrive. */
  async function waitFor(s: ContractSession, match: (e: ProviderEvent) => boolean, from = 0): Promise<ProviderEvent> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = s.events.slice(from).find(match);
      if (found) return found;
      if (Date.now() > end) {
        throw new Error(`no matching event within ${timeoutMs} ms; got:\n${JSON.stringify(s.events.slice(from), null, 1).slice(0, 4_000)}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async function waitForMessage(s: ContractSession, match: (e: MessageEvent) => boolean): Promise<MessageEvent> {
    return (await waitFor(s, (e) => e.type === "message" && match(e))) as MessageEvent;
  }

  const inboundFrom = (c: ContractCustomer, id?: string, group?: ContractGroup) => (e: MessageEvent) =>
    !e.message.fromMe &&
    (id === undefined || e.message.id === id) &&
    (group ? isGroupChat(e.message.chat, group) : isChatWith(e.message.chat, c)) &&
    isCustomer(e.message.from, c);

  /** Common checks of an inbound message: live, not ours, timestamped, with an id. */
  function expectInbound(event: MessageEvent, origin: MessageEvent["origin"], returnedId?: string) {
    const message: InboundMessage = event.message;
    expect(event.origin).toBe(origin);
    expect(message.fromMe).toBe(false);
    expect(typeof message.id).toBe("string");
    expect(message.id.length).toBeGreaterThan(0);
    if (returnedId) expect(message.id).toBe(returnedId);
    expect(message.timestamp).toBeInstanceOf(Date);
    expect(Number.isNaN(message.timestamp.getTime())).toBe(false);
  }

  describe(`provider contract: ${harness.name}`, () => {
    it("declares every capability as a boolean", async () => {
      const s = await session();
      const keys: (keyof ProviderCapabilities)[] = ["qr", "pairingCode", "edit", "delete", "forward", "presence", "groups", "numberCheck", "templates", "readReceipts"];
      for (const key of keys) expect(typeof s.capabilities[key], key).toBe("boolean");
    });

    it("text in: a live message from the customer, quoting an earlier one", async () => {
      const s = await session();
      const ana = await s.customer("Ana Contract");
      const first = await s.inject({ kind: "text", from: ana, body: "Olá, preciso de ajuda" });
      const event = await waitForMessage(s, inboundFrom(ana, first.messageId));
      expectInbound(event, "live", first.messageId);
      expect(event.message.content).toEqual({ type: "text", body: "Olá, preciso de ajuda" });
      expect(event.message.quotedId).toBeUndefined();

      const reply = await s.inject({ kind: "text", from: ana, body: "sobre isto", quotedId: event.message.id });
      const quoted = await waitForMessage(s, (e) => inboundFrom(ana, reply.messageId)(e) && e.message.id !== event.message.id);
      expect(quoted.message.content).toEqual({ type: "text", body: "sobre isto" });
      expect(quoted.message.quotedId).toBe(event.message.id);
    });

    it("media in: image with caption, voice note, video and document", async () => {
      const s = await session();
      const bia = await s.customer("Bia Media");
      const cases = [
        { mediaType: "image", mimetype: "image/png", fileName: "photo.png", data: PNG, caption: "a foto" },
        { mediaType: "audio", mimetype: "audio/ogg; codecs=opus", fileName: "voice.ogg", data: OGG, voice: true },
        { mediaType: "video", mimetype: "video/mp4", fileName: "clip.mp4", data: MP4, caption: "o vídeo" },
        { mediaType: "document", mimetype: "application/pdf", fileName: "boleto.pdf", data: PDF },
      ] as const;
      for (const c of cases) {
        const sent = await s.inject({ kind: "media", from: bia, ...c });
        const event = await waitForMessage(s, (e) => inboundFrom(bia, sent.messageId)(e) && e.message.content.type === c.mediaType);
        expectInbound(event, "live", sent.messageId);
        const content = event.message.content;
        if (content.type !== c.mediaType) throw new Error("unreachable");
        expect(content.mimetype.split(";")[0]).toBe(c.mimetype.split(";")[0]);
        expect(content.caption ?? undefined).toBe("caption" in c ? c.caption : undefined);
        if (c.mediaType === "audio") expect(content.voice).toBe(true);
        if (c.mediaType === "document") expect(content.fileName).toBe(c.fileName);
        expect(typeof content.media.provider).toBe("string");
        if (s.downloadMedia) expect((await s.downloadMedia(content.media)).equals(c.data)).toBe(true);
      }
    });

    it("location in", async () => {
      const s = await session();
      const caio = await s.customer("Caio Location");
      const sent = await s.inject({ kind: "location", from: caio, latitude: -23.5505, longitude: -46.6333, name: "Praça da Sé" });
      const event = await waitForMessage(s, (e) => inboundFrom(caio, sent.messageId)(e) && e.message.content.type === "location");
      expectInbound(event, "live", sent.messageId);
      expect(event.message.content).toMatchObject({ type: "location", latitude: -23.5505, longitude: -46.6333, name: "Praça da Sé" });
    });

    it("contact card in", async () => {
      const s = await session();
      const dora = await s.customer("Dora Card");
      const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Eva Indicada\nTEL;type=CELL;waid=5511912345678:+55 11 91234-5678\nEND:VCARD";
      const sent = await s.inject({ kind: "contact", from: dora, displayName: "Eva Indicada", vcard });
      const event = await waitForMessage(s, (e) => inboundFrom(dora, sent.messageId)(e) && e.message.content.type === "contact");
      expectInbound(event, "live", sent.messageId);
      expect(event.message.content).toMatchObject({ type: "contact", displayName: "Eva Indicada" });
      if (event.message.content.type === "contact") expect(event.message.content.vcard).toContain("5511912345678");
    });

    it("reaction: the customer reacts to our message, then removes the reaction", async () => {
      const s = await session();
      const edu = await s.customer("Edu Reaction");
      const ours = await s.send(edu, { type: "text", body: "Seu pedido saiu" });
      const mark = s.events.length;
      await s.inject({ kind: "reaction", from: edu, messageId: ours, emoji: "👍" });
      const isReaction = (emoji: string) => (e: ProviderEvent) =>
        e.type === "reaction" && e.messageId === ours && e.emoji === emoji && !e.fromMe && isCustomer(e.from, edu) && isChatWith(e.chat, edu);
      await waitFor(s, isReaction("👍"), mark);
      await s.inject({ kind: "reaction", from: edu, messageId: ours, emoji: "" });
      await waitFor(s, isReaction(""), mark);
    });

    it("presence: typing and recording", async () => {
      const s = await session();
      if (declaredUnsupported(s, "presence")) return;
      const fabi = await s.customer("Fabi Presence");
      for (const presence of ["composing", "recording"] as const) {
        await s.inject({ kind: "presence", from: fabi, presence });
        await waitFor(s, (e) => e.type === "presence" && e.presence === presence && isChatWith(e.chat, fabi) && isCustomer(e.from, fabi));
      }
    });

    it("own message: written on the connection's phone", async () => {
      const s = await session();
      if (declaredUnsupported(s, "own")) return;
      const gil = await s.customer("Gil Own");
      const sent = await s.inject({ kind: "own", to: gil, body: "mensagem do celular" });
      const event = await waitForMessage(s, (e) => e.message.fromMe && isChatWith(e.message.chat, gil) && (!sent.messageId || e.message.id === sent.messageId));
      expect(event.origin).toBe("own");
      expect(event.message.content).toEqual({ type: "text", body: "mensagem do celular" });
    });

    it("edit and revoke: updates of an earlier message", async () => {
      const s = await session();
      if (declaredUnsupported(s, "edit-revoke")) return;
      const hugo = await s.customer("Hugo Update");
      const sent = await s.inject({ kind: "text", from: hugo, body: "valor errado" });
      const original = await waitForMessage(s, inboundFrom(hugo, sent.messageId));
      const id = original.message.id;
      await s.inject({ kind: "edit", from: hugo, messageId: id, body: "valor certo" });
      const edit = await waitFor(s, (e) => e.type === "message-update" && e.messageId === id && e.change.kind === "edit");
      if (edit.type !== "message-update" || edit.change.kind !== "edit") throw new Error("unreachable");
      expect(edit.change.body).toBe("valor certo");
      expect(isChatWith(edit.chat, hugo)).toBe(true);
      await s.inject({ kind: "revoke", from: hugo, messageId: id });
      const revoke = await waitFor(s, (e) => e.type === "message-update" && e.messageId === id && e.change.kind === "revoke");
      expect(isChatWith((revoke as Extract<ProviderEvent, { type: "message-update" }>).chat, hugo)).toBe(true);
    });

    it("acks forward: delivered, read and played reach the server on the product's scale, in order", async () => {
      const s = await session();
      const iris = await s.customer("Iris Ack");
      const acksOf = (id: string) =>
        s.events.filter((e): e is Extract<ProviderEvent, { type: "ack" }> => e.type === "ack" && e.messageId === id && !e.failed).map((e) => e.ack);
      const ackAtLeast = (id: string, ack: Ack) => (e: ProviderEvent) => e.type === "ack" && e.messageId === id && e.ack >= ack && isChatWith(e.chat, iris);

      const text = await s.send(iris, { type: "text", body: "Pode confirmar?" });
      await s.inject({ kind: "receipt", from: iris, messageId: text, receipt: "delivered" });
      await waitFor(s, ackAtLeast(text, 3));
      await s.inject({ kind: "receipt", from: iris, messageId: text, receipt: "read" });
      await waitFor(s, ackAtLeast(text, 4));
      const textAcks = acksOf(text);
      expect(textAcks).toContain(4);
      expect(textAcks).toEqual([...textAcks].sort((a, b) => a - b));
      if (declaredUnsupported(s, "played")) return;

      const audio = await s.send(iris, { type: "audio", data: OGG, mimetype: "audio/ogg; codecs=opus", voice: true });
      await s.inject({ kind: "receipt", from: iris, messageId: audio, receipt: "played" });
      await waitFor(s, ackAtLeast(audio, 5));
      const audioAcks = acksOf(audio);
      expect(audioAcks).toEqual([...audioAcks].sort((a, b) => a - b));
    });

    it("group message: chat is the group, author is the member", async () => {
      const s = await session();
      if (declaredUnsupported(s, "group")) return;
      const joao = await s.customer("João Group");
      const kate = await s.customer("Kate Group");
      const group = await s.group("Família Contract", [joao, kate]);
      const sent = await s.inject({ kind: "text", from: kate, group, body: "bom dia, grupo" });
      const event = await waitForMessage(s, inboundFrom(kate, sent.messageId, group));
      expectInbound(event, "live", sent.messageId);
      expect(event.message.chat).toEqual({ kind: "group", id: group.id });
      expect(isCustomer(event.message.from as Participant, kate)).toBe(true);
      expect(event.message.content).toEqual({ type: "text", body: "bom dia, grupo" });
    });
  });
}
