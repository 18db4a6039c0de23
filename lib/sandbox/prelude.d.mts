export const PRELUDE_SOURCE: string;
