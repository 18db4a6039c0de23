import { chatflowTypes, type Chatflow, type ChatflowType } from "./types";

// Import and export of flows as files. Flowise's "Export Chatflow" writes the flowData object
// ({nodes, edges}) to "<name> Chatflow.json"; its workspace export holds rows under ChatFlow,
// AgentFlow, ... keys. Both import; exports use the first form so Flowise can read them back.

export interface ImportedChatflow {
  name: string;
  flowData: string;
  type: ChatflowType;
  category: string | null;
}

type Raw = Record<string, unknown>;
const isRecord = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isFlowData = (value: unknown): value is Raw =>
  isRecord(value) && Array.isArray(value.nodes) && Array.isArray(value.edges);

/** "Support Bot Chatflow.json" → "Support Bot". */
export function nameFromFileName(fileName: string): string {
  const base = fileName
    .replace(/\.json$/i, "")
    .replace(/\s+(Chatflow|Agentflow|Agents|Multiagent)$/i, "")
    .trim();
  return base || "Imported chatflow";
}

const exportKeys: Record<string, ChatflowType> = {
  ChatFlow: "CHATFLOW",
  AgentFlow: "AGENTFLOW",
  AgentFlowV2: "AGENTFLOW",
  MultiAgent: "MULTIAGENT",
  AssistantFlow: "ASSISTANT",
};

function fromRow(row: unknown, fallbackName: string, fallbackType: ChatflowType): ImportedChatflow {
  if (!isRecord(row)) throw new Error("Each exported chatflow must be an object");
  let flow: unknown = row.flowData;
  if (typeof flow === "string") {
    try {
      flow = JSON.parse(flow);
    } catch {
      throw new Error(`The flowData of "${String(row.name ?? fallbackName)}" is not JSON`);
    }
  }
  if (!isFlowData(flow)) throw new Error(`"${String(row.name ?? fallbackName)}" has no nodes and edges`);
  const type = chatflowTypes.includes(row.type as ChatflowType) ? (row.type as ChatflowType) : fallbackType;
  return {
    name: typeof row.name === "string" && row.name.trim() ? row.name.trim() : fallbackName,
    flowData: JSON.stringify({ nodes: flow.nodes, edges: flow.edges }),
    type,
    category: typeof row.category === "string" && row.category.trim() ? row.category : null,
  };
}

/** The chatflows in an imported file; throws with a readable message when it holds none. */
export function parseFlowFile(text: string, fileName: string): ImportedChatflow[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${fileName} is not a JSON file`);
  }
  const name = nameFromFileName(fileName);
  if (isFlowData(value)) {
    return [
      {
        name,
        flowData: JSON.stringify({ nodes: value.nodes, edges: value.edges }),
        type: "CHATFLOW",
        category: null,
      },
    ];
  }
  if (Array.isArray(value))
    return value.map((row, index) => fromRow(row, `${name} ${index + 1}`, "CHATFLOW"));
  if (isRecord(value) && "flowData" in value) return [fromRow(value, name, "CHATFLOW")];
  if (isRecord(value)) {
    const rows = Object.entries(exportKeys).flatMap(([key, type]) =>
      Array.isArray(value[key])
        ? (value[key] as unknown[]).map((row, index) => fromRow(row, `${name} ${index + 1}`, type))
        : [],
    );
    if (rows.length > 0) return rows;
  }
  throw new Error(`${fileName} is not a chatflow export (expected nodes and edges)`);
}

/** The file a chatflow exports to: its flowData, pretty-printed, named like Flowise's. */
export function exportFlowFile(chatflow: Pick<Chatflow, "name" | "flowData">): {
  fileName: string;
  text: string;
} {
  let flow: Raw = { nodes: [], edges: [] };
  try {
    const parsed = JSON.parse(chatflow.flowData);
    if (isFlowData(parsed)) flow = parsed;
  } catch {
    // an unreadable flow exports as an empty one rather than failing the download
  }
  const safeName = chatflow.name.replace(/[\\/:*?"<>|]+/g, " ").trim() || "chatflow";
  return {
    fileName: `${safeName} Chatflow.json`,
    text: `${JSON.stringify({ nodes: flow.nodes, edges: flow.edges }, null, 2)}\n`,
  };
}

/** Starts a browser download of `text`. */
export function downloadText(fileName: string, text: string, mime = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "a; b" → ["a", "b"]. */
export const splitCategories = (category: string | null) =>
  (category ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean);
