import type { ChatTurn, TokenUsage, UsedTool } from "@/lib/models";
import type { RequestFile, SourceDocument, Upload } from "@/lib/nodes/types";
import type { FlowData } from "./flow-data";

export interface ChatflowToRun {
  id: string;
  workspaceId: string;
  /** As stored (a JSON string) or parsed. */
  flowData: string | FlowData;
  /** With `id`, the key of the compiled-flow cache. */
  updatedDate: Date | string;
}

/** A turn of `history`: API roles, or Flowise's `userMessage`/`apiMessage`. */
export interface HistoryMessage {
  role: "user" | "assistant" | "userMessage" | "apiMessage";
  content: string;
}

export interface RunChatflowInput {
  chatflow: ChatflowToRun;
  question: string;
  chatId: string;
  /** The memory's session: `overrideConfig.sessionId` when given, else the chatId. */
  sessionId: string;
  /** Replaces the stored messages of the session as memory. */
  history?: HistoryMessage[];
  /** Already filtered by the chatflow's apiConfig (the engine applies everything it is given). */
  overrideConfig?: Record<string, unknown>;
  /** Workspace variables for {{$vars.NAME}}. */
  vars?: Record<string, string>;
  uploads?: Upload[];
  files?: RequestFile[];
  /** Aborting it stops the run and cancels the model requests in flight. */
  signal: AbortSignal;
  /** Receives the answer's tokens as the ending node produces them. */
  onToken?: (token: string) => void;
}

export interface RunMetadata {
  /** The model of the last call (the one that answered). */
  model?: string;
  temperature?: number;
  durationMs: number;
  /** Summed over every model call of the run. */
  usage?: TokenUsage;
}

export interface RunChatflowResult {
  text: string;
  sourceDocuments: SourceDocument[];
  usedTools: UsedTool[];
  metadata: RunMetadata;
}

export interface FlowSummary {
  endingNode: { id: string; name: string; label: string };
  /** Nodes built for each request, dependencies first, the ending node last. */
  nodeIds: string[];
  canStream: boolean;
}

export type { ChatTurn };
