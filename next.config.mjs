/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Native addons and WASM-backed packages must be loaded by Node, not bundled.
  serverExternalPackages: [
    "isolated-vm",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "chromadb",
    "ioredis",
    "pg",
  ],
  // Migration SQL is read at start-up; make sure serverless bundles carry it.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*.sql"] },
};

export default nextConfig;
