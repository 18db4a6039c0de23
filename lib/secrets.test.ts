import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

async function loadSecretsModule(environment: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  return import("./secrets");
}

describe("secrets", () => {
  const directories: string[] = [];
  afterEach(async () => {
    vi.unstubAllEnvs();
    for (const directory of directories.splice(0)) await rm(directory, { recursive: true, force: true });
  });

  it("generates secrets once into DATA_DIR with mode 0600 and reuses them", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cfs-secrets-"));
    directories.push(dataDir);
    const environment = { DATA_DIR: dataDir, AUTH_SECRET: "", ENCRYPTION_KEY: "", VERCEL: "" };
    const first = (await loadSecretsModule(environment)).getSecrets();
    expect(first.encryptionKey).toHaveLength(32);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(43);

    const file = path.join(dataDir, "secrets.json");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, "utf8")).encryptionKey).toBe(first.encryptionKey.toString("hex"));

    const second = (await loadSecretsModule(environment)).getSecrets();
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
  });

  it("prefers the environment", async () => {
    const key = "ab".repeat(32);
    const { getSecrets } = await loadSecretsModule({ AUTH_SECRET: "from-env", ENCRYPTION_KEY: key });
    expect(getSecrets().authSecret).toBe("from-env");
    expect(getSecrets().encryptionKey.toString("hex")).toBe(key);
  });

  it("names the missing secrets in hosted mode instead of writing files", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "cfs-secrets-"));
    directories.push(dataDir);
    const { getSecrets } = await loadSecretsModule({
      VERCEL: "1",
      DATA_DIR: dataDir,
      AUTH_SECRET: "",
      ENCRYPTION_KEY: "",
    });
    expect(() => getSecrets()).toThrow(
      "Missing required environment variables in hosted mode: AUTH_SECRET, ENCRYPTION_KEY",
    );
    await expect(stat(path.join(dataDir, "secrets.json"))).rejects.toThrow();
  });
});
