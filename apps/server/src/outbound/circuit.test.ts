import { describe, expect, it } from "vitest";
import { createCircuit } from "./circuit.js";
import { OutboundError } from "./outbound-fetch.js";

const fail = () => Promise.reject(new Error("down"));

describe("circuit", () => {
  it("pauses one key after repeated failures without touching another, and lets one call through after the pause", async () => {
    let clock = 0;
    const circuit = createCircuit({ failures: 3, openMs: 1_000, now: () => clock });
    for (let i = 0; i < 3; i++) await expect(circuit.run("1:typebot", fail)).rejects.toThrow("down");
    const paused = await circuit.run("1:typebot", () => Promise.resolve("called")).catch((e: unknown) => e);
    expect(paused).toBeInstanceOf(OutboundError);
    expect((paused as OutboundError).code).toBe("circuit-open");
    expect(await circuit.run("2:typebot", () => Promise.resolve("other company"))).toBe("other company");

    clock = 1_001;
    expect(await circuit.run("1:typebot", () => Promise.resolve("back"))).toBe("back");
    expect(circuit.isOpen("1:typebot")).toBe(false);
  });

  it("pauses again at once when the call let through after the pause fails", async () => {
    let clock = 0;
    const circuit = createCircuit({ failures: 2, openMs: 1_000, now: () => clock });
    for (let i = 0; i < 2; i++) await expect(circuit.run("k", fail)).rejects.toThrow();
    clock = 1_500;
    await expect(circuit.run("k", fail)).rejects.toThrow("down");
    expect(circuit.isOpen("k")).toBe(true);
  });
});
