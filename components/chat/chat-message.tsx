"use client";

import type { SourceDocument, UsedTool } from "@/lib/client/types";

export interface ChatEntry {
  id: string;
  role: "user" | "assistant";
  text: string;
  isStreaming?: boolean;
  error?: string;
  sourceDocuments?: SourceDocument[];
  usedTools?: UsedTool[];
}

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

function Sources({ documents }: { documents: SourceDocument[] }) {
  return (
    <details className="mt-2 text-xs" data-testid="chat-sources">
      <summary className="cursor-pointer font-medium text-slate-600">Sources ({documents.length})</summary>
      <ol className="mt-1 flex flex-col gap-1.5">
        {documents.map((document, index) => (
          <li key={index} className="rounded border border-slate-200 bg-white p-2">
            {typeof document.metadata?.source === "string" && (
              <p className="mb-0.5 font-medium text-slate-700">{document.metadata.source}</p>
            )}
            <p className="line-clamp-4 whitespace-pre-wrap text-slate-600">{document.pageContent}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}

function Tools({ tools }: { tools: UsedTool[] }) {
  return (
    <div className="mt-2 flex flex-col gap-1" data-testid="chat-used-tools">
      {tools.map((tool, index) => (
        <details key={index} className="rounded border border-amber-200 bg-amber-50 px-2 py-1 text-xs">
          <summary className="cursor-pointer font-medium text-amber-900">Used tool: {tool.tool}</summary>
          <p className="mt-1 font-medium text-slate-600">Input</p>
          <pre className="overflow-x-auto whitespace-pre-wrap text-slate-700">{show(tool.toolInput)}</pre>
          <p className="mt-1 font-medium text-slate-600">Output</p>
          <pre className="overflow-x-auto whitespace-pre-wrap text-slate-700">{show(tool.toolOutput)}</pre>
        </details>
      ))}
    </div>
  );
}

export function ChatMessage({ entry }: { entry: ChatEntry }) {
  const isUser = entry.role === "user";
  return (
    <li className={`flex ${isUser ? "justify-end" : "justify-start"}`}>
      <div
        data-testid={`chat-message-${entry.role}`}
        data-streaming={entry.isStreaming ? "true" : "false"}
        className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm ${isUser ? "bg-indigo-600 text-white" : entry.error ? "border border-red-200 bg-red-50 text-red-800" : "bg-slate-100 text-slate-900"}`}
      >
        {entry.text && <p className="whitespace-pre-wrap break-words">{entry.text}</p>}
        {entry.isStreaming && !entry.text && (
          <span className="inline-block animate-pulse text-slate-400">…</span>
        )}
        {entry.isStreaming && entry.text && (
          <span
            aria-hidden
            className="ml-0.5 inline-block h-3.5 w-1.5 animate-pulse bg-slate-400 align-middle"
          />
        )}
        {entry.error && (
          <p role="alert" data-testid="chat-error" className="whitespace-pre-wrap">
            {entry.error}
          </p>
        )}
        {entry.usedTools && entry.usedTools.length > 0 && <Tools tools={entry.usedTools} />}
        {entry.sourceDocuments && entry.sourceDocuments.length > 0 && (
          <Sources documents={entry.sourceDocuments} />
        )}
      </div>
    </li>
  );
}
