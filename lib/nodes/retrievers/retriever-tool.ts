import type { ModelTool } from "@/lib/models";
import { anchor, defineNode, param } from "../define";
import { toToolName } from "../tools/tool-name";
import { collectSourceDocuments } from "./source-documents";

export const retrieverTool = defineNode({
  name: "retrieverTool",
  label: "Retriever Tool",
  version: 1,
  category: "Tools",
  description: "Lets an agent search a vector store: the tool answers with the most relevant chunks",
  baseClasses: ["RetrieverTool", "DynamicTool", "Tool", "StructuredTool", "Runnable"],
  inputs: {
    name: param.string({ label: "Retriever Name", placeholder: "search_product_manuals" }),
    description: param.string({
      label: "Retriever Description",
      rows: 3,
      description: "Tells the agent when to use this tool",
      placeholder: "Searches the product manuals. Use it for questions about our products.",
    }),
    retriever: anchor("BaseRetriever", { label: "Retriever" }),
    returnSourceDocuments: param.boolean({
      label: "Return Source Documents",
      optional: true,
      description: "The chunks found are returned with the answer as sourceDocuments",
    }),
  },
  init({ inputs, request }): ModelTool {
    const { retriever } = inputs;
    return {
      name: toToolName(inputs.name),
      description: inputs.description,
      inputSchema: {
        type: "object",
        properties: { input: { type: "string", description: "What to search for" } },
        required: ["input"],
      },
      async execute(input, { signal }) {
        try {
          const documents = await retriever.retrieve(String(input.input ?? ""), signal);
          if (inputs.returnSourceDocuments) collectSourceDocuments(request, documents);
          if (documents.length === 0) return "No relevant documents found.";
          return documents.map((document) => document.pageContent).join("\n\n");
        } catch (error) {
          if (signal.aborted) throw error;
          // The agent sees failures as text and may recover; they never fail the prediction.
          return `Error: ${error instanceof Error ? error.message : String(error)}`;
        }
      },
    };
  },
});
