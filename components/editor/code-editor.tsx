"use client";

import dynamic from "next/dynamic";
import type { MonacoCodeEditorProps } from "./monaco-code-editor";

// Monaco touches `window` when it loads and weighs megabytes: load it in the browser only, and only
// on pages that show an editor.
export const CodeEditor = dynamic<MonacoCodeEditorProps>(
  () => import("./monaco-code-editor").then((module) => module.MonacoCodeEditor),
  {
    ssr: false,
    loading: () => (
      <div
        role="status"
        className="flex h-80 items-center justify-center rounded-md border border-slate-300 text-sm text-slate-500"
      >
        Loading editor…
      </div>
    ),
  },
);
