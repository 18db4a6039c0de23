import type { RunJson } from "@/lib/runs/service";
import { RunStatusBadge } from "./run-status-badge";

const tokens = (count: number | null) => (count === null ? "–" : count.toLocaleString("en-US"));

/** A chatflow's runs, newest first: when, outcome, duration, model and token usage. */
export function RunsTable({ runs }: { runs: RunJson[] }) {
  if (runs.length === 0) {
    return (
      <p data-testid="runs-empty" className="mt-6 text-slate-600">
        No runs yet. Every prediction of this chatflow appears here.
      </p>
    );
  }
  return (
    <table data-testid="runs-table" className="mt-6 w-full border-collapse text-left text-sm">
      <thead className="border-b border-slate-200 text-slate-500">
        <tr>
          <th className="py-2 pr-4 font-medium">Time (UTC)</th>
          <th className="py-2 pr-4 font-medium">Status</th>
          <th className="py-2 pr-4 text-right font-medium">Duration</th>
          <th className="py-2 pr-4 font-medium">Model</th>
          <th className="py-2 pr-4 text-right font-medium">Prompt</th>
          <th className="py-2 pr-4 text-right font-medium">Completion</th>
          <th className="py-2 pr-4 text-right font-medium">Total</th>
          <th className="py-2 pr-4 font-medium">Session</th>
          <th className="py-2 font-medium">Error</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id} data-testid="run-row" className="border-b border-slate-100">
            <td className="py-2 pr-4 whitespace-nowrap tabular-nums">
              {run.createdDate.replace("T", " ").slice(0, 19)}
            </td>
            <td className="py-2 pr-4">
              <RunStatusBadge status={run.status} />
              {run.streaming ? <span className="ml-2 text-xs text-slate-400">stream</span> : null}
            </td>
            <td className="py-2 pr-4 text-right tabular-nums">{run.durationMs.toLocaleString("en-US")} ms</td>
            <td className="py-2 pr-4">{run.model ?? "–"}</td>
            <td className="py-2 pr-4 text-right tabular-nums">{tokens(run.promptTokens)}</td>
            <td className="py-2 pr-4 text-right tabular-nums">{tokens(run.completionTokens)}</td>
            <td className="py-2 pr-4 text-right tabular-nums">{tokens(run.totalTokens)}</td>
            <td
              className="max-w-40 truncate py-2 pr-4 font-mono text-xs text-slate-500"
              title={run.sessionId}
            >
              {run.sessionId}
            </td>
            <td className="py-2 text-red-700">{run.errorMessage ?? ""}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
