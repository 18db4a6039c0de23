"use client";

import { useEffect, useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, LoadingRows } from "@/components/ui/empty-state";
import { buttonClass, fieldClass, inputClass, labelClass } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toaster";
import { useApiData } from "@/components/ui/use-api-data";
import { callApi, errorMessage, listAll } from "@/lib/client/api";
import type { ApiKey, CreatedApiKey } from "@/lib/client/types";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

function RenameField({ apiKey, onRenamed }: { apiKey: ApiKey; onRenamed: (key: ApiKey) => void }) {
  const toast = useToast();
  const [draft, setDraft] = useState(apiKey.keyName);
  const commit = async () => {
    const keyName = draft.trim();
    if (!keyName || keyName === apiKey.keyName) return setDraft(apiKey.keyName);
    try {
      onRenamed(await callApi<ApiKey>(`/apikey/${apiKey.id}`, { method: "PUT", body: { keyName } }));
      toast.success("Key renamed");
    } catch (caught) {
      toast.error(`Rename failed: ${errorMessage(caught)}`);
      setDraft(apiKey.keyName);
    }
  };
  return (
    <input
      aria-label={`Name of key ${apiKey.keyName}`}
      className={`${fieldClass} w-full border-transparent bg-transparent font-medium hover:border-slate-300`}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => void commit()}
      onKeyDown={(event) => event.key === "Enter" && (event.target as HTMLInputElement).blur()}
    />
  );
}

export function ApiKeysPage() {
  const toast = useToast();
  const { data, error, setData } = useApiData("apikeys", (signal) => listAll<ApiKey>("/apikey", signal));
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);

  useEffect(() => {
    if (error) toast.error(`Could not load API keys: ${error}`);
  }, [error, toast]);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const keyName = String(new FormData(event.currentTarget).get("keyName"));
    try {
      const key = await callApi<CreatedApiKey>("/apikey", { body: { keyName } });
      setData((all) => [key, ...(all ?? [])]);
      setCreating(false);
      setCreated(key);
    } catch (caught) {
      toast.error(`Could not create the key: ${errorMessage(caught)}`);
    }
  }

  async function remove(key: ApiKey) {
    try {
      await callApi(`/apikey/${key.id}`, { method: "DELETE" });
      setData((all) => (all ?? []).filter((item) => item.id !== key.id));
      toast.success(`Deleted “${key.keyName}”`);
    } catch (caught) {
      toast.error(`Could not delete: ${errorMessage(caught)}`);
    }
  }

  const replace = (key: ApiKey) =>
    setData((all) => (all ?? []).map((item) => (item.id === key.id ? { ...item, ...key } : item)));

  return (
    <section className="mx-auto max-w-4xl px-6 py-6">
      <div className="mb-5 flex items-center justify-between">
        <div>
          <h1 className="text-xl font-semibold">API keys</h1>
          <p className="text-sm text-slate-500">
            Keys let programs call your chatflows. Bind one to a chatflow in its settings.
          </p>
        </div>
        <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
          + New key
        </button>
      </div>
      {data === undefined && !error ? (
        <LoadingRows label="Loading API keys" />
      ) : (data ?? []).length === 0 ? (
        <EmptyState title="No API keys yet">Create one to call a chatflow from your code.</EmptyState>
      ) : (
        <table
          className="w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left text-sm"
          data-testid="apikey-table"
        >
          <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="px-4 py-2 font-medium">Key</th>
              <th className="px-4 py-2 font-medium">Created</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((key) => (
              <tr key={key.id} className="border-t border-slate-100">
                <td className="px-2 py-1.5">
                  <RenameField apiKey={key} onRenamed={replace} />
                </td>
                <td className="px-4 py-1.5 font-mono text-xs text-slate-600">{key.keyPreview ?? "••••"}</td>
                <td className="px-4 py-1.5 text-slate-600">{formatDate(key.createdDate)}</td>
                <td className="px-4 py-1.5 text-right">
                  <button
                    type="button"
                    aria-label={`Delete ${key.keyName}`}
                    className={`${buttonClass.ghost} text-red-700`}
                    onClick={() => setToDelete(key)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Dialog open={isCreating} title="New API key" onClose={() => setCreating(false)} width="max-w-md">
        <form onSubmit={create} className="flex flex-col gap-4">
          <label className={labelClass}>
            Name
            <input
              name="keyName"
              required
              maxLength={100}
              autoFocus
              className={inputClass}
              placeholder="Website widget"
            />
          </label>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => setCreating(false)}>
              Cancel
            </button>
            <button type="submit" className={buttonClass.primary}>
              Create key
            </button>
          </div>
        </form>
      </Dialog>

      <Dialog
        open={created !== null}
        title="Copy your new API key"
        onClose={() => setCreated(null)}
        width="max-w-lg"
      >
        <p className="mb-3 text-sm text-slate-700">
          This is the only time the key is shown. Store it somewhere safe.
        </p>
        <div className="flex gap-2">
          <input
            readOnly
            aria-label="New API key"
            data-testid="new-api-key"
            className={`${inputClass} font-mono text-xs`}
            value={created?.apiKey ?? ""}
            onFocus={(event) => event.target.select()}
          />
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() =>
              void navigator.clipboard?.writeText(created?.apiKey ?? "").then(
                () => toast.success("Copied"),
                () => undefined,
              )
            }
          >
            Copy
          </button>
        </div>
        <div className="mt-4 flex justify-end">
          <button type="button" className={buttonClass.primary} onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete API key?"
        message={`Programs using “${toDelete?.keyName ?? ""}” will be refused, and chatflows bound to it will need another key.`}
        onConfirm={() => (toDelete ? remove(toDelete) : undefined)}
        onClose={() => setToDelete(null)}
      />
    </section>
  );
}
