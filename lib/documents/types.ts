// The shapes every loader produces and every splitter consumes.

export interface Document {
  pageContent: string;
  metadata: Record<string, unknown>;
}

/** An uploaded or stored file before it is read: its name carries the extension used for detection. */
export interface SourceFile {
  name: string;
  bytes: Uint8Array;
  mime?: string;
}

export interface LoadOptions {
  /** Rows per document for CSV (default 1) and XLSX (default 100). */
  rowsPerDocument?: number;
  /** JSON Pointers (RFC 6901) choosing what to load from a JSON file; an array gives one document per item. */
  jsonPointers?: string[];
}
