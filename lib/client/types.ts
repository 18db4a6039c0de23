// JSON shapes of API.md, as the browser receives them.

export const chatflowTypes = ["CHATFLOW", "AGENTFLOW", "MULTIAGENT", "ASSISTANT"] as const;
export type ChatflowType = (typeof chatflowTypes)[number];

export interface Chatflow {
  id: string;
  name: string;
  flowData: string;
  deployed: boolean;
  isPublic: boolean;
  apikeyid: string | null;
  type: ChatflowType;
  category: string | null;
  chatbotConfig: string | null;
  apiConfig: string | null;
  allowedOrigins: string[];
  isStreaming: boolean;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
}

export interface Tool {
  id: string;
  name: string;
  description: string;
  color: string;
  iconSrc: string | null;
  schema: string;
  func: string;
  createdDate: string;
  updatedDate: string;
}

export interface ApiKey {
  id: string;
  keyName: string;
  keyPreview?: string;
  createdDate: string;
  updatedDate?: string;
}

export interface CreatedApiKey extends ApiKey {
  apiKey: string;
}

export interface Credential {
  id: string;
  name: string;
  credentialName: string;
  createdDate: string;
  updatedDate: string;
}

export interface SourceDocument {
  pageContent: string;
  metadata?: Record<string, unknown>;
}

export interface UsedTool {
  tool: string;
  toolInput?: unknown;
  toolOutput?: unknown;
}

export interface PredictionResult {
  text?: string;
  question?: string;
  chatId?: string;
  chatMessageId?: string;
  sessionId?: string;
  sourceDocuments?: SourceDocument[];
  usedTools?: UsedTool[];
  followUpPrompts?: string[];
  metadata?: Record<string, unknown>;
}

export interface UpsertResult {
  status?: string;
  message?: string;
  numAdded: number;
  numUpdated?: number;
  numSkipped: number;
  numDeleted?: number;
  addedDocs?: SourceDocument[];
}
