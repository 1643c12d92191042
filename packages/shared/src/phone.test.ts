import { describe, expect, it } from "vitest";
import { canonicalNumber, displayNumber, formatNumber, normalizeNumber, numberVariants } from "./phone.js";

describe("normalizeNumber", () => {
  it.each([
    ["5511987654321", "5511987654321"],
    ["+55 11 98765-4321", "5511987654321"],
    ["(11) 98765-4321", "5511987654321"],
    ["11987654321", "5511987654321"],
    ["0055 11 98765 4321", "5511987654321"],
  ])("reads the Brazilian mobile %s", (input, number) => {
    expect(normalizeNumber(input)).toEqual({ valid: true, number, canonical: "5511987654321" });
  });

  it("makes the number without the ninth digit the same contact (canonical), keeping the form it came in", () => {
    expect(normalizeNumber("55 11 8765-4321")).toEqual({ valid: true, number: "551187654321", canonical: "5511987654321" });
    expect(normalizeNumber("(11) 8765-4321")).toEqual({ valid: true, number: "551187654321", canonical: "5511987654321" });
    expect(normalizeNumber("552187654321")).toEqual({ valid: true, number: "552187654321", canonical: "5521987654321" });
  });

  it("leaves landlines alone: only mobiles (6-9) take the ninth digit", () => {
    expect(normalizeNumber("(11) 3456-7890")).toEqual({ valid: true, number: "551134567890", canonical: "551134567890" });
  });

  it("reads international numbers with or without the plus", () => {
    expect(normalizeNumber("+1 415 555 2671")).toEqual({ valid: true, number: "14155552671", canonical: "14155552671" });
    expect(normalizeNumber("14155552671")).toEqual({ valid: true, number: "14155552671", canonical: "14155552671" });
    expect(normalizeNumber("+351 912 345 678")).toEqual({ valid: true, number: "351912345678", canonical: "351912345678" });
    expect(normalizeNumber("351912345678")).toEqual({ valid: true, number: "351912345678", canonical: "351912345678" });
  });

  it("uses the given default country for national numbers", () => {
    expect(normalizeNumber("912 345 678", "PT")).toEqual({ valid: true, number: "351912345678", canonical: "351912345678" });
  });

  it.each([
    "",
    "123",
    "1234567",
    "abcdefghij",
    "11 9876-abcd",
    "5511987654321@s.whatsapp.net",
    "120363025246125486@g.us",
    "5511987654321-1614000000",
    "12345678901234567",
    "+55 11 1234-5678",
    "00000000",
  ])("refuses %j (not a phone number, a JID, a group id or out of the numbering plan)", (input) => {
    expect(normalizeNumber(input)).toEqual({ valid: false });
  });
});

describe("canonicalNumber and numberVariants", () => {
  it("adds the ninth digit to Brazilian mobiles only", () => {
    expect(canonicalNumber("551187654321")).toBe("5511987654321");
    expect(canonicalNumber("5511987654321")).toBe("5511987654321");
    expect(canonicalNumber("551134567890")).toBe("551134567890");
    expect(canonicalNumber("14155552671")).toBe("14155552671");
  });

  it("gives both forms of a Brazilian mobile, canonical first, from either form", () => {
    expect(numberVariants("5511987654321")).toEqual(["5511987654321", "551187654321"]);
    expect(numberVariants("551187654321")).toEqual(["5511987654321", "551187654321"]);
    expect(numberVariants("551134567890")).toEqual(["551134567890"]);
    expect(numberVariants("14155552671")).toEqual(["14155552671"]);
  });
});

describe("formatNumber", () => {
  it("formats known numbers for people and leaves anything else as it is", () => {
    expect(formatNumber("5511987654321")).toBe("+55 11 98765 4321");
    expect(formatNumber("")).toBe("");
    expect(formatNumber("abc")).toBe("abc");
  });
});

describe("displayNumber: the one display form of a number on every screen", () => {
  it("formats digits, typed numbers and vCard numbers alike, international with the country's grouping", () => {
    for (const raw of ["5511987654321", "+55 (11) 98765-4321", "+5511987654321"]) expect(displayNumber(raw), raw).toBe("+55 11 98765 4321");
    expect(displayNumber("14155552671")).toBe("+1 415 555 2671");
    expect(displayNumber("+44 20 7946 0958")).toBe("+44 20 7946 0958");
  });

  it("leaves what is no phone number as it is", () => {
    expect(displayNumber("12345")).toBe("12345");
    expect(displayNumber("Recepção")).toBe("Recepção");
    expect(displayNumber("")).toBe("");
  });
});
