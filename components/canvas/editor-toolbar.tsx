"use client";

import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { BackIcon, RedoIcon, UndoIcon } from "@/components/ui/icons";
import { buttonClass, fieldClass } from "@/components/ui/styles";
import type { MissingInput } from "@/lib/client/flow-graph";
import type { Chatflow } from "@/lib/client/types";

interface EditorToolbarProps {
  chatflow: Chatflow;
  isDirty: boolean;
  isSaving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  missing: MissingInput[];
  isChatOpen: boolean;
  onSave: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onArrange: () => void;
  onRename: (name: string) => Promise<void>;
  onToggleChat: () => void;
  onFocusNode: (nodeId: string) => void;
  onChatflowChange: (chatflow: Chatflow) => void;
  /** Buttons for dialogs (settings, API, upsert) placed before Save. */
  extra?: ReactNode;
}

const modKey = () => (typeof navigator !== "undefined" && /Mac/i.test(navigator.platform) ? "⌘" : "Ctrl+");

function NameField({ name, onRename }: { name: string; onRename: (name: string) => Promise<void> }) {
  const [draft, setDraft] = useState(name);
  const [prevName, setPrevName] = useState(name);
  if (prevName !== name) {
    setPrevName(name);
    setDraft(name);
  }
  const commit = () => {
    const next = draft.trim();
    if (next && next !== name) void onRename(next);
    else setDraft(name);
  };
  return (
    <input
      aria-label="Chatflow name"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") (event.target as HTMLInputElement).blur();
        if (event.key === "Escape") setDraft(name);
      }}
      className={`${fieldClass} w-56 border-transparent bg-transparent font-semibold hover:border-slate-300`}
    />
  );
}

function MissingInputs({
  missing,
  onFocusNode,
}: {
  missing: MissingInput[];
  onFocusNode: (nodeId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    return () => document.removeEventListener("mousedown", close);
  }, [open]);
  if (missing.length === 0) return null;
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        data-testid="missing-inputs"
        onClick={() => setOpen((value) => !value)}
        className="rounded-md bg-red-50 px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-100"
      >
        {missing.length} required input{missing.length > 1 ? "s" : ""} missing
      </button>
      {open && (
        <ul className="absolute right-0 z-50 mt-1 max-h-72 w-72 overflow-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg">
          {missing.map((item) => (
            <li key={`${item.nodeId}:${item.input}`}>
              <button
                type="button"
                className="w-full px-3 py-1.5 text-left hover:bg-slate-50"
                onClick={() => {
                  onFocusNode(item.nodeId);
                  setOpen(false);
                }}
              >
                <span className="font-medium">{item.nodeLabel}</span>: {item.input}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function EditorToolbar(props: EditorToolbarProps) {
  const { chatflow, isDirty, isSaving } = props;
  const mod = modKey();
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3">
      <Link href="/chatflows" className={buttonClass.ghost} aria-label="Back to chatflows">
        <BackIcon />
      </Link>
      <NameField name={chatflow.name} onRename={props.onRename} />
      <span data-testid="save-status" className={`text-xs ${isDirty ? "text-amber-700" : "text-slate-400"}`}>
        {isSaving ? "Saving…" : isDirty ? "Unsaved changes" : "All changes saved"}
      </span>
      <div className="flex-1" />
      <MissingInputs missing={props.missing} onFocusNode={props.onFocusNode} />
      <div className="flex items-center">
        <button
          type="button"
          className={buttonClass.icon}
          aria-label="Undo"
          title={`Undo (${mod}Z)`}
          disabled={!props.canUndo}
          onClick={props.onUndo}
        >
          <UndoIcon />
        </button>
        <button
          type="button"
          className={buttonClass.icon}
          aria-label="Redo"
          title={`Redo (${mod}Shift+Z)`}
          disabled={!props.canRedo}
          onClick={props.onRedo}
        >
          <RedoIcon />
        </button>
      </div>
      <button
        type="button"
        className={buttonClass.ghost}
        onClick={props.onArrange}
        title="Lay the flow out from left to right"
      >
        Arrange
      </button>
      <Link href={`/chatflows/${chatflow.id}/runs`} className={buttonClass.ghost}>
        Runs
      </Link>
      {props.extra}
      <button
        type="button"
        className={buttonClass.ghost}
        aria-pressed={props.isChatOpen}
        onClick={props.onToggleChat}
      >
        {props.isChatOpen ? "Hide chat" : "Test chat"}
      </button>
      <button
        type="button"
        className={buttonClass.primary}
        onClick={props.onSave}
        disabled={isSaving}
        title={`Save (${mod}S)`}
      >
        {isSaving ? "Saving…" : "Save"}
      </button>
    </div>
  );
}
