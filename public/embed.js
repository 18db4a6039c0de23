/*! Chatflow Studio chat embed: a chat bubble and window for one chatflow. No dependencies. */
// An ES module; three ways to put it on a page (docs/api/public.md):
//   <script type="module" src="https://HOST/embed.js" data-chatflowid="ID"></script>
//   <script type="module">
//     import Chatbot from "https://HOST/embed.js";
//     Chatbot.init({ chatflowid: "ID", apiHost: "https://HOST", theme: { button: { backgroundColor: "#111" } } });
//   </script>
//   <script src="https://HOST/embed-classic.js" data-chatflowid="ID"></script>   (a classic tag)
// The widget lives in a Shadow DOM, so the page's CSS and ours never meet, and it calls the API
// cross-origin, so the chatflow's allowed origins decide on which sites it works.

const Chatbot = (() => {
  const ownOrigin = new URL(import.meta.url).origin; // the default API host: whoever serves this file
  const instances = new Set();
  const NOT_AVAILABLE = "This chatbot is not available right now.";
  const OFFLINE = "Could not reach the chatbot. Check your connection and try again.";
  const SIZES = { small: 48, medium: 56, large: 64 };
  const DEFAULTS = {
    button: { backgroundColor: "#2563eb", iconColor: "#fff", right: 20, bottom: 20, size: "medium" },
    chatWindow: {
      title: "Chat",
      backgroundColor: "#fff",
      fontSize: 15,
      width: 380,
      height: 600,
      titleTextColor: "#fff",
      botMessage: { backgroundColor: "#f1f5f9", textColor: "#0f172a" },
      userMessage: { textColor: "#fff" },
      textInput: { placeholder: "Type your question", backgroundColor: "#fff", textColor: "#0f172a" },
    },
  };
  const CSS = `:host{all:initial}*{box-sizing:border-box}
.root{font:var(--fs)/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.bubble{position:fixed;right:var(--right);bottom:var(--bottom);width:var(--size);height:var(--size);border:0;border-radius:50%;background:var(--accent);color:var(--icon);cursor:pointer;display:grid;place-items:center;box-shadow:0 4px 14px #0004;z-index:2147483000;transition:transform .15s}
.bubble:hover{transform:scale(1.06)}.bubble svg{width:46%;height:46%}
.window{display:flex;flex-direction:column;overflow:hidden;background:var(--bg)}
.floating{position:fixed;right:var(--right);bottom:calc(var(--bottom) + var(--size) + 12px);width:min(var(--width),calc(100vw - 24px));height:min(var(--height),calc(100vh - var(--bottom) - var(--size) - 24px));border-radius:14px;box-shadow:0 10px 40px #0004;z-index:2147483000}
.window[hidden]{display:none}.full{width:100%;height:100%}
header{display:flex;align-items:center;gap:10px;padding:12px 14px;background:var(--title-bg,var(--accent));color:var(--title-fg)}
header img{width:28px;height:28px;border-radius:50%}
h2{flex:1;margin:0;font-size:1.05em;font-weight:600}
button{font:inherit;cursor:pointer}
header button{background:none;border:0;color:inherit;padding:4px 8px;border-radius:6px}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px}
.msg{max-width:85%;padding:9px 12px;border-radius:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.bot{align-self:flex-start;background:var(--bot-bg);color:var(--bot-fg);border-bottom-left-radius:4px}
.user{align-self:flex-end;background:var(--user-bg,var(--accent));color:var(--user-fg);border-bottom-right-radius:4px}
.error{background:#fef2f2;color:#991b1b}.notice{align-self:center;max-width:100%;color:#475569;font-size:.9em;text-align:center}
.typing::after{content:"\\2022\\2022\\2022";letter-spacing:2px;animation:pulse 1s infinite}
@keyframes pulse{50%{opacity:.3}}
.files{font-size:.85em;opacity:.85}
pre,code{font-family:ui-monospace,Menlo,monospace;font-size:.9em;background:#0000000f;border-radius:4px}
pre{padding:8px;overflow-x:auto;white-space:pre}a{color:inherit}
details{margin-top:6px;font-size:.85em;white-space:normal}ol{margin:4px 0;padding-left:18px}
.chips{display:flex;flex-wrap:wrap;gap:6px;padding:0 14px 10px}
.chips button{border:1px solid var(--accent);color:var(--accent);background:var(--bg);border-radius:999px;padding:5px 11px;font-size:.9em}
form{display:flex;align-items:flex-end;gap:4px;padding:8px;border-top:1px solid #e2e8f0;background:var(--input-bg)}
form:focus-within{box-shadow:inset 0 0 0 2px var(--accent)}
textarea{flex:1;resize:none;border:0;outline:0;background:none;color:var(--input-fg);font:inherit;max-height:140px;padding:7px 6px}
form button{border:0;background:none;color:var(--send,var(--accent));padding:7px;border-radius:8px;line-height:0}
form button:disabled{opacity:.4;cursor:default}form svg{width:20px;height:20px}
.pending{display:flex;flex-wrap:wrap;gap:6px;padding:0 10px 6px;background:var(--input-bg);font-size:.85em}
.pending button{border:1px solid #cbd5e1;background:none;border-radius:6px;padding:2px 6px}`;
  const ICON_CHAT =
    '<path d="M4 4h16v12H7l-3 3z" fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"/>';
  const ICON_CLOSE =
    '<path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>';
  const ICON_SEND = '<path d="M3 20l18-8L3 4v6l12 2-12 2z" fill="currentColor"/>';
  const ICON_CLIP =
    '<path d="M20 11l-8 8a5 5 0 01-7-7l9-9a3.5 3.5 0 015 5l-9 9a2 2 0 01-3-3l8-8" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>';

  function h(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const key in props) {
      const value = props[key];
      if (value == null || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "text") node.textContent = value;
      else if (key === "html") node.innerHTML = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    node.append(...children);
    return node;
  }
  const svg = (paths) => `<svg viewBox="0 0 24 24" aria-hidden="true">${paths}</svg>`;
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  // Later sources win; empty strings and nulls (unset fields of a saved config) do not override.
  const merge = (...sources) =>
    sources.reduce((out, source) => {
      for (const key in source) {
        const value = source[key];
        if (value == null || value === "") continue;
        out[key] = isObject(value) ? merge(isObject(out[key]) ? out[key] : {}, value) : value;
      }
      return out;
    }, {});
  const px = (value) => (typeof value === "number" ? value + "px" : value);
  // Starter prompts come as Flowise saves them ({"0": {"prompt": "…"}}), as an array, or as strings.
  const promptsOf = (value) =>
    Object.values(value || {})
      .map((item) => (typeof item === "string" ? item : item && item.prompt))
      .filter(Boolean);

  // A small, safe Markdown subset: everything is escaped first, then code, bold and http(s) links.
  const escape = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const inline = (text) =>
    escape(text)
      .replace(/`([^`\n]+)`/g, "<code>$1</code>")
      .replace(/\*\*([^*\n]+)\*\*/g, "<strong>$1</strong>")
      .replace(
        /\[([^\]\n]+)\]\((https?:\/\/[^\s)]+)\)/g,
        '<a href="$2" target="_blank" rel="noopener noreferrer">$1</a>',
      );
  const markdown = (text) =>
    text
      .split(/```[^\n]*\n?/)
      .map((part, index) => (index % 2 ? `<pre><code>${escape(part)}</code></pre>` : inline(part)))
      .join("");

  function readUpload(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () =>
        resolve({
          data: reader.result,
          type: "file",
          name: file.name,
          mime: file.type || "application/octet-stream",
        });
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(file);
    });
  }

  // Server-sent events: blocks separated by a blank line, the payload in `data:` lines. Like Flowise's
  // clients we switch on the JSON's own `event` field and ignore the `event:` line.
  async function readEvents(response, onEvent) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = done ? "" : blocks.pop();
      for (const block of blocks) {
        const data = block
          .split(/\r?\n/)
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).replace(/^ /, ""))
          .join("\n");
        if (!data) continue;
        try {
          onEvent(JSON.parse(data));
        } catch {
          // not JSON: a comment or a foreign event
        }
      }
      if (done) return;
    }
  }

  async function errorMessage(response, fallback) {
    try {
      const body = await response.json();
      if (response.status < 500 && body && body.message) return body.message;
    } catch {
      // not JSON
    }
    return fallback || `The chatbot failed to answer (${response.status}).`;
  }

  function mount(options, isFull) {
    const id = options && options.chatflowid;
    if (!id) throw new Error("Chatbot: chatflowid is required");
    const api = (options.apiHost || ownOrigin).replace(/\/+$/, "");
    const storeKey = "chatflow-studio:" + id;
    let theme = merge(DEFAULTS, options.theme);
    let config = {};
    let stored = {};
    try {
      stored = JSON.parse(localStorage.getItem(storeKey)) || {};
    } catch {
      // storage blocked (sandboxed frame) or unreadable: start afresh
    }
    let chatId = stored.chatId || "";
    let messages = Array.isArray(stored.messages) ? stored.messages : [];
    let pending = [];
    let followUps = [];
    let isBusy = false;
    let isUnavailable = false;
    let aborter = new AbortController();

    const target =
      typeof options.target === "string" ? document.querySelector(options.target) : options.target;
    const host = h("div", { "data-chatflow-embed": id, style: isFull ? "display:block;height:100%" : null });
    (isFull && target ? target : document.body).append(host);
    const shadow = host.attachShadow({ mode: "open" });
    const root = h("div", { class: "root" });
    shadow.append(h("style", { text: CSS }), root);

    const title = h("h2");
    const avatar = h("img", { alt: "", hidden: true });
    const log = h("div", { class: "log", role: "log", "aria-live": "polite", "aria-label": "Conversation" });
    const chips = h("div", { class: "chips" });
    const pendingList = h("div", { class: "pending", hidden: true });
    const input = h("textarea", { rows: 1, "aria-label": "Message", onkeydown: onKey, oninput: resize });
    const fileInput = h("input", {
      type: "file",
      multiple: true,
      hidden: true,
      onchange: () => addFiles(fileInput.files),
    });
    const attach = h("button", {
      type: "button",
      "aria-label": "Attach files",
      hidden: true,
      html: svg(ICON_CLIP),
      onclick: () => fileInput.click(),
    });
    const send = h("button", { type: "submit", "aria-label": "Send", html: svg(ICON_SEND) });
    const form = h(
      "form",
      { onsubmit: (event) => (event.preventDefault(), ask(input.value)) },
      attach,
      fileInput,
      input,
      send,
    );
    const header = h(
      "header",
      null,
      avatar,
      title,
      h("button", { type: "button", text: "New chat", "aria-label": "Start a new chat", onclick: clear }),
    );
    const win = h("div", {
      class: "window " + (isFull ? "full" : "floating"),
      role: isFull ? "region" : "dialog",
      id: "chat",
      hidden: !isFull,
      onkeydown: (event) => event.key === "Escape" && !isFull && toggle(false),
    });
    win.append(header, log, chips, pendingList, form);
    root.append(win);
    let bubble = null;
    if (!isFull) {
      bubble = h("button", {
        class: "bubble",
        type: "button",
        "aria-label": "Open chat",
        "aria-expanded": "false",
        "aria-controls": "chat",
        onclick: () => toggle(win.hidden),
      });
      header.append(
        h("button", {
          type: "button",
          "aria-label": "Close chat",
          html: svg(ICON_CLOSE),
          style: "line-height:0",
          onclick: () => toggle(false),
        }),
      );
      root.append(bubble);
    }

    function applyTheme() {
      const button = theme.button;
      const chat = theme.chatWindow;
      const vars = {
        accent: button.backgroundColor,
        icon: button.iconColor,
        right: px(button.right),
        bottom: px(button.bottom),
        size: px(SIZES[button.size] || button.size),
        width: px(chat.width),
        height: px(chat.height),
        bg: chat.backgroundColor,
        fs: px(chat.fontSize),
        "title-bg": chat.titleBackgroundColor,
        "title-fg": chat.titleTextColor,
        "bot-bg": chat.botMessage.backgroundColor,
        "bot-fg": chat.botMessage.textColor,
        "user-bg": chat.userMessage.backgroundColor,
        "user-fg": chat.userMessage.textColor,
        "input-bg": chat.textInput.backgroundColor,
        "input-fg": chat.textInput.textColor,
        send: chat.textInput.sendButtonColor,
      };
      for (const name in vars) if (vars[name] != null) root.style.setProperty("--" + name, vars[name]);
      title.textContent = chat.title;
      win.setAttribute("aria-label", chat.title);
      avatar.hidden = !chat.titleAvatarSrc;
      if (chat.titleAvatarSrc) avatar.src = chat.titleAvatarSrc;
      input.placeholder = chat.textInput.placeholder;
      if (chat.textInput.maxChars) input.maxLength = chat.textInput.maxChars;
      if (bubble && button.customIconSrc)
        bubble.replaceChildren(h("img", { src: button.customIconSrc, alt: "", style: "width:60%" }));
      else if (bubble) bubble.innerHTML = svg(ICON_CHAT);
    }

    function save() {
      try {
        const kept = messages
          .slice(-50)
          .map(({ role, text, sources, files, isError }) => ({ role, text, sources, files, isError }));
        localStorage.setItem(storeKey, JSON.stringify({ chatId, messages: kept }));
      } catch {
        // storage full or blocked: the session lasts as long as the page
      }
    }

    function render(message) {
      const node = message.node || (message.node = log.appendChild(h("div")));
      node.className = `msg ${message.role}${message.isError ? " error" : ""}${message.isTyping ? " typing" : ""}`;
      if (message.role === "user" || message.isError) node.textContent = message.text;
      else node.innerHTML = markdown(message.text);
      if (message.files && message.files.length)
        node.append(h("div", { class: "files", text: "Files: " + message.files.join(", ") }));
      const sources = message.sources || [];
      if (sources.length) {
        const list = h("ol");
        for (const doc of sources) {
          const meta = doc.metadata || {};
          const text = String(doc.pageContent || "");
          list.append(
            h(
              "li",
              null,
              h("strong", { text: String(meta.source || meta.title || "Document") }),
              " " + text.slice(0, 160) + (text.length > 160 ? "\u2026" : ""),
            ),
          );
        }
        node.append(h("details", null, h("summary", { text: `Sources (${sources.length})` }), list));
      }
      log.scrollTop = log.scrollHeight;
    }

    function renderAll() {
      log.replaceChildren();
      const welcome = theme.chatWindow.welcomeMessage;
      if (welcome) log.append(h("div", { class: "msg bot", html: markdown(welcome) }));
      for (const message of messages) {
        message.node = null;
        render(message);
      }
      if (isUnavailable) log.append(h("div", { class: "notice", role: "status", text: NOT_AVAILABLE }));
      renderChips();
    }

    function renderChips() {
      const hasAsked = messages.some((message) => message.role === "user");
      const prompts = isUnavailable ? [] : hasAsked ? followUps : promptsOf(theme.chatWindow.starterPrompts);
      chips.replaceChildren(
        ...prompts.map((prompt) => h("button", { type: "button", text: prompt, onclick: () => ask(prompt) })),
      );
      chips.hidden = prompts.length === 0;
    }

    function add(message) {
      messages.push(message);
      render(message);
      return message;
    }

    function fail(answer, text) {
      if (answer.text && !answer.isError) answer = add({ role: "bot", text: "" });
      Object.assign(answer, { text, isError: true, isTyping: false });
      render(answer);
    }

    function finish(answer, data) {
      chatId = data.chatId || chatId;
      if (!answer.text && typeof data.text === "string") answer.text = data.text;
      answer.sources = data.sourceDocuments || answer.sources;
      answer.isTyping = false;
      followUps = Array.isArray(data.followUpPrompts)
        ? data.followUpPrompts.filter((item) => typeof item === "string")
        : [];
      render(answer);
    }

    function onEvent(answer, event) {
      if (event.event === "token" && event.data) {
        answer.text += event.data;
        answer.isTyping = false;
        render(answer);
      } else if (event.event === "sourceDocuments") answer.sources = event.data;
      else if (event.event === "metadata") finish(answer, event.data || event);
      else if (event.event === "error")
        fail(
          answer,
          String(
            event.data || event.message || theme.chatWindow.errorMessage || "The chatbot failed to answer.",
          ),
        );
    }

    async function ask(text) {
      const question = String(text || "").trim();
      if (!question || isBusy || isUnavailable) return;
      const files = pending;
      pending = [];
      renderPending();
      input.value = "";
      resize();
      followUps = [];
      add({ role: "user", text: question, files: files.map((file) => file.name) });
      renderChips();
      const answer = add({ role: "bot", text: "", isTyping: true });
      setBusy(true);
      try {
        const body = { question, chatId, streaming: true };
        if (options.chatflowConfig) body.overrideConfig = options.chatflowConfig;
        if (files.length) body.uploads = await Promise.all(files.map(readUpload));
        const response = await fetch(`${api}/api/v1/prediction/${encodeURIComponent(id)}`, {
          method: "POST",
          // text/plain keeps this a CORS "simple request": no preflight round trip per message, and a
          // site the chatflow refuses can still read the 403 that says so. The server parses JSON
          // whatever the content type says.
          headers: { "Content-Type": "text/plain;charset=UTF-8" },
          body: JSON.stringify(body),
          signal: aborter.signal,
        });
        if (!response.ok) fail(answer, await errorMessage(response, theme.chatWindow.errorMessage));
        else if ((response.headers.get("content-type") || "").includes("text/event-stream"))
          await readEvents(response, (event) => onEvent(answer, event));
        else finish(answer, await response.json());
        if (answer.isTyping) fail(answer, theme.chatWindow.errorMessage || "The chatbot sent no answer.");
      } catch (error) {
        if (error.name === "AbortError") return;
        fail(answer, OFFLINE);
      } finally {
        setBusy(false);
        renderChips();
        save();
      }
    }

    function setBusy(busy) {
      isBusy = busy;
      send.disabled = busy || isUnavailable;
      log.setAttribute("aria-busy", String(busy));
    }

    function addFiles(list) {
      const limits = [
        ...(config.uploads.fileUploadSizeAndTypes || []),
        ...(config.uploads.imgUploadSizeAndTypes || []),
      ];
      const maxMb = Math.max(0, ...limits.map((limit) => limit.maxUploadSize || 0));
      for (const file of list) {
        if (maxMb && file.size > maxMb * 1024 * 1024)
          add({ role: "bot", text: `${file.name} is larger than ${maxMb} MB.`, isError: true });
        else pending.push(file);
      }
      fileInput.value = "";
      renderPending();
    }

    function renderPending() {
      pendingList.hidden = pending.length === 0;
      pendingList.replaceChildren(
        ...pending.map((file, index) =>
          h("button", {
            type: "button",
            "aria-label": "Remove " + file.name,
            text: file.name + " \u00d7",
            onclick: () => (pending.splice(index, 1), renderPending()),
          }),
        ),
      );
    }

    function onKey(event) {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        ask(input.value);
      }
    }

    function resize() {
      input.style.height = "auto";
      input.style.height = Math.min(input.scrollHeight, 140) + "px";
    }

    function toggle(open) {
      win.hidden = !open;
      bubble.setAttribute("aria-expanded", String(open));
      bubble.setAttribute("aria-label", open ? "Close chat" : "Open chat");
      if (open) {
        log.scrollTop = log.scrollHeight;
        input.focus();
      } else bubble.focus();
    }

    function clear() {
      aborter.abort();
      aborter = new AbortController();
      messages = [];
      chatId = "";
      followUps = [];
      setBusy(false);
      save();
      renderAll();
      input.focus();
    }

    function applyConfig(value) {
      isUnavailable = value === null;
      config = merge({ uploads: {} }, value);
      const { uploads, ...chatWindow } = config;
      theme = merge(DEFAULTS, { chatWindow }, options.theme);
      const types = [
        ...(uploads.fileUploadSizeAndTypes || []),
        ...(uploads.imgUploadSizeAndTypes || []),
      ].flatMap((limit) => limit.fileTypes || []);
      attach.hidden = !(uploads.isRAGFileUploadAllowed || uploads.isImageUploadAllowed);
      if (types.length) fileInput.accept = types.join(",");
      input.disabled = isUnavailable;
      setBusy(isBusy);
      applyTheme();
      renderAll();
    }

    applyTheme();
    renderAll();
    const loaded = options.chatbotConfig
      ? Promise.resolve(options.chatbotConfig)
      : fetch(`${api}/api/v1/public-chatbotConfig/${encodeURIComponent(id)}`, {
          signal: aborter.signal,
        }).then(
          (response) => (response.ok ? response.json() : response.status === 404 ? null : {}),
          (error) => (error.name === "AbortError" ? undefined : {}),
        );
    loaded.then((value) => value !== undefined && host.isConnected && applyConfig(value));

    const instance = {
      open: () => (isFull ? input.focus() : toggle(true)),
      close: () => !isFull && toggle(false),
      clear,
      destroy() {
        aborter.abort();
        host.remove();
        instances.delete(instance);
      },
    };
    instances.add(instance);
    return instance;
  }

  const whenReady = (start) =>
    document.body ? start() : addEventListener("DOMContentLoaded", start, { once: true });
  const exported = {
    /** A chat bubble in the corner of the page that opens a chat window. */
    init: (options) => whenReady(() => mount(options, false)),
    /** The chat window alone, filling `options.target` (an element or a selector). */
    initFull: (options) => whenReady(() => mount(options, true)),
    destroy: () => instances.forEach((instance) => instance.destroy()),
    clearChat: () => instances.forEach((instance) => instance.clear()),
  };

  const json = (text, name) => {
    try {
      return text ? JSON.parse(text) : undefined;
    } catch {
      console.warn(`Chatbot: ${name} is not valid JSON`);
    }
  };
  /** Starts a chatbot from a script tag's data- attributes (chatflowid, api-host, theme, chatflow-config, mode, target). */
  exported.initFromScript = (tag) => {
    const data = tag.dataset;
    const options = {
      chatflowid: data.chatflowid,
      apiHost: data.apiHost,
      theme: json(data.theme, "data-theme"),
      chatflowConfig: json(data.chatflowConfig, "data-chatflow-config"),
      target: data.target,
    };
    return (data.mode === "full" ? exported.initFull : exported.init)(options);
  };
  // <script type="module" src=".../embed.js" data-chatflowid="…">: a module runs once per page, so it
  // starts every such tag (module scripts run after parsing, when all of them are in the document).
  for (const tag of document.querySelectorAll("script[data-chatflowid]")) {
    if (tag.src === import.meta.url) exported.initFromScript(tag);
  }
  return exported;
})();
// The page's own scripts may call window.Chatbot.init too, as with Flowise's widget.
window.Chatbot = Chatbot;

export default Chatbot;
