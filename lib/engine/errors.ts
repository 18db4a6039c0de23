/** The caller went away (its signal aborted): the run stopped and its model requests were cancelled. */
export class FlowAbortedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super("The prediction was aborted", options);
    this.name = "FlowAbortedError";
  }
}
