import { listResponse } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { listNodeCatalog } from "@/lib/nodes/catalog";

export const GET = route(async (request) => {
  await requireMember(request);
  const nodes = listNodeCatalog();
  return listResponse(nodes, nodes.length);
});
