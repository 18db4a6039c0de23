// Stands in for `server-only` under Vitest, which does not run with React's server condition.
export {};
