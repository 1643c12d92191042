import { describe, expect, it } from "vitest";
import { plainMarkup, previewText, signBody, splitSignature, withoutSignatureOf } from "./message-text.js";

describe("signatures and markup in message text", () => {
  it("signs once and reads both spellings of a signature back", () => {
    expect(signBody("Oi", "Ana Souza")).toBe("*Ana Souza*:\nOi");
    expect(splitSignature("*Ana Souza*:\nOi")).toEqual({ signer: "Ana Souza", text: "Oi" });
    expect(splitSignature("*Ana Souza:*\nOi")).toEqual({ signer: "Ana Souza", text: "Oi" });
    expect(splitSignature("*Promoção* hoje\nOi")).toEqual({ signer: null, text: "*Promoção* hoje\nOi" });
  });

  it("drops only the message's own agent's signature", () => {
    expect(withoutSignatureOf("*Ana*:\nOi", "Ana")).toBe("Oi");
    expect(withoutSignatureOf("*Bruno*:\nOi", "Ana")).toBe("*Bruno*:\nOi");
  });

  it("turns markup into plain words for previews, leaving snake_case and arithmetic alone", () => {
    expect(plainMarkup("*Oferta* _só hoje_ ~R$ 10~ ```code```")).toBe("Oferta só hoje R$ 10 code");
    expect(plainMarkup("*_ambos_*")).toBe("ambos");
    expect(plainMarkup("user_name e 2*3*4")).toBe("user_name e 2*3*4");
    expect(previewText("*Ana*:\n*Olá*, tudo _bem_?\nAté")).toBe("Olá, tudo bem? Até");
  });
});
