import { describe, expect, it } from "vitest";
import type { WhatsAppTemplateView } from "@atendo/shared";
import { renderTemplateBody } from "./render-template-body.js";

const template = (body: string | undefined): WhatsAppTemplateView => ({
  name: "t",
  language: "pt_BR",
  category: "UTILITY",
  components: [{ type: "HEADER", format: "TEXT", text: "Header {{1}}" }, ...(body === undefined ? [] : [{ type: "BODY", text: body }]), { type: "FOOTER", text: "f" }],
  variables: 0,
});

describe("renderTemplateBody", () => {
  it("fills {{n}} by position, repeated placeholders included, and only in the body", () => {
    expect(renderTemplateBody(template("Olá {{1}}, seu pedido {{2}} chegou. Obrigado, {{1}}!"), ["Ana", "#42"])).toBe("Olá Ana, seu pedido #42 chegou. Obrigado, Ana!");
  });

  it("keeps a placeholder without a parameter visible and does not reinterpret values", () => {
    expect(renderTemplateBody(template("{{1}} e {{2}}"), ["$1 {{2}}"])).toBe("$1 {{2}} e {{2}}");
  });

  it("is empty for a template without a body", () => {
    expect(renderTemplateBody(template(undefined), ["x"])).toBe("");
  });
});
