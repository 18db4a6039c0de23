"use client";

import Editor, { loader, type OnMount } from "@monaco-editor/react";
import * as monaco from "monaco-editor";
import { useEffect, useRef } from "react";

// The editor comes from the bundled `monaco-editor` package: @monaco-editor/react would otherwise
// fetch it from a CDN, which users behind a firewall cannot reach. Monaco's own reference to its base
// worker is a bare asset URL the bundler copies without its imports, so both workers get entries here.
(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
  getWorker(_workerId, label) {
    if (label === "typescript" || label === "javascript") {
      return new Worker(new URL("./ts.worker.ts", import.meta.url), { type: "module" });
    }
    return new Worker(new URL("./editor.worker.ts", import.meta.url), { type: "module" });
  },
};
loader.config({ monaco });

// Tool functions are async function bodies: a top-level `return` and `await` are correct there.
const ignoredDiagnostics = [1108, 1375, 1378, 1431];
monaco.typescript.javascriptDefaults.setDiagnosticsOptions({
  noSemanticValidation: false,
  noSyntaxValidation: false,
  diagnosticCodesToIgnore: ignoredDiagnostics,
});
monaco.typescript.javascriptDefaults.setCompilerOptions({
  target: monaco.typescript.ScriptTarget.ESNext,
  allowNonTsExtensions: true,
  checkJs: false,
  lib: ["es2022"],
});

export interface MonacoCodeEditorProps {
  /** The initial text; remount the editor (React key) to load another. */
  value: string;
  onChange: (value: string) => void;
  language?: string;
  height?: string | number;
  /** TypeScript declarations added to the JavaScript service (completions and hovers). */
  declarations?: string;
  ariaLabel?: string;
  /** Ctrl/Cmd+S inside the editor. */
  onSave?: () => void;
}

export function MonacoCodeEditor({
  value,
  onChange,
  language = "javascript",
  height = 320,
  declarations,
  ariaLabel = "Code editor",
  onSave,
}: MonacoCodeEditorProps) {
  const saveRef = useRef(onSave);
  useEffect(() => {
    saveRef.current = onSave;
  }, [onSave]);

  useEffect(() => {
    if (!declarations) return;
    const library = monaco.typescript.javascriptDefaults.addExtraLib(
      declarations,
      "ts:filename/tool-globals.d.ts",
    );
    return () => library.dispose();
  }, [declarations]);

  const onMount: OnMount = (editor) => {
    editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, () => saveRef.current?.());
  };

  return (
    <div data-testid="code-editor" className="overflow-hidden rounded-md border border-slate-300">
      <Editor
        height={height}
        language={language}
        // Uncontrolled: a controlled value lags behind fast typing and would overwrite keystrokes.
        defaultValue={value}
        onChange={(next) => onChange(next ?? "")}
        onMount={onMount}
        theme="vs"
        loading={<div className="p-3 text-sm text-slate-500">Loading editor…</div>}
        options={{
          ariaLabel,
          minimap: { enabled: false },
          fontSize: 13,
          scrollBeyondLastLine: false,
          tabSize: 2,
          automaticLayout: true,
          fixedOverflowWidgets: true,
        }}
      />
    </div>
  );
}
