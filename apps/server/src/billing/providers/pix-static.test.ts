import { describe, expect, it } from "vitest";
import { hasError, parsePix } from "pix-utils";
import { buildStaticBrCode, createPixStaticProvider } from "./pix-static.js";

/** CRC16-CCITT (polynomial 0x1021, initial 0xFFFF), as the BR Code's field 63 is defined: computed here independently. */
function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, "utf8")) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

const code = await buildStaticBrCode({ pixKey: "financeiro@atendo.dev", merchantName: "Atendo Soluções", merchantCity: "São Paulo", amount: 99.9, txid: "ATENDO42", info: "Fatura 42" });

describe("static Pix BR Code", () => {

  it("ends with a valid CRC16 over the rest of the code", () => {
    expect(code.startsWith("000201")).toBe(true);
    const body = code.slice(0, -4);
    expect(body.endsWith("6304")).toBe(true);
    expect(code.slice(-4)).toBe(crc16(body));
    // A changed character breaks it.
    const tampered = code.replace("99.90", "19.90");
    expect(tampered.slice(-4)).not.toBe(crc16(tampered.slice(0, -4)));
  });

  it("parses back to the key, amount, merchant and invoice reference", () => {
    const parsed = parsePix(code);
    expect(hasError(parsed)).toBe(false);
    expect(parsed).toMatchObject({
      type: "STATIC",
      pixKey: "financeiro@atendo.dev",
      transactionAmount: 99.9,
      merchantName: "ATENDO SOLUCOES",
      merchantCity: "SAO PAULO",
      txid: "ATENDO42",
      countryCode: "BR",
      transactionCurrency: "986",
    });
  });

  it("is what the provider issues for an invoice, and needs a Pix key", async () => {
    const provider = createPixStaticProvider({ pixKey: "+5511999998888", pixMerchantName: "Atendo", pixMerchantCity: "Recife" });
    const issued = await provider.issuePixCharge({
      invoice: { id: 7, value: "250.00", dueDate: "2030-01-10", detail: "Plano Pro", providerPaymentId: null },
      company: { id: 1, name: "Acme", email: null },
      payer: { name: "Ana", zipcode: "01000-000", address: "Rua A", city: "Recife" },
      today: "2030-01-01",
    });
    expect(issued.providerPaymentId).toBeNull();
    expect(parsePix(issued.pixCode)).toMatchObject({ pixKey: "+5511999998888", transactionAmount: 250, txid: "ATENDO7" });
    const unconfigured = createPixStaticProvider({ pixMerchantName: "Atendo", pixMerchantCity: "Recife" });
    await expect(
      unconfigured.issuePixCharge({
        invoice: { id: 7, value: "250.00", dueDate: "2030-01-10", detail: "x", providerPaymentId: null },
        company: { id: 1, name: "Acme", email: null },
        payer: { name: "Ana", zipcode: "1", address: "a", city: "b" },
        today: "2030-01-01",
      }),
    ).rejects.toMatchObject({ code: "ERR_PAYMENT_NOT_CONFIGURED" });
  });
});
