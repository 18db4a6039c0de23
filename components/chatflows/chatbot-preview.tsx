import type { Appearance } from "@/lib/client/chatflow-config";

/** A static rendering of the embedded chatbot with the current appearance, updated as you type. */
export function ChatbotPreview({ appearance }: { appearance: Appearance }) {
  return (
    <div
      data-testid="chatbot-preview"
      aria-label="Chatbot preview"
      className="flex h-[420px] w-full flex-col overflow-hidden rounded-xl border border-slate-200 shadow-lg"
      style={{ background: appearance.backgroundColor }}
    >
      <div
        className="px-4 py-3 text-sm font-semibold"
        style={{ background: appearance.titleBackgroundColor, color: appearance.titleTextColor }}
      >
        {appearance.title || "Chatbot"}
      </div>
      <div className="flex flex-1 flex-col gap-2 overflow-hidden p-3 text-sm">
        {appearance.welcomeMessage && (
          <p
            className="max-w-[85%] self-start rounded-2xl px-3 py-2"
            style={{
              background: appearance.botMessageBackgroundColor,
              color: appearance.botMessageTextColor,
            }}
          >
            {appearance.welcomeMessage}
          </p>
        )}
        <p
          className="max-w-[85%] self-end rounded-2xl px-3 py-2"
          style={{
            background: appearance.userMessageBackgroundColor,
            color: appearance.userMessageTextColor,
          }}
        >
          What can you do?
        </p>
        <p
          className="max-w-[85%] self-start rounded-2xl px-3 py-2"
          style={{ background: appearance.botMessageBackgroundColor, color: appearance.botMessageTextColor }}
        >
          I answer questions about your flow.
        </p>
        <div className="mt-auto flex flex-wrap gap-1.5">
          {appearance.starterPrompts
            .filter((prompt) => prompt.trim())
            .map((prompt, index) => (
              <span
                key={index}
                className="rounded-full border px-2.5 py-1 text-xs"
                style={{ borderColor: appearance.sendButtonColor, color: appearance.sendButtonColor }}
              >
                {prompt}
              </span>
            ))}
        </div>
      </div>
      <div className="flex items-center gap-2 border-t border-slate-200 bg-white p-2">
        <span className="flex-1 truncate px-2 text-sm text-slate-400">
          {appearance.placeholder || "Type your question"}
        </span>
        <span
          className="rounded-full px-3 py-1 text-xs font-medium text-white"
          style={{ background: appearance.sendButtonColor }}
        >
          Send
        </span>
      </div>
    </div>
  );
}
