import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IMAGE_QUALITY } from "@atendo/shared";
import { compressImage } from "./compress-image.js";

/** jsdom draws nothing: the image, the object URL and the canvas encoder are stand-ins that record what was asked. */
let encodedSize = 0;
const toBlob = vi.fn((callback: BlobCallback, type?: string, _quality?: number) => callback(new Blob([new Uint8Array(encodedSize)], { type })));

class LoadedImage {
  naturalWidth = 40;
  naturalHeight = 30;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_value: string) {
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  toBlob.mockClear();
  vi.stubGlobal("Image", LoadedImage);
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL: () => "blob:x", revokeObjectURL: () => undefined });
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({ fillRect: () => undefined, drawImage: () => undefined, fillStyle: "" } as never);
  HTMLCanvasElement.prototype.toBlob = toBlob as never;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const url = URL as unknown as Record<string, unknown>;
  delete url.createObjectURL;
  delete url.revokeObjectURL;
});

describe("compressImage", () => {
  it("re-encodes a photo as JPEG at IMAGE_QUALITY", async () => {
    encodedSize = 100;
    const photo = new File([new Uint8Array(5_000)], "foto.png", { type: "image/png" });
    const result = await compressImage(photo);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), "image/jpeg", IMAGE_QUALITY);
    expect(IMAGE_QUALITY).toBe(0.7);
    expect(result.name).toBe("foto.jpg");
    expect(result.type).toBe("image/jpeg");
    expect(result.size).toBe(100);
  });

  it("keeps the original when the result is not smaller, and never touches a GIF or a document", async () => {
    encodedSize = 6_000;
    const photo = new File([new Uint8Array(5_000)], "foto.jpg", { type: "image/jpeg" });
    expect(await compressImage(photo)).toBe(photo);
    const gif = new File([new Uint8Array(5_000)], "anim.gif", { type: "image/gif" });
    const pdf = new File([new Uint8Array(5_000)], "doc.pdf", { type: "application/pdf" });
    toBlob.mockClear();
    expect(await compressImage(gif)).toBe(gif);
    expect(await compressImage(pdf)).toBe(pdf);
    expect(toBlob).not.toHaveBeenCalled();
  });
});
