import { AxiosError, AxiosHeaders, type AxiosResponse } from "axios";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.js";
import { errorMessage } from "./error-message.js";

function httpError(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response: AxiosResponse = { status, statusText: "", data, headers: {}, config };
  return new AxiosError("Request failed", AxiosError.ERR_BAD_RESPONSE, config, null, response);
}

describe("errorMessage", () => {
  const pt = { t: i18n.getFixedT("pt"), exists: i18n.exists.bind(i18n) };
  const en = { t: i18n.getFixedT("en"), exists: i18n.exists.bind(i18n) };

  it("translates a known error code", () => {
    const error = httpError(403, { error: "ERR_NO_PERMISSION" });
    expect(errorMessage(error, pt)).toBe("Você não tem permissão para acessar este recurso.");
    expect(errorMessage(error, en)).toBe("You do not have permission to access this resource.");
  });

  it("shows the raw code when it has no translation", () => {
    expect(errorMessage(httpError(400, { error: "ERR_SOMETHING_NEW" }), pt)).toBe("ERR_SOMETHING_NEW");
  });

  it("shows a raw message or text body when there is no code", () => {
    expect(errorMessage(httpError(500, { message: "Database offline" }), pt)).toBe("Database offline");
    expect(errorMessage(httpError(502, "Bad gateway"), pt)).toBe("Bad gateway");
  });

  it("falls back to the default text", () => {
    expect(errorMessage(new Error("boom"), en)).toBe("An error occurred!");
    expect(errorMessage(httpError(500, {}), pt)).toBe("Ocorreu um erro!");
    expect(errorMessage(new AxiosError("Network Error", AxiosError.ERR_NETWORK), en)).toBe("An error occurred!");
  });

  it("names the date of an expired subscription", () => {
    const error = httpError(403, { error: "ERR_SUBSCRIPTION_EXPIRED", details: { dueDate: "2024-03-05" } });
    expect(errorMessage(error, pt)).toBe(
      "Opss! Sua assinatura venceu em 05/03/2024. Entre em contato com o Suporte para mais informações!",
    );
  });
});
