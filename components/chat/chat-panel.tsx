"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { buttonClass, fieldClass } from "@/components/ui/styles";
import { errorMessage } from "@/lib/client/api";
import type { MissingInput } from "@/lib/client/flow-graph";
import { runPrediction } from "@/lib/client/prediction";
import { ChatMessage, type ChatEntry } from "./chat-message";

interface ChatPanelProps {
  chatflowId: string;
  hasUnsavedChanges: boolean;
  missing: MissingInput[];
  onSave: () => void;
  onClose: () => void;
}

interface StoredChat {
  chatId?: string;
  messages: ChatEntry[];
}

const storageKey = (chatflowId: string) => `chatflow-studio:chat:${chatflowId}`;

function readStoredChat(chatflowId: string): StoredChat {
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(chatflowId)) ?? "null") as StoredChat | null;
    if (stored && Array.isArray(stored.messages)) {
      return {
        chatId: stored.chatId,
        messages: stored.messages.map((message) => ({ ...message, isStreaming: false })),
      };
    }
  } catch {
    // unreadable storage starts a new chat
  }
  return { messages: [] };
}

let nextEntryId = 0;
const newEntryId = () => `m${Date.now().toString(36)}${(nextEntryId++).toString(36)}`;

/**
 * The builder's test chat: streams the answer of the saved flow token by token, shows its sources
 * and tool calls, and keeps one session (chatId) until cleared.
 */
export function ChatPanel({ chatflowId, hasUnsavedChanges, missing, onSave, onClose }: ChatPanelProps) {
  const [chat, setChat] = useState<StoredChat>(() => readStoredChat(chatflowId));
  const [question, setQuestion] = useState("");
  const [isBusy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    sessionStorage.setItem(storageKey(chatflowId), JSON.stringify(chat));
    list.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [chat, chatflowId]);

  useEffect(() => () => controller.current?.abort(), []);

  const updateAnswer = (id: string, change: (entry: ChatEntry) => ChatEntry) =>
    setChat((current) => ({
      ...current,
      messages: current.messages.map((message) => (message.id === id ? change(message) : message)),
    }));

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const text = question.trim();
    if (!text || isBusy) return;
    const answerId = newEntryId();
    setQuestion("");
    setBusy(true);
    setChat((current) => ({
      ...current,
      messages: [
        ...current.messages,
        { id: newEntryId(), role: "user", text },
        { id: answerId, role: "assistant", text: "", isStreaming: true },
      ],
    }));
    const abort = new AbortController();
    controller.current = abort;
    try {
      const result = await runPrediction(
        chatflowId,
        { question: text, chatId: chat.chatId },
        { onToken: (token) => updateAnswer(answerId, (entry) => ({ ...entry, text: entry.text + token })) },
        abort.signal,
      );
      setChat((current) => ({
        chatId: result.chatId ?? current.chatId,
        messages: current.messages.map((message) =>
          message.id === answerId
            ? {
                ...message,
                text: result.text ?? message.text,
                isStreaming: false,
                sourceDocuments: result.sourceDocuments,
                usedTools: result.usedTools,
              }
            : message,
        ),
      }));
    } catch (caught) {
      const stopped = abort.signal.aborted;
      updateAnswer(answerId, (entry) => ({
        ...entry,
        isStreaming: false,
        error: stopped ? undefined : errorMessage(caught),
        text: stopped ? `${entry.text} [stopped]` : entry.text,
      }));
    } finally {
      setBusy(false);
      controller.current = null;
    }
  }

  function clear() {
    controller.current?.abort();
    setChat({ messages: [] });
  }

  return (
    <aside
      aria-label="Test chat"
      data-testid="chat-panel"
      className="flex h-full w-80 shrink-0 flex-col border-l border-slate-200 bg-white xl:w-[360px]"
    >
      <header className="flex items-center justify-between border-b border-slate-200 px-3 py-2">
        <h2 className="text-sm font-semibold">Test chat</h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={clear}
            disabled={chat.messages.length === 0 && !chat.chatId}
          >
            Clear chat
          </button>
          <button type="button" aria-label="Close chat" className={buttonClass.icon} onClick={onClose}>
            ×
          </button>
        </div>
      </header>
      {hasUnsavedChanges && (
        <div className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
          <span className="flex-1">The chat runs the last saved version of this flow.</span>
          <button type="button" className="font-semibold underline" onClick={onSave}>
            Save now
          </button>
        </div>
      )}
      {missing.length > 0 && (
        <p className="border-b border-red-100 bg-red-50 px-3 py-2 text-xs text-red-800">
          Fill the required inputs first:{" "}
          {missing
            .slice(0, 3)
            .map((item) => `${item.nodeLabel} → ${item.input}`)
            .join(", ")}
          {missing.length > 3 ? ` and ${missing.length - 3} more` : ""}.
        </p>
      )}
      <ol ref={list} aria-live="polite" className="flex flex-1 flex-col gap-3 overflow-y-auto p-3">
        {chat.messages.length === 0 && (
          <li className="m-auto max-w-60 text-center text-sm text-slate-400">
            Ask something to try the saved flow.
          </li>
        )}
        {chat.messages.map((entry) => (
          <ChatMessage key={entry.id} entry={entry} />
        ))}
      </ol>
      {chat.chatId && (
        <p className="truncate px-3 text-[10px] text-slate-400" data-testid="chat-session">
          Session {chat.chatId}
        </p>
      )}
      <form onSubmit={send} className="flex gap-2 border-t border-slate-200 p-3">
        <textarea
          aria-label="Message"
          rows={2}
          value={question}
          placeholder="Type a question"
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          className={`${fieldClass} flex-1 resize-none`}
        />
        {isBusy ? (
          <button type="button" className={buttonClass.secondary} onClick={() => controller.current?.abort()}>
            Stop
          </button>
        ) : (
          <button type="submit" className={buttonClass.primary} disabled={!question.trim()}>
            Send
          </button>
        )}
      </form>
    </aside>
  );
}
