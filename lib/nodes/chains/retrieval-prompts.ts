import type { ChatTurn } from "@/lib/models";
import type { SourceDocument } from "../types";

// The wording the retrieval chains use unless a flow sets its own. Placeholders are single-braced
// as in Flowise's prompts: {context}, {question}, {chat_history}.

export const defaultResponsePrompt =
  "Answer the question using the context below. If the context does not contain the answer, say " +
  "that you do not know instead of guessing.\n\nContext:\n{context}";

export const defaultRephrasePrompt =
  "Here is a conversation and a follow-up question. Rewrite the follow-up question so that it can " +
  "be understood without the conversation. Reply with the rewritten question only.\n\n" +
  "Conversation:\n{chat_history}\n\nFollow-up question: {question}\n\nStandalone question:";

/** The chunks as the model reads them: numbered, separated by blank lines. */
export function formatContext(documents: SourceDocument[]): string {
  if (documents.length === 0) return "(nothing relevant was found)";
  return documents.map((document, index) => `[${index + 1}] ${document.pageContent}`).join("\n\n");
}

export function formatHistory(turns: ChatTurn[]): string {
  return turns.map((turn) => `${turn.role === "user" ? "Human" : "Assistant"}: ${turn.content}`).join("\n");
}

/** Fills {context}, {question} and {chat_history} in one pass, so filled text is never filled again. */
export function fillPrompt(
  template: string,
  values: Partial<Record<"context" | "question" | "chat_history", string>>,
): string {
  return template.replace(
    /\{(context|question|chat_history)\}/g,
    (whole, key: keyof typeof values) => values[key] ?? whole,
  );
}
