import { describe, expect, it } from "vitest";
import { renderScheduleBody } from "./render-schedule-body.js";

const context = {
  contactName: "Maria Souza",
  contactNumber: "5511912345678",
  contactEmail: "maria@example.test",
  ticketId: 42,
  ticketCreatedAt: new Date("2026-03-10T12:00:00Z"),
  now: new Date("2026-03-10T15:30:00Z"),
  timeZone: "America/Sao_Paulo",
};

describe("renderScheduleBody", () => {
  it("fills the campaign-style and the automatic-text variables", () => {
    expect(renderScheduleBody("{{greeting}}, {{firstName}}! {nome} ({numero}, {email}) às {{hora}}", context)).toBe(
      "Boa tarde, Maria! Maria Souza (5511912345678, maria@example.test) às 12:30",
    );
  });

  it("leaves unknown and double-brace campaign names as written", () => {
    expect(renderScheduleBody("{{nome}} {cpf} {{desconhecida}}", context)).toBe("{{nome}} {cpf} {{desconhecida}}");
  });
});
