import { describe, expect, it, vi, afterEach } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { TICKET_AGE_REFRESH_MS } from "@atendo/shared";
import { ticketAge } from "./ticket-age.js";
import { TicketAgeLabel } from "./TicketAgeLabel.js";

const NOW = new Date("2026-03-10T12:00:00.000Z").getTime();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe("ticketAge (core-service section 9)", () => {
  it.each([
    [0, "minutes", 0, null],
    [2, "minutes", 2, null],
    [3, "minutes", 3, "success"],
    [10, "minutes", 10, "success"],
    [11, "minutes", 11, null],
    [29, "minutes", 29, null],
    [30, "minutes", 30, "warning"],
    [59, "minutes", 59, "warning"],
    [60, "hours", 1, "error"],
    [23 * 60 + 59, "hours", 23, "error"],
    [24 * 60, "days", 1, "error"],
    [3 * 24 * 60 + 5, "days", 3, "error"],
  ] as const)("%i minutes old: %s %i, colour %s", (minutes, unit, value, color) => {
    expect(ticketAge(ago(minutes), NOW)).toEqual({ unit, value, color });
  });
});

describe("TicketAgeLabel", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the colour and text of the age and moves on every 30 s", () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    vi.setSystemTime(NOW);
    render(<TicketAgeLabel since={ago(9)} />);
    const label = screen.getByTestId("ticket-age");
    expect(label.textContent).toBe("9 min");
    expect(label.getAttribute("data-color")).toBe("success");

    // Two refreshes later (one minute) the ticket is 10 minutes old: still green.
    act(() => {
      vi.advanceTimersByTime(2 * TICKET_AGE_REFRESH_MS);
    });
    expect(screen.getByTestId("ticket-age").textContent).toBe("10 min");
    expect(screen.getByTestId("ticket-age").getAttribute("data-color")).toBe("success");

    // At 11 minutes the green ends.
    act(() => {
      vi.advanceTimersByTime(2 * TICKET_AGE_REFRESH_MS);
    });
    expect(screen.getByTestId("ticket-age").getAttribute("data-color")).toBe("none");
  });

  it("is red in hours from an hour and in days from a day", () => {
    const { rerender } = render(<TicketAgeLabel since={new Date(Date.now() - 90 * 60_000).toISOString()} />);
    expect(screen.getByTestId("ticket-age").textContent).toBe("1 h");
    expect(screen.getByTestId("ticket-age").getAttribute("data-color")).toBe("error");
    rerender(<TicketAgeLabel since={new Date(Date.now() - 50 * 60 * 60_000).toISOString()} />);
    expect(screen.getByTestId("ticket-age").textContent).toBe("2 d");
    expect(screen.getByTestId("ticket-age").getAttribute("data-color")).toBe("error");
    rerender(<TicketAgeLabel since={new Date(Date.now() - 45 * 60_000).toISOString()} />);
    expect(screen.getByTestId("ticket-age").getAttribute("data-color")).toBe("warning");
  });
});
