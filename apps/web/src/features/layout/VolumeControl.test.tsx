import { describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { readVolume, storeVolume } from "../notifications/volume.js";
import { VolumeControl } from "./VolumeControl.js";

const slider = () => screen.getByRole("slider") as HTMLInputElement;

describe("notification volume", () => {
  it("starts at 1 when nothing is stored", () => {
    render(<VolumeControl />);
    expect(slider().getAttribute("aria-valuenow")).toBe("1");
    expect(slider().step).toBe("0.1");
    expect(slider().min).toBe("0");
    expect(slider().max).toBe("1");
  });

  it("stores a change under 'volume' and reads it back after a reload", () => {
    const first = render(<VolumeControl />);
    fireEvent.change(slider(), { target: { value: "0.3" } });
    expect(localStorage.getItem("volume")).toBe("0.3");
    first.unmount();

    render(<VolumeControl />);
    expect(slider().getAttribute("aria-valuenow")).toBe("0.3");
  });

  it("ignores garbage and clamps out-of-range values", () => {
    localStorage.setItem("volume", "loud");
    expect(readVolume()).toBe(1);
    localStorage.setItem("volume", "7");
    expect(readVolume()).toBe(1);
    storeVolume(-2);
    expect(localStorage.getItem("volume")).toBe("0");
    storeVolume(0.1 + 0.2);
    expect(localStorage.getItem("volume")).toBe("0.3");
  });
});
