"use client";

import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/styles";
import {
  curlSnippet,
  curlStreamingSnippet,
  embedSnippet,
  javascriptSnippet,
  pythonSnippet,
} from "@/lib/client/snippets";
import type { Chatflow } from "@/lib/client/types";

type Tab = "curl" | "javascript" | "python" | "embed";

function CopyBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="relative">
      <pre
        data-testid={`snippet-${label}`}
        className="overflow-x-auto rounded-lg bg-slate-900 p-4 pr-20 text-xs leading-relaxed text-slate-100"
      >
        <code>{code}</code>
      </pre>
      <button
        type="button"
        aria-label={`Copy ${label}`}
        className="absolute top-2 right-2 rounded-md bg-slate-700 px-2 py-1 text-xs text-white hover:bg-slate-600"
        onClick={async () => {
          await navigator.clipboard?.writeText(code).catch(() => undefined);
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        }}
      >
        {copied ? "Copied" : "Copy"}
      </button>
    </div>
  );
}

/** How to call this chatflow from code, and how to embed its chatbot. */
export function ApiDialog({
  chatflow,
  open,
  onClose,
}: {
  chatflow: Chatflow;
  open: boolean;
  onClose: () => void;
}) {
  const [tab, setTab] = useState<Tab>("curl");
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const options = { origin, chatflowId: chatflow.id, needsApiKey: Boolean(chatflow.apikeyid) };
  const tabs: Array<[Tab, string]> = [
    ["curl", "cURL"],
    ["javascript", "JavaScript"],
    ["python", "Python"],
    ["embed", "Embed"],
  ];
  return (
    <Dialog open={open} title="Use this chatflow" onClose={onClose} width="max-w-3xl" testId="api-dialog">
      <div role="tablist" aria-label="Snippet language" className="mb-3 flex gap-1 border-b border-slate-200">
        {tabs.map(([name, label]) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab === name ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="flex flex-col gap-3 text-sm text-slate-700">
        {tab === "curl" && (
          <>
            <CopyBlock label="curl" code={curlSnippet(options)} />
            <p>Stream the answer as server-sent events:</p>
            <CopyBlock label="curl-streaming" code={curlStreamingSnippet(options)} />
          </>
        )}
        {tab === "javascript" && <CopyBlock label="javascript" code={javascriptSnippet(options)} />}
        {tab === "python" && <CopyBlock label="python" code={pythonSnippet(options)} />}
        {tab === "embed" && (
          <>
            <p>Paste this before the closing &lt;/body&gt; tag of your page:</p>
            <CopyBlock label="embed" code={embedSnippet(options)} />
            {!chatflow.isPublic && !chatflow.apikeyid && (
              <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900">
                This chatflow is not public: the embedded chatbot will be refused until you make it public in
                Settings.
              </p>
            )}
          </>
        )}
        {chatflow.apikeyid ? (
          <p className="text-xs text-slate-500">
            This chatflow is bound to an API key: replace &lt;your API key&gt; with it (keys are shown only
            when created).
          </p>
        ) : (
          <p className="text-xs text-slate-500">
            Send a question as JSON; add &quot;chatId&quot; from an answer to continue that conversation.
          </p>
        )}
        <div className="flex justify-end">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </Dialog>
  );
}
