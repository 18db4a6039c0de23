import { z } from "zod";
import { createChatflowBody } from "@/lib/chatflows/schema";
import { createToolBody } from "@/lib/tools/schema";

// The workspace file of GET /api/v1/workspace/export and POST /api/v1/workspace/import. Tools and
// chatflows are validated by the same schemas as their create endpoints; the file's own ids are
// only used to connect references (a customTool's tool, a node's credential) and never kept.

export const workspaceFileFormat = "chatflow-studio.workspace";
export const workspaceFileVersion = 1;

const sourceId = z.string({ error: "id must be a string" }).trim().min(1, "id must not be empty");

/** A tool or chatflow of the file: the create body plus its id in the exporting workspace. */
const withSourceId = <Schema extends z.ZodType>(body: Schema) =>
  z.looseObject({ id: sourceId }, { error: "must be an object with an id" }).transform((value, context) => {
    const parsed = body.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    return { sourceId: value.id, fields: parsed.data as z.infer<Schema> };
  });

const credentialReference = z.strictObject({
  id: sourceId,
  name: z.string({ error: "name must be a string" }),
  credentialName: z.string({ error: "credentialName must be a string" }),
});

export const workspaceFileSchema = z
  .looseObject(
    {
      format: z.literal(workspaceFileFormat, { error: `format must be "${workspaceFileFormat}"` }),
      version: z.literal(workspaceFileVersion, { error: `version must be ${workspaceFileVersion}` }),
      credentials: z.array(credentialReference, { error: "credentials must be an array" }).default([]),
      tools: z.array(withSourceId(createToolBody), { error: "tools must be an array" }).default([]),
      chatflows: z
        .array(withSourceId(createChatflowBody), { error: "chatflows must be an array" })
        .default([]),
    },
    { error: "the body must be a workspace export (a JSON object)" },
  )
  .superRefine((file, context) => {
    for (const key of ["tools", "chatflows", "credentials"] as const) {
      const seen = new Set<string>();
      file[key].forEach((item, index) => {
        const id = "sourceId" in item ? item.sourceId : item.id;
        if (seen.has(id))
          context.addIssue({ code: "custom", path: [key, index, "id"], message: `id ${id} is listed twice` });
        seen.add(id);
      });
    }
  });

export type WorkspaceFile = z.infer<typeof workspaceFileSchema>;
