import { badRequest } from "@/lib/api/errors";
import type { MetadataFilter, MetadataValue, ScalarMetadata } from "./types";

// One filter language for every store: Chroma's `where`. Chroma wants exactly one key per object,
// so `{a: 1, b: 2}` (what users write, and what Flowise flows carry) becomes `{$and: [{a: 1}, {b: 2}]}`.

const comparisons = new Set(["$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin"]);

type Condition = { key: string; operator: string; operand: MetadataValue | MetadataValue[] };
type Node = { all: Node[] } | { any: Node[] } | Condition;

/** Parses and checks a filter; 400 naming the problem. Empty or absent filters give undefined. */
function parseFilter(filter: unknown, path = "filter"): Node | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (typeof filter !== "object" || Array.isArray(filter)) throw invalid(path, "must be an object");
  const entries = Object.entries(filter as Record<string, unknown>);
  if (entries.length === 0) return undefined;
  const parts = entries.map(([key, value]) => parseEntry(key, value, `${path}.${key}`));
  return parts.length === 1 ? parts[0] : { all: parts };
}

function parseEntry(key: string, value: unknown, path: string): Node {
  if (key === "$and" || key === "$or") {
    if (!Array.isArray(value) || value.length === 0)
      throw invalid(path, "must be a non-empty list of filters");
    const children = value.map((child, index) => parseFilter(child, `${path}.${index}`));
    if (children.some((child) => child === undefined)) throw invalid(path, "must not contain empty filters");
    return key === "$and" ? { all: children as Node[] } : { any: children as Node[] };
  }
  if (key.startsWith("$")) throw invalid(path, `unknown operator ${key}`);
  if (isScalar(value)) return { key, operator: "$eq", operand: value };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalid(path, "must be a string, number, boolean or an operator object");
  }
  const operators = Object.entries(value as Record<string, unknown>);
  if (operators.length === 0) throw invalid(path, "must not be empty");
  const conditions = operators.map(([operator, operand]): Condition => {
    if (!comparisons.has(operator)) throw invalid(path, `unknown operator ${operator}`);
    if (operator === "$in" || operator === "$nin") {
      if (!Array.isArray(operand) || operand.length === 0 || !operand.every(isScalar)) {
        throw invalid(`${path}.${operator}`, "must be a non-empty list of strings, numbers or booleans");
      }
      return { key, operator, operand };
    }
    if (!isScalar(operand)) throw invalid(`${path}.${operator}`, "must be a string, number or boolean");
    if (operator !== "$eq" && operator !== "$ne" && typeof operand !== "number") {
      throw invalid(`${path}.${operator}`, "must be a number");
    }
    return { key, operator, operand };
  });
  return conditions.length === 1 ? conditions[0] : { all: conditions };
}

const isScalar = (value: unknown): value is MetadataValue =>
  typeof value === "string" ||
  typeof value === "boolean" ||
  (typeof value === "number" && Number.isFinite(value));

const invalid = (path: string, message: string) =>
  badRequest(`Invalid metadata filter: ${path} ${message}`, [{ path, message }]);

/** The filter in the form Chroma accepts (one key per object); undefined when there is none. */
export function toChromaWhere(filter: unknown): MetadataFilter | undefined {
  const node = parseFilter(filter);
  return node && toWhere(node);
}

function toWhere(node: Node): MetadataFilter {
  if ("all" in node) return { $and: node.all.map(toWhere) };
  if ("any" in node) return { $or: node.any.map(toWhere) };
  return { [node.key]: { [node.operator]: node.operand } };
}

/** A predicate over metadata with the same meaning as Chroma's `where` (for the memory store). */
export function compileFilter(filter: unknown): (metadata: ScalarMetadata) => boolean {
  const node = parseFilter(filter);
  if (!node) return () => true;
  return (metadata) => evaluate(node, metadata);
}

/** Checks a filter without using it (for node inputs): 400 when it is malformed. */
export function checkFilter(filter: unknown): void {
  parseFilter(filter);
}

function evaluate(node: Node, metadata: ScalarMetadata): boolean {
  if ("all" in node) return node.all.every((child) => evaluate(child, metadata));
  if ("any" in node) return node.any.some((child) => evaluate(child, metadata));
  const value = metadata[node.key];
  const { operator, operand } = node;
  switch (operator) {
    case "$eq":
      return value === operand;
    case "$ne":
      return value !== operand;
    case "$in":
      return value !== undefined && (operand as MetadataValue[]).includes(value);
    case "$nin":
      return value === undefined || !(operand as MetadataValue[]).includes(value);
    default: {
      if (typeof value !== "number") return false;
      const limit = operand as number;
      if (operator === "$gt") return value > limit;
      if (operator === "$gte") return value >= limit;
      if (operator === "$lt") return value < limit;
      return value <= limit;
    }
  }
}
