import { getServerSession } from "next-auth";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignOutButton } from "@/components/ui/sign-out-button";
import { getWorkspaceSummary } from "@/lib/accounts/service";
import { getAuthOptions } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function StudioLayout({ children }: { children: React.ReactNode }) {
  const session = await getServerSession(getAuthOptions());
  const workspaceId = (session as { workspaceId?: string } | null)?.workspaceId;
  if (!session || !workspaceId) redirect("/login");
  const workspace = await getWorkspaceSummary(workspaceId);
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-3">
        <nav className="flex items-center gap-6 text-sm">
          <Link href="/chatflows" className="font-semibold text-indigo-700">
            Chatflow Studio
          </Link>
          <Link href="/chatflows">Chatflows</Link>
        </nav>
        <div className="flex items-center gap-3 text-sm">
          <span data-testid="workspace-name" className="text-slate-600">
            {workspace?.name}
          </span>
          <span className="text-slate-400">{session.user?.email}</span>
          <SignOutButton />
        </div>
      </header>
      <main className="p-6">{children}</main>
    </div>
  );
}
