"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const links = [
  { href: "/chatflows", label: "Chatflows" },
  { href: "/tools", label: "Tools" },
  { href: "/credentials", label: "Credentials" },
  { href: "/apikeys", label: "API keys" },
];

export function StudioNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex items-center gap-1 text-sm">
      {links.map((link) => {
        const isActive = pathname === link.href || pathname.startsWith(`${link.href}/`);
        return (
          <Link
            key={link.href}
            href={link.href}
            aria-current={isActive ? "page" : undefined}
            className={`rounded-md px-2.5 py-1.5 ${isActive ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-600 hover:bg-slate-100"}`}
          >
            {link.label}
          </Link>
        );
      })}
    </nav>
  );
}
