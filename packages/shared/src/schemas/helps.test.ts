import { describe, expect, it } from "vitest";
import { helpEmbedUrl, youtubeVideoId } from "./helps.js";

describe("youtubeVideoId", () => {
  it("takes an 11-character id or the id of a YouTube link", () => {
    expect(youtubeVideoId(" dQw4w9WgXcQ ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("youtu.be/dQw4w9WgXcQ?si=abc")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  });

  it("refuses anything else", () => {
    for (const value of ["", "dQw4w9WgXc", "dQw4w9WgXcQQ", "dQw4w9WgX!Q", "https://evil.test/watch?v=dQw4w9WgXcQ", "https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ", "javascript:alert(1)", "https://www.youtube.com/watch?v=short"]) {
      expect(youtubeVideoId(value), value).toBeNull();
    }
  });

  it("embeds through the privacy-enhanced domain", () => {
    expect(helpEmbedUrl("dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });
});
