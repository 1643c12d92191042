import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { AckIcon, ackKind } from "./AckIcon.js";

describe("ack icons (core-service section 4)", () => {
  it.each([
    [0, "pending", "AccessTimeIcon"],
    [1, "sent", "DoneIcon"],
    [2, "sent", "DoneIcon"],
    [3, "delivered", "DoneAllIcon"],
    [4, "read", "DoneAllIcon"],
    [5, "read", "DoneAllIcon"],
  ] as const)("ack %i is %s", (ack, kind, icon) => {
    expect(ackKind(ack)).toBe(kind);
    render(<AckIcon ack={ack} />);
    const element = screen.getByTestId("ack-icon");
    expect(element.getAttribute("data-kind")).toBe(kind);
    expect(element.querySelector(`[data-testid="${icon}"]`)).not.toBeNull();
  });

  it("colours read ticks blue and leaves the others grey", () => {
    const { unmount } = render(<AckIcon ack={4} />);
    const read = getComputedStyle(screen.getByTestId("ack-icon")).color;
    unmount();
    render(<AckIcon ack={3} />);
    expect(getComputedStyle(screen.getByTestId("ack-icon")).color).not.toBe(read);
  });
});
