import "server-only";
import { randomUUID } from "node:crypto";
import { forbidden, notFound } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { DEFAULT_TOOL_SCHEMA } from "@/lib/tools/schema";
import { defaultToolColor } from "@/lib/tools/service";
import { remapFlowReferences } from "./flow-references";
import type { WorkspaceFile } from "./schema";

// Big workspaces take more than Prisma's default 5 s for one interactive transaction.
const importTimeoutMs = 60_000;

/**
 * Adds a workspace file's tools and chatflows to the workspace, all or nothing, under new ids.
 * customTool nodes are pointed at the imported copies of their tools; node credentials at the
 * workspace's credential of the same name and type (none: the reference is removed and reported,
 * secrets never travel). API keys are not part of a file, so chatflows come unbound. The plan's
 * chatflow limit counts the imported ones (403, nothing imported).
 */
export async function importWorkspace(workspaceId: string, file: WorkspaceFile) {
  const db = await getDb();
  return db.$transaction(
    async (tx) => {
      const [workspace] = await tx.$queryRaw<Array<{ maxChatflows: number | null }>>`
        SELECT "maxChatflows" FROM "Workspace" WHERE "id" = ${workspaceId}::uuid FOR UPDATE`;
      if (!workspace) throw notFound("Workspace");
      const limit = workspace.maxChatflows;
      if (limit !== null && file.chatflows.length > 0) {
        const existing = await tx.chatFlow.count({ where: { workspaceId } });
        if (existing + file.chatflows.length > limit) {
          throw forbidden(
            `Chatflow limit reached: your plan allows ${limit} chatflow${limit === 1 ? "" : "s"} ` +
              `and the import would make ${existing + file.chatflows.length}`,
          );
        }
      }

      const owned = await tx.credential.findMany({
        where: { workspaceId },
        select: { id: true, name: true, credentialName: true },
        orderBy: { updatedDate: "desc" },
      });
      const credentials = new Map<string, string>();
      for (const reference of file.credentials) {
        const match = owned.find(
          (credential) =>
            credential.name === reference.name && credential.credentialName === reference.credentialName,
        );
        if (match) credentials.set(reference.id, match.id);
      }

      const tools = file.tools.map(({ sourceId, fields }) => ({
        sourceId,
        row: {
          id: randomUUID(),
          workspaceId,
          name: fields.name,
          description: fields.description,
          color: fields.color ?? defaultToolColor(fields.name),
          iconSrc: fields.iconSrc ?? null,
          schema: fields.schema ?? DEFAULT_TOOL_SCHEMA,
          func: fields.func,
        },
      }));
      const toolIds = new Map(tools.map(({ sourceId, row }) => [sourceId, row.id]));

      const unknownTools = new Set<string>();
      const droppedCredentials = new Set<string>();
      const chatflows = file.chatflows.map(({ sourceId, fields }) => {
        const remapped = remapFlowReferences(fields.flowData, { tools: toolIds, credentials });
        remapped.unknownTools.forEach((id) => unknownTools.add(id));
        remapped.droppedCredentials.forEach((id) => droppedCredentials.add(id));
        return {
          sourceId,
          row: { ...fields, id: randomUUID(), workspaceId, flowData: remapped.flowData, apikeyid: null },
        };
      });

      if (tools.length > 0) await tx.tool.createMany({ data: tools.map(({ row }) => row) });
      if (chatflows.length > 0) await tx.chatFlow.createMany({ data: chatflows.map(({ row }) => row) });

      const listed = new Map(file.credentials.map((reference) => [reference.id, reference]));
      return {
        tools: tools.map(({ sourceId, row }) => ({ id: row.id, sourceId, name: row.name })),
        chatflows: chatflows.map(({ sourceId, row }) => ({ id: row.id, sourceId, name: row.name })),
        // Nodes that lost their credential: connect one of this name and type, then edit the flow.
        missingCredentials: [...droppedCredentials].map((id) => ({
          sourceId: id,
          name: listed.get(id)?.name ?? null,
          credentialName: listed.get(id)?.credentialName ?? null,
        })),
        // customTool nodes naming a tool the file does not contain: they fail until one is chosen.
        unknownTools: [...unknownTools],
      };
    },
    { timeout: importTimeoutMs, maxWait: importTimeoutMs },
  );
}
