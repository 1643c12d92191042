import { describe, expect, it } from "vitest";
import { fillBraceVariables } from "./fill-brace-variables.js";

describe("fillBraceVariables", () => {
  const values = new Map([
    ["nome", "Ana Souza"],
    ["numero", "5511987654321"],
    ["loja", "Centro"],
  ]);

  it("fills known single-brace names, accents and dashes included, and leaves unknown ones as written", () => {
    expect(fillBraceVariables("Olá {nome}, loja {loja}; {cpf} {número}", values)).toBe("Olá Ana Souza, loja Centro; {cpf} {número}");
  });

  it("never reads a double-brace variable as a single one", () => {
    expect(fillBraceVariables("{{nome}} e {nome}", values)).toBe("{{nome}} e Ana Souza");
  });
});
