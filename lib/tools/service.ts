import "server-only";
import { badRequest, notFound } from "@/lib/api/errors";
import type { Page } from "@/lib/api/pagination";
import { getDb, orNotFound } from "@/lib/db";
import { isUuid } from "@/lib/ids";
import { runToolFunction } from "@/lib/sandbox";
import {
  DEFAULT_TOOL_SCHEMA,
  missingRequiredInputs,
  type CreateToolInput,
  type RunToolInput,
  type UpdateToolInput,
} from "./schema";

export interface ToolJson {
  id: string;
  name: string;
  description: string;
  color: string;
  iconSrc: string | null;
  schema: string;
  func: string;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
}

type ToolRow = Omit<ToolJson, "createdDate" | "updatedDate"> & { createdDate: Date; updatedDate: Date };

export function toToolJson(row: ToolRow): ToolJson {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    iconSrc: row.iconSrc,
    schema: row.schema,
    func: row.func,
    workspaceId: row.workspaceId,
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
  };
}

// A tool created without a colour gets one of these, picked by its name so it stays put.
const PALETTE = ["#4f46e5", "#0891b2", "#059669", "#d97706", "#dc2626", "#7c3aed", "#db2777", "#2563eb"];

export function defaultToolColor(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

const toolNotFound = () => notFound("Tool");

export async function listTools(workspaceId: string, page: Page) {
  const db = await getDb();
  const where = { workspaceId };
  const [rows, total] = await Promise.all([
    // id breaks ties so that pages never overlap or skip rows with the same updatedDate.
    db.tool.findMany({ where, orderBy: [{ updatedDate: "desc" }, { id: "desc" }], ...page }),
    db.tool.count({ where }),
  ]);
  return { items: rows.map(toToolJson), total };
}

export async function getTool(workspaceId: string, id: string): Promise<ToolJson> {
  const db = await getDb();
  const row = isUuid(id) ? await db.tool.findFirst({ where: { id, workspaceId } }) : null;
  if (!row) throw toolNotFound();
  return toToolJson(row);
}

export async function createTool(workspaceId: string, input: CreateToolInput): Promise<ToolJson> {
  const db = await getDb();
  const row = await db.tool.create({
    data: {
      workspaceId,
      name: input.name,
      description: input.description,
      color: input.color ?? defaultToolColor(input.name),
      iconSrc: input.iconSrc ?? null,
      schema: input.schema ?? DEFAULT_TOOL_SCHEMA,
      func: input.func,
    },
  });
  return toToolJson(row);
}

/** Changes only the fields given; updatedDate moves even when nothing else does. */
export async function updateTool(
  workspaceId: string,
  id: string,
  changes: UpdateToolInput,
): Promise<ToolJson> {
  const db = await getDb();
  if (!isUuid(id)) throw toolNotFound();
  const row = await orNotFound(
    db.tool.update({ where: { id, workspaceId }, data: { ...changes, updatedDate: new Date() } }),
    toolNotFound,
  );
  return toToolJson(row);
}

export async function deleteTool(workspaceId: string, id: string): Promise<void> {
  const db = await getDb();
  if (!isUuid(id)) throw toolNotFound();
  const { count } = await db.tool.deleteMany({ where: { id, workspaceId } });
  if (count === 0) throw toolNotFound();
}

/**
 * Runs an unsaved tool (the editor's "Test"). A missing required input is the caller's mistake
 * (400); whatever the function itself does wrong is a result: `{ error }`.
 */
export async function runToolDraft(draft: RunToolInput, signal?: AbortSignal) {
  const missing = missingRequiredInputs(draft.schema ?? DEFAULT_TOOL_SCHEMA, draft.input);
  if (missing.length > 0) {
    throw badRequest(
      `input is missing required ${missing.length === 1 ? "property" : "properties"}: ${missing.join(", ")}`,
      missing.map((name) => ({ path: `input.${name}`, message: `${name} is required` })),
    );
  }
  const result = await runToolFunction({ func: draft.func, input: draft.input, signal });
  return result.ok ? { output: result.output, durationMs: result.durationMs } : { error: result.error };
}
