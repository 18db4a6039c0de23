"use client";

import { signOut } from "next-auth/react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";

/** The header's account button: workspace, email, account pages and sign-out. */
export function AccountMenu({ workspaceName, email }: { workspaceName: string; email: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === "Escape"
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);

  const initial = (workspaceName || email || "?").charAt(0).toUpperCase();
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="Account menu"
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white">
          {initial}
        </span>
        <span data-testid="workspace-name" className="hidden max-w-40 truncate text-slate-700 sm:inline">
          {workspaceName}
        </span>
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-1 w-64 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          <div className="border-b border-slate-100 px-3 py-2">
            <p className="font-medium text-slate-900">{workspaceName}</p>
            <p className="truncate text-xs text-slate-500">{email}</p>
          </div>
          <Link
            role="menuitem"
            href="/apikeys"
            className="block px-3 py-1.5 hover:bg-slate-50"
            onClick={() => setOpen(false)}
          >
            API keys
          </Link>
          <Link
            role="menuitem"
            href="/credentials"
            className="block px-3 py-1.5 hover:bg-slate-50"
            onClick={() => setOpen(false)}
          >
            Credentials
          </Link>
          <button
            type="button"
            role="menuitem"
            onClick={() => signOut({ callbackUrl: "/login" })}
            className="block w-full px-3 py-1.5 text-left text-red-700 hover:bg-red-50"
          >
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
