import "server-only";
import { getDb } from "@/lib/db";
import { isUuid } from "@/lib/ids";
import { blankSecretInputs, listCredentialReferences } from "./flow-references";
import { workspaceFileFormat, workspaceFileVersion } from "./schema";

/**
 * The whole workspace as one JSON document: chatflows (with their settings: apiConfig,
 * chatbotConfig, allowedOrigins…) and tools. Never secrets: no credential data (credentials the
 * flows use are listed by name and type only), no API keys (`apikeyid` is dropped), no passwords
 * typed into nodes, no messages.
 */
export async function exportWorkspace(workspaceId: string) {
  const db = await getDb();
  const [workspace, tools, chatflows] = await Promise.all([
    db.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } }),
    db.tool.findMany({ where: { workspaceId }, orderBy: [{ createdDate: "asc" }, { id: "asc" }] }),
    db.chatFlow.findMany({ where: { workspaceId }, orderBy: [{ createdDate: "asc" }, { id: "asc" }] }),
  ]);
  const referenced = [
    ...new Set(chatflows.flatMap((chatflow) => listCredentialReferences(chatflow.flowData))),
  ];
  const credentials = await db.credential.findMany({
    where: { workspaceId, id: { in: referenced.filter(isUuid) } },
    select: { id: true, name: true, credentialName: true },
    orderBy: { id: "asc" },
  });
  return {
    format: workspaceFileFormat,
    version: workspaceFileVersion,
    exportedAt: new Date().toISOString(),
    workspace: { name: workspace.name },
    credentials,
    tools: tools.map((tool) => ({
      id: tool.id,
      name: tool.name,
      description: tool.description,
      color: tool.color,
      iconSrc: tool.iconSrc,
      schema: tool.schema,
      func: tool.func,
    })),
    chatflows: chatflows.map((chatflow) => ({
      id: chatflow.id,
      name: chatflow.name,
      flowData: blankSecretInputs(chatflow.flowData),
      deployed: chatflow.deployed,
      isPublic: chatflow.isPublic,
      isStreaming: chatflow.isStreaming,
      type: chatflow.type,
      category: chatflow.category,
      chatbotConfig: chatflow.chatbotConfig,
      apiConfig: chatflow.apiConfig,
      allowedOrigins: chatflow.allowedOrigins,
    })),
  };
}

export type WorkspaceExport = Awaited<ReturnType<typeof exportWorkspace>>;
