// Generates the Prisma client. Prisma's CLI wants its native schema engine even for `generate`,
// and that engine cannot be downloaded here, so point it at a stub unless a real one is configured.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(new URL("./no-schema-engine.sh", import.meta.url));

execFileSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
