import { describe, expect, it } from "vitest";
import { PAGES_AS_MP4, REAL_FILES, SAMPLE_FILES } from "../test/multipart.js";
import { checkedUploadType } from "./media-allowlist.js";

describe("checkedUploadType (every upload path's type check)", () => {
  it("keeps real media and reads the stored type from the bytes", async () => {
    expect(await checkedUploadType("clip.mp4", "video/mp4", REAL_FILES.mp4, "media")).toBe("video/mp4");
    expect(await checkedUploadType("foto.png", "image/png", REAL_FILES.png, "media")).toBe("image/png");
    // An MP4 declared as audio stays audio (the container holds either).
    expect(await checkedUploadType("nota.m4a", "audio/mp4", REAL_FILES.mp4, "attachment")).toBe("audio/mp4");
    expect(await checkedUploadType("tabela.pdf", "application/pdf", SAMPLE_FILES.pdf, "media")).toBe("application/pdf");
  });

  it("refuses pages named .mp4, and bytes that are no container at all", async () => {
    for (const page of PAGES_AS_MP4) {
      expect(await checkedUploadType(page.name, page.type, page.data, "media"), page.name).toBeNull();
      expect(await checkedUploadType(page.name, page.type, page.data, "attachment"), page.name).toBeNull();
    }
    expect(await checkedUploadType("video.mp4", "video/mp4", Buffer.from("just some bytes, no container"), "media")).toBeNull();
    expect(await checkedUploadType("foto.png", "image/png", REAL_FILES.mp4, "media")).toBeNull();
  });

  it("takes documents as attachments only", async () => {
    expect(await checkedUploadType("notas.txt", "text/plain", Buffer.from("olá"), "attachment")).toBe("text/plain");
    expect(await checkedUploadType("notas.txt", "text/plain", Buffer.from("olá"), "media")).toBeNull();
  });
});
