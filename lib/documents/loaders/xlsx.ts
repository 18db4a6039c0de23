import type { CellValue, Workbook } from "exceljs";
import type { Document, LoadOptions, SourceFile } from "../types";
import { parseOrReject } from "./reject-corrupt";
import { groupRows, nameColumns, type TableRow } from "./rows";

/**
 * Every sheet's first non-empty row is its header. Data rows become `header: value` lines,
 * `rowsPerDocument` (default 100) per document, with metadata `sheet`, `rowFrom` and `rowTo`
 * (sheet row numbers). Formulas give their cached result; dates are written as ISO 8601.
 */
export async function loadXlsx(file: SourceFile, options: LoadOptions): Promise<Document[]> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook: Workbook = new ExcelJS.Workbook();
  await parseOrReject(file, "the Excel workbook is damaged or incomplete", () =>
    // exceljs' types ask for a Node Buffer of the older, non-generic kind.
    workbook.xlsx.load(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) as never),
  );

  const documents: Document[] = [];
  workbook.eachSheet((sheet) => {
    const rows: TableRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      // row.values is 1-based: index 0 is always empty.
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      const cells = Array.from(values, (value) => renderCell(value));
      if (cells.some((cell) => cell.trim() !== "")) rows.push({ number: rowNumber, cells });
    });
    if (rows.length === 0) return;
    const [header, ...data] = rows;
    const width = Math.max(...rows.map((row) => row.cells.length));
    documents.push(
      ...groupRows(nameColumns(header.cells, width), data, options.rowsPerDocument ?? 100, {
        sheet: sheet.name,
      }),
    );
  });
  return documents;
}

function renderCell(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return renderDate(value);
  if (typeof value !== "object") return String(value);
  if ("richText" in value) return value.richText.map((run) => run.text).join("");
  if ("error" in value) return String(value.error);
  if ("result" in value && value.result !== undefined) return renderCell(value.result as CellValue);
  if ("formula" in value && value.formula) return `=${value.formula}`;
  if ("sharedFormula" in value && value.sharedFormula) return `=${value.sharedFormula}`;
  if ("text" in value)
    return typeof value.text === "string" ? value.text : renderCell(value.text as CellValue);
  return "";
}

// Excel stores wall-clock times; exceljs hands them over as UTC dates.
function renderDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.slice(0, 19);
}
