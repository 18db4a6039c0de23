import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { findChatflowRow } from "@/lib/chatflows/service";
import { handleInternalUpsert } from "@/lib/upserts/handle";
import { answerUpsert } from "@/lib/upserts/response";

export const dynamic = "force-dynamic";
// Loading, splitting and embedding large uploads takes long: Node.js functions with a long limit on Vercel.
export const runtime = "nodejs";
export const maxDuration = 300;

export const POST = route(async (request, { id }, requestId) =>
  answerUpsert(requestId, async () => {
    const actor = await requireMember(request);
    const chatflow = await findChatflowRow(actor.workspaceId, id);
    return handleInternalUpsert(request, chatflow);
  }),
);
