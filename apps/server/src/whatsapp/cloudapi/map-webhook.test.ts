import { describe, expect, it } from "vitest";
import { inboundMessage, type FakePhoneNumber } from "../../test/fakes/graph-api.js";
import type { InboundMessage, ProviderEvent } from "../provider.js";
import { CLOUD_PROVIDER, mapCloudWebhook } from "./map-webhook.js";

/**
 * The inbound types beyond text and media, in the shapes of Meta's messages webhook reference: stickers, the replies
 * to interactive buttons and lists, a template's quick-reply button, and what the Cloud API cannot show us.
 */
const PHONE: FakePhoneNumber = {
  id: "106540352242922",
  wabaId: "102290129340398",
  displayPhoneNumber: "+1 555-078-3881",
  verifiedName: "Loja",
  qualityRating: "GREEN",
  token: "EAAG",
};
const ANA = { name: "Ana Cliente", waId: "5511987654321" };
/** Our interactive or template message the customer answered. */
const OURS = "wamid.HBgLMTU1NTA3ODM4ODEVAgARGBJBQkNERUYxMjM0NTY3ODkwAA==";
const AT = new Date("2026-03-01T12:00:00.000Z");

/** The one message a delivery of `message` maps to. */
function mapped(message: Record<string, unknown>, o: { context?: { id: string } } = {}): InboundMessage {
  const { id, payload } = inboundMessage(PHONE, ANA, message, { timestamp: AT, ...o });
  const events = mapCloudWebhook(payload, PHONE.id);
  expect(events).toHaveLength(1);
  const event = events[0] as Extract<ProviderEvent, { type: "message" }>;
  expect(event).toMatchObject({ type: "message", origin: "live" });
  expect(event.message).toMatchObject({ id, chat: { kind: "user", number: ANA.waId }, from: { number: ANA.waId, pushName: ANA.name }, fromMe: false, timestamp: AT });
  return event.message;
}

describe("mapCloudWebhook: inbound types", () => {
  it("a sticker is media to download by Meta's id", () => {
    const message = mapped({ type: "sticker", sticker: { mime_type: "image/webp", sha256: "c2hh", id: "1003383421387256", animated: false } });
    expect(message.content).toEqual({ type: "sticker", mimetype: "image/webp", media: { provider: CLOUD_PROVIDER, ref: { id: "1003383421387256", mimetype: "image/webp" } } });
  });

  it("a tapped reply button is the button's title, answering our message", () => {
    const message = mapped({ type: "interactive", interactive: { type: "button_reply", button_reply: { id: "change-button", title: "Alterar" } } }, { context: { id: OURS } });
    expect(message.content).toEqual({ type: "text", body: "Alterar" });
    expect(message.quotedId).toBe(OURS);
  });

  it("a chosen list row is the row's title", () => {
    const message = mapped(
      { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "priority_express", title: "Entrega expressa", description: "Em até 2 dias úteis" } } },
      { context: { id: OURS } },
    );
    expect(message.content).toEqual({ type: "text", body: "Entrega expressa" });
    expect(message.quotedId).toBe(OURS);
  });

  it("a template's quick-reply button is its text, not a quote of the template", () => {
    const message = mapped({ type: "button", button: { payload: "PARAR_PROMOCOES", text: "Parar promoções" } }, { context: { id: OURS } });
    expect(message.content).toEqual({ type: "text", body: "Parar promoções" });
    expect(message.quotedId).toBeUndefined();
  });

  it("a type the Cloud API does not deliver is the unsupported message, with Meta's error when it gives one", () => {
    expect(mapped({ type: "unsupported", unsupported: { type: "poll_creation" }, errors: [{ code: 131051, title: "Message type unknown", message: "Message type unknown", error_data: { details: "Message type is currently not supported." } }] }).content).toEqual({
      type: "unsupported",
      description: "131051: Message type unknown",
    });
    expect(mapped({ type: "order", order: { catalog_id: "1", product_items: [] } }).content).toEqual({ type: "unsupported", description: "Cloud API message type order" });
    // An interactive reply of a kind not read here (a Flow's answer) says so rather than storing an empty text.
    expect(mapped({ type: "interactive", interactive: { type: "nfm_reply", nfm_reply: { name: "flow", response_json: "{}" } } }).content).toEqual({
      type: "unsupported",
      description: "interactive nfm_reply",
    });
  });
});
