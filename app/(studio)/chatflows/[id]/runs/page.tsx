import { getServerSession } from "next-auth";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { RunsFilter } from "@/components/runs/runs-filter";
import { RunsPager } from "@/components/runs/runs-pager";
import { RunsTable } from "@/components/runs/runs-table";
import { ApiError } from "@/lib/api/errors";
import { getAuthOptions } from "@/lib/auth/session";
import { getChatflow } from "@/lib/chatflows/service";
import { runStatuses, type RunStatus } from "@/lib/runs/schema";
import { listPredictionRuns } from "@/lib/runs/service";

export const metadata = { title: "Runs · Chatflow Studio" };

const pageSize = 50;

interface RunsPageProps {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ status?: string; page?: string }>;
}

export default async function RunsPage({ params, searchParams }: RunsPageProps) {
  const session = await getServerSession(getAuthOptions());
  const workspaceId = (session as { workspaceId?: string } | null)?.workspaceId;
  if (!workspaceId) redirect("/login");
  const { id } = await params;
  const query = await searchParams;
  // Unknown values show everything rather than an error page.
  const status = (runStatuses as readonly string[]).includes(query.status ?? "")
    ? (query.status as RunStatus)
    : undefined;
  const page = /^\d+$/.test(query.page ?? "") && Number(query.page) > 0 ? Number(query.page) : 1;

  const loaded = await Promise.all([
    getChatflow(workspaceId, id),
    listPredictionRuns(workspaceId, id, { status }, { skip: (page - 1) * pageSize, take: pageSize }),
  ]).catch((error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 404) notFound();
    throw error;
  });
  const [chatflow, runs] = loaded;
  const basePath = `/chatflows/${chatflow.id}/runs`;

  return (
    <section>
      <p className="text-sm text-slate-500">
        <Link href="/chatflows">Chatflows</Link> / {chatflow.name}
      </p>
      <h1 className="mt-1 text-xl font-semibold">Runs</h1>
      <RunsFilter basePath={basePath} current={status} />
      <RunsPager basePath={basePath} page={page} pageSize={pageSize} total={runs.total} status={status} />
      <RunsTable runs={runs.items} />
    </section>
  );
}
