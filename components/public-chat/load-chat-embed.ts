// The embed script (public/embed.js, an ES module that also sets window.Chatbot), loaded once per
// page. It is plain JavaScript outside the bundle because other sites load the very same file.

export interface ChatbotInstance {
  open(): void;
  clear(): void;
  destroy(): void;
}

export interface ChatbotApi {
  initFull(options: {
    chatflowid: string;
    apiHost: string;
    target: HTMLElement;
    chatbotConfig?: Record<string, unknown>;
  }): ChatbotInstance | undefined;
}

declare global {
  interface Window {
    Chatbot?: ChatbotApi;
  }
}

let loading: Promise<ChatbotApi> | null = null;

export function loadChatEmbed(): Promise<ChatbotApi> {
  loading ??= new Promise<ChatbotApi>((resolve, reject) => {
    if (window.Chatbot) return resolve(window.Chatbot);
    const script = document.createElement("script");
    script.type = "module";
    script.src = "/embed.js";
    script.onload = () =>
      window.Chatbot ? resolve(window.Chatbot) : reject(new Error("embed.js defined no Chatbot"));
    script.onerror = () => {
      loading = null;
      reject(new Error("embed.js could not be loaded"));
    };
    document.head.append(script);
  });
  return loading;
}
