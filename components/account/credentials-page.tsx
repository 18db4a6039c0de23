"use client";

import { useEffect, useMemo, useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState, LoadingRows } from "@/components/ui/empty-state";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toaster";
import { useApiData } from "@/components/ui/use-api-data";
import { callApi, errorMessage, listAll } from "@/lib/client/api";
import { normalizeCatalog } from "@/lib/client/node-catalog";
import type { Credential } from "@/lib/client/types";

// Fields of the credential types the built-in nodes read; other types get free key/value rows.
const knownFields: Record<string, Array<{ name: string; label: string; secret: boolean }>> = {
  openAIApi: [{ name: "openAIApiKey", label: "OpenAI API key", secret: true }],
};

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

interface Row {
  key: string;
  value: string;
}

function CredentialForm({
  credential,
  types,
  onDone,
}: {
  credential: Credential | null;
  types: string[];
  onDone: (saved: Credential) => void;
}) {
  const toast = useToast();
  const [name, setName] = useState(credential?.name ?? "");
  const [credentialName, setCredentialName] = useState(credential?.credentialName ?? types[0] ?? "");
  const [rows, setRows] = useState<Row[]>([{ key: "", value: "" }]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);
  const fields = knownFields[credentialName];

  const data = (): Record<string, string> | null => {
    const entries = fields
      ? fields.map((field) => [field.name, values[field.name] ?? ""] as const)
      : rows.map((row) => [row.key.trim(), row.value] as const);
    const filled = entries.filter(([key, value]) => key && value !== "");
    return filled.length ? Object.fromEntries(filled) : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const plainDataObj = data();
    if (!credential && !plainDataObj) {
      toast.error("Enter the secret values");
      return;
    }
    setSaving(true);
    try {
      const body = { name, credentialName, ...(plainDataObj ? { plainDataObj } : {}) };
      const saved = credential
        ? await callApi<Credential>(`/credentials/${credential.id}`, { method: "PUT", body })
        : await callApi<Credential>("/credentials", { body });
      onDone(saved);
    } catch (caught) {
      toast.error(`Not saved: ${errorMessage(caught)}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <label className={labelClass}>
        Name
        <input
          required
          maxLength={100}
          className={inputClass}
          value={name}
          placeholder="My OpenAI key"
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className={labelClass}>
        Type
        <input
          list="credential-types"
          required
          className={inputClass}
          value={credentialName}
          placeholder="openAIApi"
          onChange={(event) => setCredentialName(event.target.value)}
        />
        <datalist id="credential-types">
          {types.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <span className="text-xs font-normal text-slate-500">
          Nodes list the types they accept, e.g. openAIApi for ChatOpenAI.
        </span>
      </label>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">Secret values</legend>
        {credential && (
          <p className="text-xs text-slate-500">Stored secrets are never shown. Leave empty to keep them.</p>
        )}
        {fields
          ? fields.map((field) => (
              <label key={field.name} className={labelClass}>
                {field.label}
                <input
                  type={field.secret ? "password" : "text"}
                  autoComplete="off"
                  className={inputClass}
                  value={values[field.name] ?? ""}
                  onChange={(event) =>
                    setValues((current) => ({ ...current, [field.name]: event.target.value }))
                  }
                />
              </label>
            ))
          : rows.map((row, index) => (
              <div key={index} className="flex gap-2">
                <input
                  aria-label={`Field ${index + 1} name`}
                  className={inputClass}
                  placeholder="apiKey"
                  value={row.key}
                  onChange={(event) =>
                    setRows(
                      rows.map((item, position) =>
                        position === index ? { ...item, key: event.target.value } : item,
                      ),
                    )
                  }
                />
                <input
                  aria-label={`Field ${index + 1} value`}
                  type="password"
                  autoComplete="off"
                  className={inputClass}
                  value={row.value}
                  onChange={(event) =>
                    setRows(
                      rows.map((item, position) =>
                        position === index ? { ...item, value: event.target.value } : item,
                      ),
                    )
                  }
                />
              </div>
            ))}
        {!fields && (
          <button
            type="button"
            className={`${buttonClass.ghost} self-start`}
            onClick={() => setRows([...rows, { key: "", value: "" }])}
          >
            + Add field
          </button>
        )}
      </fieldset>
      <div className="flex justify-end gap-2">
        <button type="submit" className={buttonClass.primary} disabled={isSaving}>
          {isSaving ? "Saving…" : credential ? "Save" : "Add credential"}
        </button>
      </div>
    </form>
  );
}

export function CredentialsPage() {
  const toast = useToast();
  const { data, error, setData } = useApiData("credentials", (signal) =>
    listAll<Credential>("/credentials", signal),
  );
  const catalog = useApiData("nodes-for-credentials", (signal) =>
    callApi<unknown>("/nodes", { signal }).then(normalizeCatalog),
  );
  const [editing, setEditing] = useState<Credential | "new" | null>(null);
  const [toDelete, setToDelete] = useState<Credential | null>(null);

  useEffect(() => {
    if (error) toast.error(`Could not load credentials: ${error}`);
  }, [error, toast]);

  const types = useMemo(() => {
    const names = new Set(Object.keys(knownFields));
    for (const def of catalog.data?.values() ?? []) def.credential?.names.forEach((name) => names.add(name));
    return [...names].sort();
  }, [catalog.data]);

  async function remove(credential: Credential) {
    try {
      await callApi(`/credentials/${credential.id}`, { method: "DELETE" });
      setData((all) => (all ?? []).filter((item) => item.id !== credential.id));
      toast.success(`Deleted “${credential.name}”`);
    } catch (caught) {
      toast.error(`Could not delete: ${errorMessage(caught)}`);
    }
  }

  return (
    <section className="mx-auto max-w-4xl px-6 py-6">
      <div className="mb-5 flex items-center justify-between">
        <div>
          <h1 className="text-xl font-semibold">Credentials</h1>
          <p className="text-sm text-slate-500">
            Provider secrets, encrypted at rest. Nodes without one use the server&apos;s environment.
          </p>
        </div>
        <button type="button" className={buttonClass.primary} onClick={() => setEditing("new")}>
          + Add credential
        </button>
      </div>
      {data === undefined && !error ? (
        <LoadingRows label="Loading credentials" />
      ) : (data ?? []).length === 0 ? (
        <EmptyState title="No credentials yet">Add an OpenAI key to use it from ChatOpenAI nodes.</EmptyState>
      ) : (
        <table
          className="w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left text-sm"
          data-testid="credential-table"
        >
          <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
            <tr>
              <th className="px-4 py-2 font-medium">Name</th>
              <th className="px-4 py-2 font-medium">Type</th>
              <th className="px-4 py-2 font-medium">Updated</th>
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((credential) => (
              <tr key={credential.id} className="border-t border-slate-100">
                <td className="px-4 py-2 font-medium">{credential.name}</td>
                <td className="px-4 py-2 font-mono text-xs text-slate-600">{credential.credentialName}</td>
                <td className="px-4 py-2 text-slate-600">{formatDate(credential.updatedDate)}</td>
                <td className="px-4 py-2 text-right">
                  <button
                    type="button"
                    aria-label={`Edit ${credential.name}`}
                    className={buttonClass.ghost}
                    onClick={() => setEditing(credential)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete ${credential.name}`}
                    className={`${buttonClass.ghost} text-red-700`}
                    onClick={() => setToDelete(credential)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Dialog
        open={editing !== null}
        title={editing === "new" ? "Add credential" : "Edit credential"}
        onClose={() => setEditing(null)}
        width="max-w-md"
      >
        {editing !== null && (
          <CredentialForm
            key={editing === "new" ? "new" : editing.id}
            credential={editing === "new" ? null : editing}
            types={types}
            onDone={(saved) => {
              setData((all) => [saved, ...(all ?? []).filter((item) => item.id !== saved.id)]);
              toast.success("Credential saved");
              setEditing(null);
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete credential?"
        message={`Nodes using “${toDelete?.name ?? ""}” will fall back to the server's environment.`}
        onConfirm={() => (toDelete ? remove(toDelete) : undefined)}
        onClose={() => setToDelete(null)}
      />
    </section>
  );
}
