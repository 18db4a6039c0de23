"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass, inputClass, labelClass } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toaster";
import { callApi, errorMessage } from "@/lib/client/api";
import { chatflowTypes, type Chatflow } from "@/lib/client/types";

const typeLabels: Record<string, string> = {
  CHATFLOW: "Chatflow",
  AGENTFLOW: "Agentflow",
  MULTIAGENT: "Multi-agent",
  ASSISTANT: "Assistant",
};

export const chatflowTypeLabel = (type: string) => typeLabels[type] ?? type;

/** Creates an empty chatflow and opens it on the canvas. */
export function NewChatflowDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const toast = useToast();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const chatflow = await callApi<Chatflow>("/chatflows", {
        body: {
          name: String(form.get("name")),
          type: String(form.get("type")),
          category: String(form.get("category") ?? "") || null,
          flowData: JSON.stringify({ nodes: [], edges: [] }),
        },
      });
      router.push(`/chatflows/${chatflow.id}`);
    } catch (error) {
      toast.error(errorMessage(error));
      setPending(false);
    }
  }

  return (
    <Dialog open={open} title="New chatflow" onClose={onClose} width="max-w-md" testId="new-chatflow-dialog">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <label className={labelClass}>
          Name
          <input
            name="name"
            required
            maxLength={200}
            autoFocus
            className={inputClass}
            placeholder="Support assistant"
          />
        </label>
        <label className={labelClass}>
          Type
          <select name="type" className={inputClass} defaultValue="CHATFLOW">
            {chatflowTypes.map((type) => (
              <option key={type} value={type}>
                {chatflowTypeLabel(type)}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          <span>
            Categories <span className="font-normal text-slate-500">(optional, separated by ;)</span>
          </span>
          <input name="category" className={inputClass} placeholder="support; internal" />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={buttonClass.primary} disabled={pending}>
            {pending ? "Creating…" : "Create"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
