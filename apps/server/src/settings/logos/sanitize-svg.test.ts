import { describe, expect, it } from "vitest";
import { InvalidSvgError, parsesAsSvg, sanitizeSvg } from "./sanitize-svg.js";

const wrap = (inner: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attrs}>${inner}</svg>`;

describe("sanitizeSvg", () => {
  it("keeps an ordinary logo as it is", () => {
    const logo = wrap('<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect width="10" height="10" fill="url(#g)"/>');
    const out = sanitizeSvg(logo);
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain("<linearGradient");
    expect(parsesAsSvg(out)).toBe(true);
  });

  it.each([
    ["a script", wrap("<script>alert(1)</script>"), "alert"],
    ["an event handler", wrap("<rect/>", ' onload="alert(1)"'), "onload"],
    ["a javascript: link hidden by a tab", wrap('<a href="java&#9;script:alert(1)"><rect/></a>'), "script:"],
    ["a foreignObject", wrap('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'), "foreignObject"],
    ["an external image", wrap('<image href="http://evil.test/a.png"/>'), "evil.test"],
    ["an external use", wrap('<use href="https://evil.test/s.svg#a"/>'), "evil.test"],
    ["a data: image", wrap('<image href="data:image/svg+xml;base64,PHN2Zz4="/>'), "data:"],
    ["a css import", wrap("<style>@import 'http://evil.test/a.css';</style>"), "evil.test"],
    ["an external css url", wrap('<rect style="fill: url( \'//evil.test/a\' )"/>'), "evil.test"],
    ["an external paint server", wrap('<rect fill="url(https://evil.test/a#b)"/>'), "evil.test"],
    ["an animation rewriting a link", wrap('<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'), "javascript"],
  ])("removes %s", (_name, svg, needle) => {
    const out = sanitizeSvg(svg);
    expect(out.toLowerCase()).not.toContain(needle.toLowerCase());
    expect(parsesAsSvg(out)).toBe(true);
  });

  it("refuses what is not an SVG document", () => {
    for (const text of ["<html><body></body></html>", "<svg><rect></svg>", "plain text", '<svg xmlns="http://www.w3.org/1999/xhtml"/>']) {
      expect(() => sanitizeSvg(text), text).toThrow(InvalidSvgError);
    }
  });
});
