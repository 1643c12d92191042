import type { AnyMessageContent, proto } from "baileys";
import { ProviderError, type OutgoingContent } from "../provider.js";

/** Marks a message as forwarded the way WhatsApp shows "Forwarded". */
const FORWARDED: proto.IContextInfo = { isForwarded: true, forwardingScore: 1 };

/** The product's outgoing content as Baileys' sendMessage content (quotes are added as send options). */
export function toBaileysContent(content: OutgoingContent, opts: { forwarded?: boolean } = {}): AnyMessageContent {
  const contextInfo = opts.forwarded ? { contextInfo: FORWARDED } : {};
  switch (content.type) {
    case "text":
      return { text: content.body, ...contextInfo };
    case "image":
      return { image: content.data, mimetype: content.mimetype, ...caption(content.caption), ...contextInfo };
    case "video":
      return { video: content.data, mimetype: content.mimetype, ...caption(content.caption), ...contextInfo };
    case "audio":
      // Baileys applies contextInfo to any content; its type only lists it for some.
      return { audio: content.data, mimetype: content.mimetype, ptt: !!content.voice, ...contextInfo } as AnyMessageContent;
    case "document":
      return {
        document: content.data,
        mimetype: content.mimetype,
        fileName: content.fileName || "file",
        ...caption(content.caption),
        ...contextInfo,
      };
    case "location":
      return {
        location: {
          degreesLatitude: content.latitude,
          degreesLongitude: content.longitude,
          ...(content.name ? { name: content.name } : {}),
          ...(content.address ? { address: content.address } : {}),
          ...contextInfo,
        },
      };
    case "contact":
      return { contacts: { displayName: content.displayName, contacts: [{ displayName: content.displayName, vcard: content.vcard, ...contextInfo }] } };
    case "template":
      // Message templates are the Cloud API's (capabilities.templates is false here).
      throw new ProviderError("ERR_NOT_SUPPORTED", "WhatsApp Web cannot send message templates");
  }
}

function caption(text: string | undefined) {
  return text ? { caption: text } : {};
}
