"use client";

import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { buttonClass } from "@/components/ui/styles";
import { useApiData } from "@/components/ui/use-api-data";
import { callApi } from "@/lib/client/api";
import type { Tool } from "@/lib/client/types";
import { ToolEditor } from "./tool-editor";

/** `/tools/new` opens an empty editor; `/tools/<id>` loads the tool first. */
export function ToolEditorPage({ toolId }: { toolId: string }) {
  const isNew = toolId === "new";
  const { data, error } = useApiData(isNew ? null : `tool:${toolId}`, (signal) =>
    callApi<Tool>(`/tools/${toolId}`, { signal }),
  );
  if (isNew) return <ToolEditor tool={null} />;
  if (error) {
    return (
      <div className="mx-auto max-w-xl p-10">
        <EmptyState
          title="Could not open this tool"
          action={
            <Link href="/tools" className={buttonClass.secondary}>
              Back to tools
            </Link>
          }
        >
          {error}
        </EmptyState>
      </div>
    );
  }
  if (!data) {
    return (
      <p role="status" className="p-10 text-center text-sm text-slate-500">
        Loading the tool…
      </p>
    );
  }
  return <ToolEditor key={data.id} tool={data} />;
}
