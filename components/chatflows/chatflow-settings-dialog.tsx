"use client";

import { useState, type ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import { buttonClass, fieldClass, inputClass, labelClass } from "@/components/ui/styles";
import { useToast } from "@/components/ui/toaster";
import { useApiData } from "@/components/ui/use-api-data";
import { callApi, errorMessage, listAll } from "@/lib/client/api";
import {
  parseOrigins,
  readAccess,
  readAppearance,
  writeAccess,
  writeAppearance,
  type Appearance,
} from "@/lib/client/chatflow-config";
import { chatflowTypes, type ApiKey, type Chatflow } from "@/lib/client/types";
import { ChatbotPreview } from "./chatbot-preview";
import { chatflowTypeLabel } from "./new-chatflow-dialog";

type Tab = "general" | "access" | "appearance";

function Toggle({
  label,
  checked,
  onChange,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  hint?: ReactNode;
}) {
  return (
    <label className="flex items-start gap-2.5 text-sm">
      <input
        type="checkbox"
        role="switch"
        className="mt-0.5 h-4 w-4 accent-indigo-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="font-medium text-slate-800">{label}</span>
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center justify-between gap-2 text-xs font-medium text-slate-700">
      {label}
      <input
        type="color"
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-7 w-10 cursor-pointer rounded border border-slate-300"
      />
    </label>
  );
}

interface SettingsDialogProps {
  chatflow: Chatflow;
  open: boolean;
  onClose: () => void;
  onSaved: (chatflow: Chatflow) => void;
}

/** Who may call the chatflow and how its chatbot looks; saved with one PUT. */
export function ChatflowSettingsDialog({ chatflow, open, onClose, onSaved }: SettingsDialogProps) {
  const toast = useToast();
  const [tab, setTab] = useState<Tab>("access");
  const [category, setCategory] = useState(chatflow.category ?? "");
  const [type, setType] = useState(chatflow.type);
  const [apikeyid, setApikeyid] = useState(chatflow.apikeyid ?? "");
  const [isPublic, setPublic] = useState(chatflow.isPublic);
  const [isStreaming, setStreaming] = useState(chatflow.isStreaming);
  const [origins, setOrigins] = useState(chatflow.allowedOrigins.join("\n"));
  const [access, setAccess] = useState(() => readAccess(chatflow.apiConfig));
  const [appearance, setAppearance] = useState(() => readAppearance(chatflow.chatbotConfig));
  const [isSaving, setSaving] = useState(false);
  const keys = useApiData(open ? "apikeys" : null, (signal) => listAll<ApiKey>("/apikey", signal));

  const look = (change: Partial<Appearance>) => setAppearance((current) => ({ ...current, ...change }));

  async function save() {
    setSaving(true);
    try {
      const updated = await callApi<Chatflow>(`/chatflows/${chatflow.id}`, {
        method: "PUT",
        body: {
          category: category.trim() || null,
          type,
          apikeyid: apikeyid || null,
          isPublic,
          isStreaming,
          allowedOrigins: parseOrigins(origins),
          apiConfig: writeAccess(chatflow.apiConfig, access),
          chatbotConfig: writeAppearance(chatflow.chatbotConfig, appearance),
        },
      });
      onSaved(updated);
      toast.success("Settings saved");
      onClose();
    } catch (caught) {
      toast.error(`Settings not saved: ${errorMessage(caught)}`);
    } finally {
      setSaving(false);
    }
  }

  const tabs: Array<[Tab, string]> = [
    ["access", "Access"],
    ["appearance", "Chatbot"],
    ["general", "General"],
  ];
  return (
    <Dialog
      open={open}
      title="Chatflow settings"
      onClose={onClose}
      width="max-w-4xl"
      testId="settings-dialog"
    >
      <div
        role="tablist"
        aria-label="Settings sections"
        className="mb-4 flex gap-1 border-b border-slate-200"
      >
        {tabs.map(([name, label]) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-3 py-1.5 text-sm ${tab === name ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {label}
          </button>
        ))}
      </div>

      {tab === "general" && (
        <div className="grid max-w-lg gap-4">
          <label className={labelClass}>
            Type
            <select
              className={inputClass}
              value={type}
              onChange={(event) => setType(event.target.value as Chatflow["type"])}
            >
              {chatflowTypes.map((item) => (
                <option key={item} value={item}>
                  {chatflowTypeLabel(item)}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            <span>
              Categories <span className="font-normal text-slate-500">(separated by ;)</span>
            </span>
            <input
              className={inputClass}
              value={category}
              onChange={(event) => setCategory(event.target.value)}
            />
          </label>
        </div>
      )}

      {tab === "access" && (
        <div className="grid grid-cols-2 gap-6">
          <div className="flex flex-col gap-4">
            <label className={labelClass}>
              API key
              <select
                aria-label="API key"
                className={inputClass}
                value={apikeyid}
                onChange={(event) => setApikeyid(event.target.value)}
              >
                <option value="">No key (see “Public”)</option>
                {keys.data?.map((key) => (
                  <option key={key.id} value={key.id}>
                    {key.keyName}
                    {key.keyPreview ? ` (${key.keyPreview})` : ""}
                  </option>
                ))}
              </select>
              <span className="text-xs font-normal text-slate-500">
                With a key, predictions must send it as a bearer token.
              </span>
            </label>
            <Toggle
              label="Public"
              checked={isPublic}
              onChange={setPublic}
              hint="Without an API key: anyone may chat with it, and its chatbot page and embed work. Otherwise callers need an API key of this workspace."
            />
            <Toggle
              label="Stream answers"
              checked={isStreaming}
              onChange={setStreaming}
              hint="Tokens are sent as they are generated when the flow's last node can stream."
            />
            <Toggle
              label="Allow overrides"
              checked={access.allowOverrides}
              onChange={(allowOverrides) => setAccess((current) => ({ ...current, allowOverrides }))}
              hint="Requests may change node inputs, temperature or the session with overrideConfig."
            />
          </div>
          <div className="flex flex-col gap-4">
            <label className={labelClass}>
              <span>
                Allowed origins{" "}
                <span className="font-normal text-slate-500">(one per line; empty allows any)</span>
              </span>
              <textarea
                className={`${inputClass} font-mono text-xs`}
                rows={3}
                placeholder="https://shop.example.com"
                value={origins}
                onChange={(event) => setOrigins(event.target.value)}
              />
            </label>
            <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-medium text-slate-700">Rate limit</legend>
              <Toggle
                label="Limit requests"
                checked={access.rateLimitEnabled}
                onChange={(rateLimitEnabled) => setAccess((current) => ({ ...current, rateLimitEnabled }))}
              />
              <div className="flex items-center gap-2 text-sm">
                <input
                  aria-label="Requests per window"
                  type="number"
                  min={1}
                  className={`${fieldClass} w-20`}
                  disabled={!access.rateLimitEnabled}
                  value={access.limitMax}
                  onChange={(event) => setAccess((current) => ({ ...current, limitMax: event.target.value }))}
                />
                requests per
                <input
                  aria-label="Window in seconds"
                  type="number"
                  min={1}
                  className={`${fieldClass} w-20`}
                  disabled={!access.rateLimitEnabled}
                  value={access.limitDuration}
                  onChange={(event) =>
                    setAccess((current) => ({ ...current, limitDuration: event.target.value }))
                  }
                />
                seconds
              </div>
              <input
                aria-label="Rate limit message"
                placeholder="Too many requests"
                className={inputClass}
                disabled={!access.rateLimitEnabled}
                value={access.limitMsg}
                onChange={(event) => setAccess((current) => ({ ...current, limitMsg: event.target.value }))}
              />
            </fieldset>
          </div>
        </div>
      )}

      {tab === "appearance" && (
        <div className="grid grid-cols-[minmax(0,1fr)_18rem] gap-6">
          <div className="flex flex-col gap-3">
            <label className={labelClass}>
              Title
              <input
                className={inputClass}
                value={appearance.title}
                onChange={(event) => look({ title: event.target.value })}
              />
            </label>
            <label className={labelClass}>
              Welcome message
              <textarea
                className={inputClass}
                rows={2}
                value={appearance.welcomeMessage}
                onChange={(event) => look({ welcomeMessage: event.target.value })}
              />
            </label>
            <label className={labelClass}>
              Input placeholder
              <input
                className={inputClass}
                value={appearance.placeholder}
                onChange={(event) => look({ placeholder: event.target.value })}
              />
            </label>
            <div className="grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-slate-200 p-3">
              <ColorField
                label="Title background"
                value={appearance.titleBackgroundColor}
                onChange={(titleBackgroundColor) => look({ titleBackgroundColor })}
              />
              <ColorField
                label="Title text"
                value={appearance.titleTextColor}
                onChange={(titleTextColor) => look({ titleTextColor })}
              />
              <ColorField
                label="Background"
                value={appearance.backgroundColor}
                onChange={(backgroundColor) => look({ backgroundColor })}
              />
              <ColorField
                label="Send button"
                value={appearance.sendButtonColor}
                onChange={(sendButtonColor) => look({ sendButtonColor })}
              />
              <ColorField
                label="Bot bubble"
                value={appearance.botMessageBackgroundColor}
                onChange={(botMessageBackgroundColor) => look({ botMessageBackgroundColor })}
              />
              <ColorField
                label="Bot text"
                value={appearance.botMessageTextColor}
                onChange={(botMessageTextColor) => look({ botMessageTextColor })}
              />
              <ColorField
                label="User bubble"
                value={appearance.userMessageBackgroundColor}
                onChange={(userMessageBackgroundColor) => look({ userMessageBackgroundColor })}
              />
              <ColorField
                label="User text"
                value={appearance.userMessageTextColor}
                onChange={(userMessageTextColor) => look({ userMessageTextColor })}
              />
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium text-slate-700">Starter prompts</legend>
              {appearance.starterPrompts.map((prompt, index) => (
                <div key={index} className="flex gap-2">
                  <input
                    aria-label={`Starter prompt ${index + 1}`}
                    className={inputClass}
                    value={prompt}
                    onChange={(event) =>
                      look({
                        starterPrompts: appearance.starterPrompts.map((item, position) =>
                          position === index ? event.target.value : item,
                        ),
                      })
                    }
                  />
                  <button
                    type="button"
                    aria-label={`Delete prompt ${index + 1}`}
                    className={buttonClass.icon}
                    onClick={() =>
                      look({
                        starterPrompts: appearance.starterPrompts.filter((_, position) => position !== index),
                      })
                    }
                  >
                    ×
                  </button>
                </div>
              ))}
              <button
                type="button"
                className={`${buttonClass.ghost} self-start`}
                onClick={() => look({ starterPrompts: [...appearance.starterPrompts, ""] })}
              >
                + Add starter prompt
              </button>
            </fieldset>
          </div>
          <ChatbotPreview appearance={appearance} />
        </div>
      )}

      <div className="mt-6 flex justify-end gap-2 border-t border-slate-100 pt-4">
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={buttonClass.primary} onClick={() => void save()} disabled={isSaving}>
          {isSaving ? "Saving…" : "Save settings"}
        </button>
      </div>
    </Dialog>
  );
}
