// A mistake in how toolspan was called: reported in one line with a hint, exit status 2, never a stack trace.
export class UsageError extends Error {
  constructor(
    message: string,
    readonly hint: string = "",
  ) {
    super(message);
    this.name = "UsageError";
  }
}
