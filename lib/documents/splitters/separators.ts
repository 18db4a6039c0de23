// Where to cut first, per kind of text: earlier separators mark bigger units. Each separator opens
// the piece that follows it, so a heading or a declaration stays with its body.

export const defaultSeparators = ["\n\n", "\n", " ", ""];

export const markdownSeparators = [
  "\n# ",
  "\n## ",
  "\n### ",
  "\n#### ",
  "\n##### ",
  "\n###### ",
  "\n```",
  "\n***\n",
  "\n---\n",
  "\n___\n",
  "\n\n",
  "\n",
  " ",
  "",
];

const lineTail = ["\n\n", "\n", " ", ""];

export const codeSeparators = {
  js: [
    "\nexport ",
    "\nclass ",
    "\nfunction ",
    "\nasync function ",
    "\nconst ",
    "\nlet ",
    "\nvar ",
    ...lineTail,
  ],
  ts: [
    "\nexport ",
    "\ninterface ",
    "\ntype ",
    "\nenum ",
    "\nnamespace ",
    "\nabstract class ",
    "\nclass ",
    "\nfunction ",
    "\nasync function ",
    "\nconst ",
    "\nlet ",
    ...lineTail,
  ],
  py: ["\nclass ", "\ndef ", "\nasync def ", "\n    def ", "\n    async def ", ...lineTail],
  java: [
    "\npublic ",
    "\nclass ",
    "\ninterface ",
    "\nenum ",
    "\nrecord ",
    "\n    public ",
    "\n    protected ",
    "\n    private ",
    "\n    static ",

    ...lineTail,
  ],
  cpp: [
    "\nnamespace ",
    "\ntemplate",
    "\nclass ",
    "\nstruct ",
    "\nenum ",
    "\nvoid ",
    "\nint ",
    "\nstatic ",
    ...lineTail,
  ],
} satisfies Record<string, string[]>;

export type CodeLanguage = keyof typeof codeSeparators;

/** Separators suited to a loaded document's `fileType`: code and Markdown get their own. */
export function separatorsForFileType(fileType: unknown): string[] {
  if (fileType === "md") return markdownSeparators;
  if (typeof fileType === "string" && Object.hasOwn(codeSeparators, fileType)) {
    return codeSeparators[fileType as CodeLanguage];
  }
  return defaultSeparators;
}
