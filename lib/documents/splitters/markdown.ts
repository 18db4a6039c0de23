import type { ChunkOptions } from "./options";
import { recursiveCharacterTextSplitter } from "./recursive-character";
import { markdownSeparators } from "./separators";
import type { TextSplitter } from "./text-splitter";

/** The recursive splitter with Markdown's separators: headings, code fences, rules, paragraphs, lines. */
export function markdownTextSplitter(options: ChunkOptions = {}): TextSplitter {
  return recursiveCharacterTextSplitter({ ...options, separators: markdownSeparators });
}
