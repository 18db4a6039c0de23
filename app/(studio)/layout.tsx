import { getServerSession } from "next-auth";
import Link from "next/link";
import { redirect } from "next/navigation";
import { AccountMenu } from "@/components/ui/account-menu";
import { StudioNav } from "@/components/ui/studio-nav";
import { Toaster } from "@/components/ui/toaster";
import { getWorkspaceSummary } from "@/lib/accounts/service";
import { getAuthOptions } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function StudioLayout({ children }: { children: React.ReactNode }) {
  const session = await getServerSession(getAuthOptions());
  const workspaceId = (session as { workspaceId?: string } | null)?.workspaceId;
  if (!session || !workspaceId) redirect("/login");
  const workspace = await getWorkspaceSummary(workspaceId);
  return (
    <Toaster>
      <div className="flex h-screen min-w-[1024px] flex-col">
        <header className="flex h-12 shrink-0 items-center justify-between gap-4 border-b border-slate-200 bg-white px-4">
          <div className="flex items-center gap-4">
            <Link href="/chatflows" className="font-semibold text-indigo-700">
              Chatflow Studio
            </Link>
            <StudioNav />
          </div>
          <AccountMenu workspaceName={workspace?.name ?? "Workspace"} email={session.user?.email ?? ""} />
        </header>
        <div className="min-h-0 flex-1 overflow-auto">{children}</div>
      </div>
    </Toaster>
  );
}
