"use client";

import { ReactFlowProvider } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { buttonClass } from "@/components/ui/styles";
import { useApiData } from "@/components/ui/use-api-data";
import { callApi } from "@/lib/client/api";
import { normalizeCatalog, stickyNoteDef } from "@/lib/client/node-catalog";
import type { Chatflow } from "@/lib/client/types";
import { FlowWorkspace } from "./flow-workspace";

async function loadCatalog(signal: AbortSignal) {
  const catalog = normalizeCatalog(await callApi<unknown>("/nodes", { signal }));
  if (!catalog.has(stickyNoteDef.name)) catalog.set(stickyNoteDef.name, stickyNoteDef);
  return catalog;
}

/** The canvas page: loads the chatflow and the node catalog, then hands both to the workspace. */
export function FlowEditor({ chatflowId }: { chatflowId: string }) {
  const chatflow = useApiData(`chatflow:${chatflowId}`, (signal) =>
    callApi<Chatflow>(`/chatflows/${chatflowId}`, { signal }),
  );
  const catalog = useApiData("nodes", loadCatalog);
  const error = chatflow.error ?? catalog.error;

  if (error) {
    return (
      <div className="mx-auto max-w-xl p-10">
        <EmptyState
          title={chatflow.error ? "Could not open this chatflow" : "Could not load the node catalog"}
          action={
            <div className="flex gap-2">
              <Link href="/chatflows" className={buttonClass.secondary}>
                Back to chatflows
              </Link>
              <button
                type="button"
                className={buttonClass.primary}
                onClick={() => {
                  chatflow.reload();
                  catalog.reload();
                }}
              >
                Retry
              </button>
            </div>
          }
        >
          {error}
        </EmptyState>
      </div>
    );
  }
  if (!chatflow.data || !catalog.data) {
    return (
      <div
        role="status"
        aria-label="Loading the canvas"
        className="flex h-full items-center justify-center text-sm text-slate-500"
      >
        Loading the canvas…
      </div>
    );
  }
  return (
    <ReactFlowProvider>
      <FlowWorkspace key={chatflow.data.id} chatflow={chatflow.data} catalog={catalog.data} />
    </ReactFlowProvider>
  );
}
