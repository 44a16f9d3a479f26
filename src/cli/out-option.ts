// The --out RUN option that wrap, rerun and debug share: a run file opened for appending, or a usage error.
import { RunFile } from "../run/append-record.js";
import { UsageError } from "./usage-error.js";

/** Opens `path` for appending (null when the option was not given); a path that cannot be opened is a usage error. */
export function openOutOption(path: string | undefined): RunFile | null {
  if (path === undefined) return null;
  try {
    return RunFile.open(path);
  } catch (error) {
    throw new UsageError(`--out ${path}: cannot open for appending (${(error as NodeJS.ErrnoException).code})`);
  }
}
