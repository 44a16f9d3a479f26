// Why a rerun ran nothing: one error with a reason id, so the CLI exits 2 and `debug` can tell the cases apart.
import { ToolspanError } from "../util/errors.js";

/** Each way a rerun refuses, by id; the wording lives with the code that refuses. */
export type RefusalReason =
  | "badReference"
  | "noSuchLine"
  | "notJson"
  | "notToolSpan"
  | "idNotFound"
  | "idAmbiguous"
  | "badSpan"
  | "cwdMissing"
  | "argvRedacted"
  | "notConfirmed"
  | "declined";

/** Thrown before anything runs: the span could not be found or trusted, or the user did not agree. `option` is the
 * library option the message names (`spanId`), if any. */
export class RerunRefused extends ToolspanError {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    option?: string,
  ) {
    super(message, option);
    this.name = "RerunRefused";
  }
}
