import { describe, expect, it } from "vitest";
import { makeTicket } from "../../test/ticket-fixtures.js";
import { laneFromKey, laneKey, laneOf, movedTicket, onBoard, OPEN_LANE } from "./board.js";

const lanes = [
  { id: 11, name: "Fechado", color: "#111111" },
  { id: 10, name: "Proposta", color: "#222222" },
];
const vip = { id: 5, name: "VIP", color: "#333333" };

describe("kanban board rules", () => {
  it("puts a ticket in the first kanban lane it carries, in lane order, else 'Em aberto'", () => {
    expect(laneOf(makeTicket({ tags: [vip] }), lanes)).toBe(OPEN_LANE);
    expect(laneOf(makeTicket({ tags: [{ ...lanes[1]! }, vip] }), lanes)).toBe(10);
    expect(laneOf(makeTicket({ tags: [{ ...lanes[1]! }, { ...lanes[0]! }] }), lanes)).toBe(11);
  });

  it("a move drops the ticket's kanban tags, keeps the others and adds the new lane's", () => {
    const ticket = makeTicket({ tags: [{ ...lanes[0]! }, vip] });
    expect(movedTicket(ticket, 10, lanes).tags.map((t) => t.name)).toEqual(["Proposta", "VIP"]);
    expect(movedTicket(ticket, OPEN_LANE, lanes).tags.map((t) => t.name)).toEqual(["VIP"]);
  });

  it("keeps only open and pending tickets, and round-trips lane keys", () => {
    expect(onBoard(makeTicket({ status: "pending" }))).toBe(true);
    expect(onBoard(makeTicket({ status: "closed" }))).toBe(false);
    expect(laneFromKey(laneKey(OPEN_LANE))).toBe(OPEN_LANE);
    expect(laneFromKey(laneKey(42))).toBe(42);
    expect(laneFromKey("ticket-3")).toBeNull();
  });
});
