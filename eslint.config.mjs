import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // Tests read arbitrary JSON bodies; `any` there keeps assertions readable.
  { files: ["test/**/*.ts", "**/*.test.ts"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  { ignores: [".next/**", "node_modules/**", ".data/**", "lib/db/generated/**", "next-env.d.ts", "bench/results/**"] },
];

export default config;
