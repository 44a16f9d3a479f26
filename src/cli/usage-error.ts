// A mistake in how toolspan was called: reported in one line with a hint, exit status 2, never a stack trace.
import { ToolspanError } from "../util/errors.js";

export class UsageError extends ToolspanError {
  constructor(
    message: string,
    readonly hint: string = "",
  ) {
    super(message);
    this.name = "UsageError";
  }
}
