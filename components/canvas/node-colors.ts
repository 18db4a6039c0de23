// One accent per palette category, so a flow reads at a glance.
const colors: Record<string, string> = {
  "Chat Models": "#6366f1",
  Chains: "#0ea5e9",
  Agents: "#f97316",
  Memory: "#a855f7",
  Prompts: "#14b8a6",
  Tools: "#eab308",
  "Vector Stores": "#10b981",
  Embeddings: "#ec4899",
  "Document Loaders": "#84cc16",
  "Text Splitters": "#64748b",
  Retrievers: "#22c55e",
  Utilities: "#f59e0b",
};

export function categoryColor(category: string): string {
  return colors[category] ?? "#94a3b8";
}
