import Link from "next/link";
import { runStatuses, type RunStatus } from "@/lib/runs/schema";

/** Links that filter the runs by status ("All" clears the filter). */
export function RunsFilter({ basePath, current }: { basePath: string; current?: RunStatus }) {
  const choices: Array<{ label: string; status?: RunStatus }> = [
    { label: "All" },
    ...runStatuses.map((status) => ({ label: status[0].toUpperCase() + status.slice(1), status })),
  ];
  return (
    <nav aria-label="Filter runs by status" className="mt-4 flex gap-2 text-sm">
      {choices.map(({ label, status }) => {
        const isCurrent = status === current;
        return (
          <Link
            key={label}
            href={status ? `${basePath}?status=${status}` : basePath}
            aria-current={isCurrent ? "page" : undefined}
            className={`rounded-md px-3 py-1 ${isCurrent ? "bg-indigo-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
