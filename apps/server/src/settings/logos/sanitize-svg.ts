import createDOMPurify, { type DOMPurify } from "dompurify";
import { JSDOM } from "jsdom";

const SVG_NS = "http://www.w3.org/2000/svg";

/** A URL reference that stays inside the document (`#id`); anything else could fetch from elsewhere. */
const LOCAL_FRAGMENT = /^#[\w.:-]*$/;
/** `url(` followed by anything but a local `#fragment` (CSS in attributes, `<style>`, presentation attributes). */
const EXTERNAL_URL = /url\s*\(\s*(?!['"]?\s*#)/i;

let purifier: { purify: DOMPurify; window: JSDOM["window"] } | null = null;

function hasExternalCss(css: string): boolean {
  const compact = css.replace(/\\/g, "");
  return /@import/i.test(compact) || EXTERNAL_URL.test(compact) || /expression\s*\(|javascript:|-moz-binding/i.test(compact);
}

/** One DOMPurify over one jsdom window for the process, with the hooks that keep an SVG self-contained. */
function getPurifier() {
  if (purifier) return purifier;
  const window = new JSDOM("").window;
  const purify = createDOMPurify(window);
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    const name = data.attrName.toLowerCase();
    // Whitespace and control characters hide a scheme from naive checks ("java\tscript:").
    const value = data.attrValue.replace(/[\s\u0000-\u001f]/g, "");
    if ((name === "href" || name.endsWith(":href")) && !LOCAL_FRAGMENT.test(value)) data.keepAttr = false;
    else if (/javascript:|vbscript:|data:text\/html/i.test(value)) data.keepAttr = false;
    else if (hasExternalCss(data.attrValue)) data.keepAttr = false;
    // <animate attributeName="href" to="javascript:…"> would rewrite a link after sanitising.
    else if (name === "attributename" && /href$/i.test(value)) data.keepAttr = false;
  });
  purify.addHook("uponSanitizeElement", (node, data) => {
    // A <style> that imports or fetches anything goes whole; local styles (Illustrator's .st0{…}) stay.
    if (data.tagName === "style" && hasExternalCss(node.textContent ?? "")) node.parentNode?.removeChild(node);
  });
  purifier = { purify, window };
  return purifier;
}

export class InvalidSvgError extends Error {}

/** Whether the text is an SVG document: well-formed XML whose root is <svg> in the SVG namespace. */
export function parsesAsSvg(text: string): boolean {
  try {
    // jsdom's XML parser rejects malformed documents and does not expand custom entities (no entity bombs).
    const root = new JSDOM(text, { contentType: "image/svg+xml" }).window.document.documentElement;
    return root?.localName === "svg" && root.namespaceURI === SVG_NS;
  } catch {
    return false;
  }
}

/**
 * The SVG without anything that runs or reaches out: scripts, event handlers (`on*`), `javascript:` URLs,
 * `<foreignObject>`, and references to anything but a local `#fragment` (`href`, `xlink:href`, `url(…)`, `@import`).
 * DOMPurify's SVG profile does the element and attribute allow-listing; the hooks add the external-reference rules.
 * Serialised as XML, so the file stays a valid image/svg+xml document.
 */
export function sanitizeSvg(text: string): string {
  if (!parsesAsSvg(text)) throw new InvalidSvgError("not an SVG document");
  const { purify, window } = getPurifier();
  const fragment = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is safe once its href is local (the hook); logo exports use it for repeated shapes.
    ADD_TAGS: ["use"],
    FORBID_TAGS: ["foreignObject", "script", "iframe", "embed", "object"],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = Array.from(fragment.children).find((el) => el.localName === "svg");
  if (!svg) throw new InvalidSvgError("nothing left after sanitising");
  const out = new window.XMLSerializer().serializeToString(svg);
  if (!parsesAsSvg(out)) throw new InvalidSvgError("sanitised SVG is not well-formed");
  return out;
}
