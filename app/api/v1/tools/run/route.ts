import { readJson } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { runToolBody } from "@/lib/tools/schema";
import { runToolDraft } from "@/lib/tools/service";

// The editor's "Test" button. A client that goes away cancels the run.
export const POST = route(async (request) => {
  await requireMember(request);
  const draft = await readJson(request, runToolBody);
  return Response.json(await runToolDraft(draft, request.signal));
});
