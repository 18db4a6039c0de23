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
  // The chat embed (public/embed.js) is loaded by other sites. It is an ES module, which a browser
  // fetches in CORS mode and runs only with this header.
  async headers() {
    return ["/embed.js"].map((source) => ({
      source,
      headers: [{ key: "Access-Control-Allow-Origin", value: "*" }],
    }));
  },
};

export default nextConfig;
