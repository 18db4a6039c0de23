import { defineNode, param } from "../define";

/** A note on the canvas. The engine ignores it; it is in the registry so the palette offers it. */
export const stickyNote = defineNode({
  name: "stickyNote",
  label: "Sticky Note",
  version: 1,
  category: "Utilities",
  description: "Add a note to the flow",
  baseClasses: ["StickyNote"],
  inputs: {
    note: param.string({ label: "", rows: 1, optional: true, placeholder: "Type something here" }),
  },
});
