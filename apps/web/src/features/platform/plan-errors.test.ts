import { AxiosError, AxiosHeaders, type AxiosResponse } from "axios";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.js";
import { errorMessage } from "../errors/error-message.js";

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: "", data, headers: {}, config };
  return new AxiosError("Request failed", AxiosError.ERR_BAD_RESPONSE, config, null, response);
}

const pt = { t: i18n.getFixedT("pt"), exists: i18n.exists.bind(i18n) };
const en = { t: i18n.getFixedT("en"), exists: i18n.exists.bind(i18n) };

describe("plan errors in words", () => {
  it("names the plan's limit and the resource", () => {
    const connections = httpError(403, { error: "ERR_PLAN_LIMIT_REACHED", details: { resource: "connections", limit: 1 } });
    expect(errorMessage(connections, pt)).toBe("Seu plano permite no máximo 1 conexão(ões). Para adicionar mais, mude de plano.");
    expect(errorMessage(connections, en)).toBe("Your plan allows at most 1 connection(s). Change plans to add more.");
    const users = httpError(403, { error: "ERR_PLAN_LIMIT_REACHED", details: { resource: "users", limit: 5 } });
    expect(errorMessage(users, pt)).toContain("no máximo 5 usuário(s)");
    const queues = httpError(403, { error: "ERR_PLAN_LIMIT_REACHED", details: { resource: "queues", limit: 3 } });
    expect(errorMessage(queues, en)).toContain("at most 3 queue(s)");
  });

  it("falls back to the general text without details", () => {
    expect(errorMessage(httpError(403, { error: "ERR_PLAN_LIMIT_REACHED" }), pt)).toBe("O limite do seu plano foi atingido.");
    expect(errorMessage(httpError(403, { error: "ERR_PLAN_LIMIT_REACHED", details: { resource: "boats", limit: 2 } }), pt)).toBe(
      "O limite do seu plano foi atingido.",
    );
  });

  it("names the feature a plan lacks", () => {
    const error = httpError(403, { error: "ERR_PLAN_FEATURE_DISABLED", details: { flag: "useKanban" } });
    expect(errorMessage(error, pt)).toBe("O plano desta empresa não inclui Kanban.");
    expect(errorMessage(httpError(403, { error: "ERR_PLAN_FEATURE_DISABLED" }), en)).toBe("This company's plan does not include this feature.");
  });
});
