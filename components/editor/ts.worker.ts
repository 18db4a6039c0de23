// Entry of Monaco's TypeScript/JavaScript language worker (completions, hovers, diagnostics).
import "monaco-editor/language/typescript/ts.worker";
