/**
 * How an agent's signature and WhatsApp's inline markup look in a message's text, for every place that writes or
 * shows one (the composer, forwarding, the conversation, ticket previews), so they agree on one spelling.
 */

/** The signed text: the agent's name in bold on its own line (core-service section 5), as WhatsApp shows it. */
export function signBody(text: string, agentName: string): string {
  return `*${agentName}*:\n${text}`;
}

// "*Ana*:\n" (this server's spelling) and "*Ana:*\n" (an older one, still in stored messages).
const SIGNATURE = /^\*([^*\n]+?)(?:\*:|:\*)[ \t]*\n/;

/** The signer's name and the text after the signature line, or `signer: null` and the text unchanged. */
export function splitSignature(body: string): { signer: string | null; text: string } {
  const match = SIGNATURE.exec(body);
  return match ? { signer: match[1]!.trim(), text: body.slice(match[0].length) } : { signer: null, text: body };
}

/** The text without its signature line when `signer` (the message's agent) signed it; anything else unchanged. */
export function withoutSignatureOf(body: string, signer: string | null | undefined): string {
  if (!signer) return body;
  const split = splitSignature(body);
  return split.signer === signer.trim() ? split.text : body;
}

// WhatsApp's inline markers at word edges (snake_case and 2*3*4 stay as they are), one line, no inner edge spaces.
const INLINE = /(?<![\p{L}\p{N}])([*~_])(?=\S)([^\n]*?\S)\1(?![\p{L}\p{N}])/gu;

/** The text as plain words: bold, italic, strike and monospace markers dropped (previews, notifications). */
export function plainMarkup(text: string): string {
  let previous: string;
  let current = text.replace(/```([\s\S]*?)```/g, "$1");
  // Nested markers (*_a_*) unwrap one level per pass.
  do {
    previous = current;
    current = current.replace(INLINE, "$2");
  } while (current !== previous);
  return current;
}

/** A ticket's last message for its preview: the signature line dropped, the markup as plain text, on one line. */
export function previewText(body: string): string {
  return plainMarkup(splitSignature(body).text).replace(/\s+/g, " ").trim();
}
