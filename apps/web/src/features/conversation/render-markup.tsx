import { Fragment, type ReactNode } from "react";
import { find } from "linkifyjs";

/** The link schemes a message may open; anything else (javascript:, data:, file:, …) stays plain text. */
const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const MARKERS: Record<string, "strong" | "s" | "em"> = { "*": "strong", "~": "s", _: "em" };
// WhatsApp's inline markers: at word edges (snake_case and 2*3*4 stay as they are), the marked text neither starts
// nor ends with a space and stays on one line.
const INLINE = /(?<![\p{L}\p{N}])([*~_])(?=\S)([^\n]*?\S)\1(?![\p{L}\p{N}])/u;

/** Bold, strike and italic (nested), as React elements: the text itself is never parsed as HTML. */
function renderInline(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let index = 0;
  for (let match = INLINE.exec(rest); match; match = INLINE.exec(rest)) {
    const [whole, marker = "", inner = ""] = match;
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const Tag = MARKERS[marker] ?? "strong";
    nodes.push(<Tag key={`${key}.${index++}`}>{renderInline(inner, `${key}.${index}`)}</Tag>);
    rest = rest.slice(match.index + whole.length);
  }
  if (rest) nodes.push(rest);
  return nodes;
}

/**
 * A message body as the spec's limited markup (core-service section 2): *bold*, ~strike~, _italic_, links (http,
 * https, e-mail) opening in a new tab. Links are found by linkifyjs; everything else is text, which React escapes,
 * so a body can never create an element, attribute or handler of its own. Newlines are kept by the caller's
 * `white-space: pre-wrap`.
 */
export function renderMarkup(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let position = 0;
  let part = 0;
  for (const link of find(text)) {
    const href = safeHref(link.href);
    if (!href) continue;
    if (link.start > position) nodes.push(<Fragment key={`t${part++}`}>{renderInline(text.slice(position, link.start), `t${part}`)}</Fragment>);
    nodes.push(
      <a key={`l${part++}`} href={href} target="_blank" rel="noopener noreferrer">
        {link.value}
      </a>,
    );
    position = link.end;
  }
  if (position < text.length) nodes.push(<Fragment key={`t${part++}`}>{renderInline(text.slice(position), `t${part}`)}</Fragment>);
  return nodes;
}
