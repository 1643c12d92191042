import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ReactionPicker, QUICK_REACTIONS } from "./ReactionPicker.js";

function open(current: string | null = null) {
  const anchor = document.createElement("button");
  document.body.appendChild(anchor);
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(<ReactionPicker anchorEl={anchor} current={current} onPick={onPick} onClose={onClose} />);
  return { onPick, onClose };
}

describe("ReactionPicker", () => {
  it("offers the six quick emojis; ours again removes it", () => {
    const { onPick, onClose } = open("❤️");
    expect(QUICK_REACTIONS.map((_emoji, index) => screen.getByTestId(`reaction-quick-${index}`).textContent)).toEqual([...QUICK_REACTIONS]);
    fireEvent.click(screen.getByTestId("reaction-quick-0"));
    expect(onPick).toHaveBeenLastCalledWith("👍");
    expect(onClose).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("reaction-quick-1"));
    expect(onPick).toHaveBeenLastCalledWith("");
  });

  it("opens the full list of native emoji, bundled (no image and no network), and picks from it", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const { onPick } = open();
    fireEvent.click(screen.getByTestId("reaction-more"));
    const picker = await screen.findByTestId("reaction-full-picker");
    // Native glyphs as text, the whole bundled list.
    await waitFor(() => expect(picker.querySelectorAll('[data-epr-part="emoji"]').length).toBeGreaterThan(1000), { timeout: 10_000 });
    expect(picker.querySelector("img")).toBeNull();
    // The first emoji as the picker shows it now, clicked until the pick arrives: under load the picker re-rendered its
    // list after the first query, and a click on the replaced (detached) button reached nothing.
    const glyphs: string[] = [];
    await waitFor(() => {
      if (onPick.mock.calls.length === 0) {
        const first = picker.querySelector<HTMLElement>('[data-epr-part="emoji"]')!;
        glyphs.push(first.textContent ?? "");
        fireEvent.click(first);
      }
      expect(onPick).toHaveBeenCalled();
    }, { timeout: 10_000 });
    expect(glyphs).toContain(onPick.mock.calls[0]?.[0]);
    expect(onPick.mock.calls[0]?.[0]).toMatch(/\p{Extended_Pictographic}/u);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });
});
