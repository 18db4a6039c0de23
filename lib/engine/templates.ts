import type { ChatTurn } from "@/lib/models";

// Text inputs may contain {{question}}, {{chat_history}}, {{$vars.NAME}}, {{$flow.chatflowId}},
// {{$flow.chatId}}, {{$flow.sessionId}} and {{nodeId.data.instance}} (another node's output).
// Anything else in double braces is left as written (prompt templates use "{{" for a literal brace).

const templatePattern = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}/g;
const instancePattern = /^([A-Za-z0-9_-]+)\.data\.instance$/;

export interface TemplateScope {
  question: string;
  /** Loaded only when some input uses {{chat_history}}. */
  chatHistory?: string;
  vars: Record<string, string>;
  flow: { chatflowId: string; chatId: string; sessionId: string };
  /** The instance built by another node of this request. */
  instanceOf(nodeId: string): unknown;
}

export function resolveTemplate(text: string, scope: TemplateScope): string {
  if (!text.includes("{{")) return text;
  return text.replace(templatePattern, (whole, key: string) => {
    if (key === "question") return scope.question;
    if (key === "chat_history") return scope.chatHistory ?? "";
    if (key.startsWith("$vars.")) return scope.vars[key.slice(6)] ?? "";
    if (key === "$flow.chatflowId" || key === "$flow.chatId" || key === "$flow.sessionId") {
      return scope.flow[key.slice(6) as keyof TemplateScope["flow"]];
    }
    const reference = key.match(instancePattern);
    if (reference) return instanceAsText(scope.instanceOf(reference[1]));
    return whole;
  });
}

/** Fills templates in every string of a parsed JSON value, so values cannot break its syntax. */
export function resolveTemplatesDeep(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === "string") return resolveTemplate(value, scope);
  if (Array.isArray(value)) return value.map((item) => resolveTemplatesDeep(item, scope));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveTemplatesDeep(item, scope)]));
  }
  return value;
}

/** Node ids referenced as {{nodeId.data.instance}} anywhere inside a value. */
export function findInstanceReferences(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (value.includes("{{")) {
      for (const match of value.matchAll(templatePattern)) {
        const reference = match[1].match(instancePattern);
        if (reference) found.add(reference[1]);
      }
    }
  } else if (Array.isArray(value)) {
    for (const item of value) findInstanceReferences(item, found);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) findInstanceReferences(item, found);
  }
  return found;
}

export function usesChatHistory(value: unknown): boolean {
  if (typeof value === "string") return /\{\{\s*chat_history\s*\}\}/.test(value);
  if (Array.isArray(value)) return value.some(usesChatHistory);
  if (value && typeof value === "object") return Object.values(value).some(usesChatHistory);
  return false;
}

export function formatChatHistory(turns: ChatTurn[]): string {
  return turns.map((turn) => `${turn.role === "user" ? "Human" : "AI"}: ${turn.content}`).join("\n");
}

/** A node output inside text: text as is, data as JSON; built objects (models, memory…) are not text. */
function instanceAsText(instance: unknown): string {
  if (instance === undefined || instance === null) return "";
  if (typeof instance === "string") return instance;
  if (typeof instance === "number" || typeof instance === "boolean") return String(instance);
  return isPlainData(instance) ? JSON.stringify(instance) : "";
}

function isPlainData(value: unknown, depth = 0): boolean {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (depth > 20 || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if ("kind" in value) return false;
  return Object.values(value).every((item) => isPlainData(item, depth + 1));
}
