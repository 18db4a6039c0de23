import Link from "next/link";

interface RunsPagerProps {
  basePath: string;
  page: number;
  pageSize: number;
  total: number;
  status?: string;
}

/** Previous/next links over the runs, keeping the status filter. */
export function RunsPager({ basePath, page, pageSize, total, status }: RunsPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (target: number) => {
    const query = new URLSearchParams();
    if (status) query.set("status", status);
    if (target > 1) query.set("page", String(target));
    const text = query.toString();
    return text ? `${basePath}?${text}` : basePath;
  };
  return (
    <div className="mt-4 flex items-center gap-4 text-sm text-slate-600">
      <span data-testid="runs-total">
        {total.toLocaleString("en-US")} run{total === 1 ? "" : "s"} · page {Math.min(page, pages)} of {pages}
      </span>
      {page > 1 ? <Link href={href(page - 1)}>← Newer</Link> : null}
      {page < pages ? <Link href={href(page + 1)}>Older →</Link> : null}
    </div>
  );
}
