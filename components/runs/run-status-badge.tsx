import type { RunStatus } from "@/lib/runs/schema";

const styles: Record<RunStatus, string> = {
  success: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  error: "bg-red-50 text-red-700 ring-red-200",
  aborted: "bg-amber-50 text-amber-700 ring-amber-200",
};

export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${styles[status]}`}>
      {status}
    </span>
  );
}
