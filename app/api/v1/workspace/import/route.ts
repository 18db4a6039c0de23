import { readText, validate } from "@/lib/api/body";
import { badRequest } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { env } from "@/lib/env";
import { importWorkspace } from "@/lib/workspaces/import";
import { workspaceFileSchema } from "@/lib/workspaces/schema";

export const runtime = "nodejs";
export const maxDuration = 300;

// A workspace file carries the files typed into loader nodes, so it may exceed the JSON body limit:
// it gets the upload limit instead.
export const POST = route(async (request) => {
  const actor = await requireMember(request);
  const text = await readText(request, env.MAX_UPLOAD_MB * 1024 * 1024);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest("Malformed JSON body");
  }
  const file = validate(workspaceFileSchema, value, "Invalid workspace file");
  return Response.json(await importWorkspace(actor.workspaceId, file), { status: 201 });
});
