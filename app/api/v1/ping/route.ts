import { route } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export const GET = route(async () => Response.json({ status: "ok" }));
