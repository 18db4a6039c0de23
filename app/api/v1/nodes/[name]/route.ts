import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { requireMember } from "@/lib/auth/require-member";
import { toNodeCatalogJson } from "@/lib/nodes/catalog";
import { findNodeDefinition } from "@/lib/nodes/registry";

export const GET = route(async (request, { name }) => {
  await requireMember(request);
  const definition = findNodeDefinition(name);
  if (!definition) throw notFound("Node");
  return Response.json(toNodeCatalogJson(definition));
});
