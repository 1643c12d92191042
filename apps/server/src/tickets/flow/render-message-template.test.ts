import { describe, expect, it } from "vitest";
import { greetingOf, renderMessageTemplate } from "./render-message-template.js";
import { flowTimeZone, zonedTime } from "./flow-time.js";

const base = {
  contactName: "Maria  da Silva",
  ticketId: 42,
  ticketCreatedAt: new Date("2026-03-01T02:30:00Z"), // 28 Feb 23:30 in São Paulo
  timeZone: "America/Sao_Paulo",
};

describe("renderMessageTemplate", () => {
  it("fills every variable by the company's clock", () => {
    const text = "{{greeting}}, {{firstName}}! ({{name}}) Protocolo {{protocol}} às {{hora}}.";
    const now = new Date("2026-03-02T12:05:00Z"); // 09:05 in São Paulo
    expect(renderMessageTemplate(text, { ...base, now })).toBe("Bom dia, Maria! (Maria  da Silva) Protocolo 2026022842 às 09:05.");
  });

  it("switches the greeting at 12:00 and 18:00", () => {
    expect(greetingOf(11)).toBe("Bom dia");
    expect(greetingOf(12)).toBe("Boa tarde");
    expect(greetingOf(17)).toBe("Boa tarde");
    expect(greetingOf(18)).toBe("Boa noite");
    expect(greetingOf(0)).toBe("Bom dia");
    const evening = renderMessageTemplate("{{ greeting }}", { ...base, now: new Date("2026-03-02T21:00:00Z") }); // 18:00
    expect(evening).toBe("Boa noite");
    const utc = renderMessageTemplate("{{greeting}} {{hora}}", { ...base, timeZone: "UTC", now: new Date("2026-03-02T21:00:00Z") });
    expect(utc).toBe("Boa noite 21:00");
  });

  it("keeps unknown variables and plain text untouched", () => {
    expect(renderMessageTemplate("Olá {{unknown}} {firstName} {{firstName}}", { ...base, now: new Date() })).toBe("Olá {{unknown}} {firstName} Maria");
  });

  it("keeps the protocol stable during the conversation", () => {
    const a = renderMessageTemplate("{{protocol}}", { ...base, now: new Date("2026-03-02T12:00:00Z") });
    const b = renderMessageTemplate("{{protocol}}", { ...base, now: new Date("2026-04-09T12:00:00Z") });
    expect(a).toBe(b);
  });
});

describe("flowTimeZone", () => {
  it("uses the company's zone, else TZ, else America/Sao_Paulo", () => {
    expect(flowTimeZone("Europe/Lisbon", { TZ: "Asia/Tokyo" })).toBe("Europe/Lisbon");
    expect(flowTimeZone(null, { TZ: "Asia/Tokyo" })).toBe("Asia/Tokyo");
    expect(flowTimeZone(null, { TZ: "Not/AZone" })).toBe("America/Sao_Paulo");
    expect(flowTimeZone(undefined, {})).toBe("America/Sao_Paulo");
  });

  it("reads weekday and time in the zone", () => {
    expect(zonedTime(new Date("2026-03-02T02:00:00Z"), "America/Sao_Paulo")).toMatchObject({ weekdayEn: "sunday", hhmm: "23:00", ymd: "20260301" });
  });
});
