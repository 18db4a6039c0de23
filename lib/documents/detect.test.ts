import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { detectFileType } from "./detect";
import { makeDocx, makePdf, makeXlsx, pngBytes, sourceFile } from "./testing/fixtures";

let pdf: Uint8Array;
let docx: Uint8Array;
let xlsx: Uint8Array;

beforeAll(async () => {
  [pdf, docx, xlsx] = await Promise.all([makePdf(["Hello"]), makeDocx(), makeXlsx({ Sheet1: [["a"], [1]] })]);
});

function rejection(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

describe("detectFileType", () => {
  it("accepts each supported type when extension and content agree", () => {
    expect(detectFileType(sourceFile("report.PDF", pdf))).toBe("pdf");
    expect(detectFileType(sourceFile("letter.docx", docx))).toBe("docx");
    expect(detectFileType(sourceFile("sheet.xlsx", xlsx))).toBe("xlsx");
    const text: [string, string][] = [
      ["a.csv", "csv"],
      ["a.json", "json"],
      ["a.html", "html"],
      ["a.htm", "html"],
      ["a.xml", "xml"],
      ["a.md", "md"],
      ["a.txt", "txt"],
      ["a.js", "js"],
      ["a.tsx", "ts"],
      ["a.ts", "ts"],
      ["a.py", "py"],
      ["A.java", "java"],
      ["a.cpp", "cpp"],
      ["a.h", "cpp"],
    ];
    for (const [name, type] of text)
      expect(detectFileType(sourceFile(name, "x = 1\n\ttabbed\r\n"))).toBe(type);
  });

  it("accepts UTF-8 text with a BOM and non-ASCII characters", () => {
    expect(detectFileType(sourceFile("notes.txt", "\uFEFFcafé 日本語 🙂"))).toBe("txt");
  });

  it("rejects an unsupported type such as a PNG with 415 naming the file and the supported types", () => {
    const error = rejection(() => detectFileType(sourceFile("photo.png", pngBytes, "image/png")));
    expect(error.statusCode).toBe(415);
    expect(error.message).toBe(
      'Unsupported file "photo.png": .png files are not supported. Supported types: pdf, docx, xlsx, csv, json, html, xml, md, txt, js, ts, py, java, cpp',
    );
  });

  it("rejects extensions that only exist on Object.prototype", () => {
    for (const name of ["a.constructor", "a.__proto__", "a.toString"]) {
      expect(rejection(() => detectFileType(sourceFile(name, "text"))).statusCode).toBe(415);
    }
    expect(detectFileType(sourceFile("upload", "text", "constructor"))).toBe("txt");
  });

  it("rejects a .pdf whose content is not a PDF with 415", () => {
    const error = rejection(() => detectFileType(sourceFile("fake.pdf", "just some text")));
    expect(error.statusCode).toBe(415);
    expect(error.message).toMatch(/^File "fake\.pdf" is not a PDF document: its content is something else\./);
  });

  it("rejects a binary or non-UTF-8 .txt with 415", () => {
    for (const bytes of [
      pngBytes,
      new Uint8Array([0x68, 0x69, 0x00, 0x21]),
      new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
    ]) {
      const error = rejection(() => detectFileType(sourceFile("notes.txt", bytes)));
      expect(error.statusCode).toBe(415);
      expect(error.message).toMatch(
        /^Unsupported file "notes\.txt": its content is binary or not UTF-8 text, not a \.txt file\./,
      );
    }
  });

  it("rejects a PDF renamed to .txt or .csv", () => {
    expect(rejection(() => detectFileType(sourceFile("data.csv", pdf))).statusCode).toBe(415);
  });

  it("tells a .docx from an .xlsx by the ZIP's entries", () => {
    const error = rejection(() => detectFileType(sourceFile("letter.docx", xlsx)));
    expect(error.statusCode).toBe(415);
    expect(error.message).toMatch(
      /^File "letter\.docx" is not a Word \(\.docx\) document: its content is an Excel \(\.xlsx\) workbook\./,
    );
    expect(rejection(() => detectFileType(sourceFile("sheet.xlsx", docx))).statusCode).toBe(415);
    expect(rejection(() => detectFileType(sourceFile("sheet.xlsx", pdf))).statusCode).toBe(415);
  });

  it("rejects a truncated .docx (broken ZIP) with 400", () => {
    const error = rejection(() =>
      detectFileType(sourceFile("letter.docx", docx.slice(0, docx.length - 200))),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('File "letter.docx" is a damaged or incomplete ZIP archive');
  });

  it("rejects an empty file with 400", () => {
    const error = rejection(() => detectFileType(sourceFile("empty.txt", "")));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('File "empty.txt" is empty');
  });

  it("detects files without an extension by content, then by MIME type, else as text", () => {
    expect(detectFileType(sourceFile("upload", pdf))).toBe("pdf");
    expect(detectFileType(sourceFile("upload", docx))).toBe("docx");
    expect(detectFileType(sourceFile("upload", xlsx))).toBe("xlsx");
    expect(detectFileType(sourceFile("upload", '{"a":1}', "application/json; charset=utf-8"))).toBe("json");
    expect(detectFileType(sourceFile("README", "plain words", "application/octet-stream"))).toBe("txt");
    expect(detectFileType(sourceFile(".env", "A=1"))).toBe("txt");
    expect(rejection(() => detectFileType(sourceFile("upload", pngBytes))).statusCode).toBe(415);
  });
});
