import type { QuickMessageView } from "@atendo/shared";

/** Labels of the suggestions are cut at this many characters of the message (core-service section 5). */
export const QUICK_ANSWER_LABEL_MAX = 35;

export interface QuickAnswer {
  id: number;
  shortcode: string;
  message: string;
  label: string;
  mediaName: string | null;
}

/** Suggestions open when the text starts with '/' and has more than one character. */
export function quickAnswerSearch(text: string): string | null {
  return text.startsWith("/") && text.length > 1 ? text.slice(1).toLowerCase() : null;
}

export function quickAnswerLabel(quick: Pick<QuickMessageView, "shortcode" | "message">): string {
  const message = quick.message.length > QUICK_ANSWER_LABEL_MAX ? `${quick.message.slice(0, QUICK_ANSWER_LABEL_MAX)}...` : quick.message;
  return `/${quick.shortcode} - ${message}`;
}

/** The quick messages whose shortcode contains what follows the '/', those starting with it first. */
export function matchQuickAnswers(text: string, quickMessages: readonly QuickMessageView[]): QuickAnswer[] {
  const search = quickAnswerSearch(text);
  if (search === null) return [];
  return quickMessages
    .filter((q) => q.shortcode.toLowerCase().includes(search))
    .sort((a, b) => Number(!a.shortcode.toLowerCase().startsWith(search)) - Number(!b.shortcode.toLowerCase().startsWith(search)))
    .map((q) => ({ id: q.id, shortcode: q.shortcode, message: q.message, label: quickAnswerLabel(q), mediaName: q.mediaName }));
}
