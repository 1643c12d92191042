import { describe, expect, it } from "vitest";
import { contactCreateSchema, contactImportRowSchema, contactUpdateSchema } from "./contacts.js";
import { V } from "./messages.js";

/** The first message of each field, as the forms show it. */
function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join(".")] ??= issue.message;
  return first;
}

describe("contact form schemas", () => {
  it("accepts a contact, trimming and lower-casing, with defaults", () => {
    const parsed = contactCreateSchema.parse({ name: "  Maria  ", number: "(11) 98765-4321", email: " Maria@Example.COM " });
    expect(parsed).toEqual({ name: "Maria", number: "(11) 98765-4321", email: "maria@example.com", extraInfo: [] });
  });

  it("gives each rule its own message", () => {
    // The contact form's number is optional (core spec 5); an import row needs one.
    expect(messages(contactCreateSchema.safeParse({ name: "", number: "" }))).toEqual({ name: V.required });
    expect(messages(contactImportRowSchema.safeParse({ name: "", number: "" }))).toEqual({ name: V.required, number: V.required });
    expect(messages(contactCreateSchema.safeParse({ name: "A", number: "1234", email: "nope" }))).toEqual({
      name: V.tooShort,
      number: V.tooShort,
      email: V.invalidEmail,
    });
    expect(messages(contactCreateSchema.safeParse({ name: "x".repeat(51), number: "1".repeat(51) }))).toEqual({
      name: V.tooLong,
      number: V.tooLong,
    });
    expect(messages(contactCreateSchema.safeParse({ name: "Maria", number: "12345678" }))).toEqual({ number: V.invalidNumber });
  });

  it("takes an empty e-mail and extra info rows", () => {
    const parsed = contactCreateSchema.parse({ name: "Maria", number: "5511987654321", email: "", extraInfo: [{ name: "CPF", value: "123" }] });
    expect(parsed.extraInfo).toEqual([{ name: "CPF", value: "123" }]);
    expect(messages(contactCreateSchema.safeParse({ name: "Maria", number: "5511987654321", extraInfo: [{ name: "", value: "x" }] }))).toEqual({
      "extraInfo.0.name": V.required,
    });
  });

  it("lets an edit leave the number empty (the server decides whether the contact may have none)", () => {
    expect(contactUpdateSchema.parse({ name: "Maria", number: "" }).number).toBe("");
    expect(messages(contactUpdateSchema.safeParse({ name: "Maria", number: "1234" }))).toEqual({ number: V.tooShort });
  });

  it("refuses unknown fields", () => {
    expect(contactCreateSchema.safeParse({ name: "Maria", number: "5511987654321", companyId: 2 }).success).toBe(false);
  });
});
