import { getDb } from "@/lib/db";
import { getSecrets } from "@/lib/secrets";

export async function startServer() {
  getSecrets();
  await getDb();
}
