import type { PromptInstance } from "../types";

// Prompt templates use single braces for variables ("Translate {text}"), and doubled braces for
// literal ones ("{{" → "{"), as LangChain's f-strings do, so templates from Flowise exports work.

const token = /\{\{|\}\}|\{([A-Za-z_][\w.-]*)\}/g;

export function listTemplateVariables(template: string): string[] {
  const names = new Set<string>();
  for (const match of template.matchAll(token)) if (match[1]) names.add(match[1]);
  return [...names];
}

/** Fills `{name}` with values in one pass: substituted values are never parsed again. */
export function formatTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(token, (whole, name: string | undefined) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return name !== undefined && name in values ? stringifyValue(values[name]) : "";
  });
}

export function stringifyValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The messages a prompt produces for a question. Variables without a value receive the question,
 * so `{text}` with no prompt value works as the question slot (as in Flowise).
 */
export function renderPrompt(prompt: PromptInstance, question: string): { system?: string; user: string } {
  const templates = [prompt.template, prompt.systemTemplate ?? ""];
  const values: Record<string, unknown> = { ...prompt.values };
  for (const name of templates.flatMap(listTemplateVariables)) {
    if (values[name] === undefined || values[name] === "") values[name] = question;
  }
  const user = formatTemplate(prompt.template, values);
  return prompt.format === "chat" && prompt.systemTemplate
    ? { system: formatTemplate(prompt.systemTemplate, values), user }
    : { user };
}

/** promptValues may arrive as an object or as a JSON text; anything else means no values. */
export function toPromptValues(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
