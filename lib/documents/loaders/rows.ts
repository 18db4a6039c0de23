import type { Document } from "../types";

// CSV and XLSX rows become `header: value` lines, so every chunk says what its numbers mean.
// Rows in one document are separated by a blank line, which is also the first place the default
// splitters cut: a row is only split when it alone is longer than the chunk size.

export interface TableRow {
  /** Row number as a spreadsheet shows it (the header row included in the count). */
  number: number;
  cells: string[];
}

/** Header names for each column; blank or missing ones become "Column N" (1-based). */
export function nameColumns(header: string[], width: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < width; i++) {
    const name = header[i]?.trim();
    names.push(name ? name : `Column ${i + 1}`);
  }
  return names;
}

export function renderRow(columns: string[], cells: string[]): string {
  const lines: string[] = [];
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i].trim();
    if (value !== "") lines.push(`${columns[i] ?? `Column ${i + 1}`}: ${value}`);
  }
  return lines.join("\n");
}

/** Groups rendered rows, `rowsPerDocument` at a time, into documents with `rowFrom`/`rowTo`. */
export function groupRows(
  columns: string[],
  rows: TableRow[],
  rowsPerDocument: number,
  metadata: Record<string, unknown> = {},
): Document[] {
  const documents: Document[] = [];
  const rendered = rows
    .map((row) => ({ number: row.number, text: renderRow(columns, row.cells) }))
    .filter((row) => row.text !== "");
  for (let first = 0; first < rendered.length; first += rowsPerDocument) {
    const group = rendered.slice(first, first + rowsPerDocument);
    documents.push({
      pageContent: group.map((row) => row.text).join("\n\n"),
      metadata: { ...metadata, rowFrom: group[0].number, rowTo: group[group.length - 1].number },
    });
  }
  return documents;
}
