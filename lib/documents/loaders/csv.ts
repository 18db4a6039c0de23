import Papa from "papaparse";
import { badRequest } from "@/lib/api/errors";
import { decodeText } from "../text";
import type { Document, LoadOptions, SourceFile } from "../types";
import { groupRows, nameColumns, type TableRow } from "./rows";

/**
 * The first non-blank record is the header. Each document holds whole records (`rowsPerDocument`,
 * default 1) as `header: value` lines; `rowFrom`/`rowTo` count records as a spreadsheet shows them,
 * header = row 1, blank lines included. Quoted commas and line breaks stay inside their field.
 */
export function loadCsv(file: SourceFile, options: LoadOptions): Document[] {
  const parsed = Papa.parse<string[]>(decodeText(file.bytes), { skipEmptyLines: false });
  const unterminated = parsed.errors.find((error) => error.code === "MissingQuotes");
  if (unterminated) {
    const row = (unterminated.row ?? 0) + 1;
    throw badRequest(`Could not read "${file.name}": a quoted field starting in row ${row} is never closed`);
  }

  const records = parsed.data;
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex === -1) return [];
  const rows: TableRow[] = [];
  let width = records[headerIndex].length;
  for (let i = headerIndex + 1; i < records.length; i++) {
    if (isBlank(records[i])) continue;
    rows.push({ number: i + 1, cells: records[i] });
    width = Math.max(width, records[i].length);
  }
  return groupRows(nameColumns(records[headerIndex], width), rows, options.rowsPerDocument ?? 1);
}

function isBlank(record: string[]): boolean {
  return record.every((cell) => cell.trim() === "");
}
