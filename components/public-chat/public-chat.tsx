"use client";

import { useEffect, useRef, useState } from "react";
import { loadChatEmbed, type ChatbotInstance } from "./load-chat-embed";

interface PublicChatProps {
  chatflowId: string;
  /** public-chatbotConfig, read by the server: the widget starts without fetching it again. */
  chatbotConfig: Record<string, unknown>;
}

/**
 * The full-page chat of /chatbot/{id}. It runs the same embed script that other sites load, so the
 * public page and the embedded bubble behave alike (streaming, session per browser, uploads, sources).
 */
export function PublicChat({ chatflowId, chatbotConfig }: PublicChatProps) {
  const target = useRef<HTMLElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let instance: ChatbotInstance | undefined;
    let isCancelled = false;
    loadChatEmbed().then(
      (chatbot) => {
        if (isCancelled || !target.current) return;
        instance = chatbot.initFull({
          chatflowid: chatflowId,
          apiHost: window.location.origin,
          target: target.current,
          chatbotConfig,
        });
      },
      (error: Error) => setLoadError(error.message),
    );
    return () => {
      isCancelled = true;
      instance?.destroy();
    };
  }, [chatflowId, chatbotConfig]);

  return (
    <main ref={target} className="h-dvh w-full" data-testid="public-chat">
      {loadError ? (
        <p role="alert" className="p-6 text-center text-red-700">
          The chat could not start: {loadError}
        </p>
      ) : null}
    </main>
  );
}
