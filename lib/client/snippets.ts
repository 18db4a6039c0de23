// Ready-to-copy code for calling a chatflow (API.md "Prediction") and embedding its chatbot.

export interface SnippetOptions {
  origin: string;
  chatflowId: string;
  /** True when the chatflow is bound to an API key (the caller must send it). */
  needsApiKey: boolean;
}

const question = "Hey, how are you?";
const keyPlaceholder = "<your API key>";

export function curlSnippet({ origin, chatflowId, needsApiKey }: SnippetOptions): string {
  return [
    `curl ${origin}/api/v1/prediction/${chatflowId} \\`,
    "  -X POST \\",
    '  -H "Content-Type: application/json" \\',
    ...(needsApiKey ? [`  -H "Authorization: Bearer ${keyPlaceholder}" \\`] : []),
    `  -d '{"question": "${question}"}'`,
  ].join("\n");
}

export function javascriptSnippet({ origin, chatflowId, needsApiKey }: SnippetOptions): string {
  const headers = needsApiKey
    ? `{\n      "Content-Type": "application/json",\n      Authorization: "Bearer ${keyPlaceholder}",\n    }`
    : `{ "Content-Type": "application/json" }`;
  return `async function query(data) {
  const response = await fetch("${origin}/api/v1/prediction/${chatflowId}", {
    method: "POST",
    headers: ${headers},
    body: JSON.stringify(data),
  });
  return response.json();
}

query({ question: "${question}" }).then((answer) => console.log(answer.text));`;
}

export function pythonSnippet({ origin, chatflowId, needsApiKey }: SnippetOptions): string {
  const headers = needsApiKey
    ? `\nheaders = {"Authorization": "Bearer ${keyPlaceholder}"}\n`
    : "\nheaders = {}\n";
  return `import requests

API_URL = "${origin}/api/v1/prediction/${chatflowId}"${headers}
def query(payload):
    response = requests.post(API_URL, json=payload, headers=headers)
    return response.json()

output = query({"question": "${question}"})
print(output["text"])`;
}

export function embedSnippet({ origin, chatflowId }: Pick<SnippetOptions, "origin" | "chatflowId">): string {
  return `<script type="module">
  import Chatbot from "${origin}/embed.js";
  Chatbot.init({
    chatflowid: "${chatflowId}",
    apiHost: "${origin}",
  });
</script>`;
}

/** Streaming variant for the curl tab: tokens arrive as server-sent events. */
export function curlStreamingSnippet(options: SnippetOptions): string {
  return curlSnippet(options)
    .replace(`{"question": "${question}"}`, `{"question": "${question}", "streaming": true}`)
    .replace("curl ", "curl -N ");
}
