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
    const emoji = await waitFor(() => {
      const first = picker.querySelector<HTMLElement>('[data-epr-part="emoji"]');
      if (!first) throw new Error("no emoji yet");
      return first;
    }, { timeout: 10_000 });
    // Native glyphs as text, the whole bundled list.
    expect(picker.querySelectorAll('[data-epr-part="emoji"]').length).toBeGreaterThan(1000);
    expect(picker.querySelector("img")).toBeNull();
    fireEvent.click(emoji);
    // The picker answers a click after its own render work: on a loaded machine that passed waitFor's default second.
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(onPick.mock.calls[0]?.[0]).toBe(emoji.textContent);
    expect(emoji.textContent).toMatch(/\p{Extended_Pictographic}/u);
    expect(fetch).not.toHaveBeenCalled();
    fetch.mockRestore();
  });
});
