// The --out options: a run file opened for appending (wrap, rerun, debug), or a file written anew (audit,
// convert); a path that cannot be opened is a usage error that names it.
import { open, type FileHandle } from "node:fs/promises";
import { firstRunId } from "../formats/first-run-id.js";
import { AppendFailed, RunFile } from "../run/append-record.js";
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

/** Appends `span` to `runFile` (and closes it, unless `keepOpen`). When the append fails (a full file system),
 * the file is as it was before, and a one-line message naming the file goes to stderr, followed by the span as one
 * line unless it is printed elsewhere already (`printed`), so it is not lost; the caller's exit status still says
 * how the command ended. Returns whether the file took it. */
export function appendSpan(runFile: RunFile, span: object, how: { keepOpen?: boolean; printed?: string; quiet?: boolean } = {}): boolean {
  const line = JSON.stringify(span);
  try {
    runFile.append(line);
    return true;
  } catch (error) {
    if (!(error instanceof AppendFailed)) throw error;
    const where = how.printed ? `the span is on ${how.printed} only` : `the span follows on stderr\n${line}`;
    // Quiet where stderr is what a model reads (a harness's call): the span is then lost, not put in its way.
    if (!how.quiet) process.stderr.write(`toolspan: --out ${error.message}; ${where}\n`);
    return false;
  } finally {
    if (!how.keepOpen) runFile.close();
  }
}

/** The run a span appended to `runFile` joins: the file's own (its first span's run_id), unless TOOLSPAN_RUN_ID
 * names one. Undefined leaves it to runTool: TOOLSPAN_RUN_ID, else a new id. An explicit --run-id goes first. */
export function runIdToJoin(runFile: RunFile | null, env: NodeJS.ProcessEnv): string | undefined {
  if (runFile === null || env.TOOLSPAN_RUN_ID) return undefined;
  return firstRunId(runFile.path) ?? undefined;
}

/** Opens `path` to be written anew (created or emptied). */
export async function openReplaceOption(path: string): Promise<FileHandle> {
  try {
    return await open(path, "w");
  } catch (error) {
    throw new UsageError(`--out ${path}: cannot write (${(error as NodeJS.ErrnoException).code})`);
  }
}
