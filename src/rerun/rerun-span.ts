// A rerun of one located span, without a cap and without asking: run, keep both streams in files, verify, read back
// what the model never saw, and diff the preview. The caller has the user's consent (the CLI asks; debug may too).
import { randomBytes } from "node:crypto";
import { copyFile, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { STREAMS } from "../contract/constants.js";
import type { Encoding, RerunVerdict, StreamName, ToolSpan } from "../contract/span.js";
import { hashWindow, isHash, previewChars, streamFields } from "../contract/span-fields.js";
import { previewPrefixBytes } from "../meter/preview.js";
import { runTool } from "../run/run-tool.js";
import { assertRunnable, NOT_CONFIRMED } from "./consent.js";
import type { LocatedSpan } from "./locate-span.js";
import { previewDiff, type PreviewDiff } from "./preview-diff.js";
import { readPrefix, readRange, type ShownRange } from "./read-ranges.js";
import { RerunRefused } from "./rerun-refused.js";
import { StreamFile } from "../store/stream-file.js";
import { unseenPlan, type UnseenPlan } from "./unseen.js";
import { freshStream, incompleteReason, verdictFor, type StreamVerdict } from "./verdict.js";
import { spanFromBlobs, type StoredStreams } from "./from-blob.js";
import { makeFolder } from "../util/make-folder.js";

/** Bytes of each unseen range shown by default: the first and last half of this when a range is longer. */
export const DEFAULT_SHOW_BYTES = 16384;

export interface RerunOptions {
  /** Must be true: the user agreed to run this argv (answered yes, or passed --yes). Nothing runs otherwise. */
  confirmed: boolean;
  /** Stop the rerun after this many seconds, as `wrap --timeout`. */
  timeoutSeconds?: number | null;
  /** Stop the rerun when it writes nothing for this long, as `wrap --idle-timeout`. */
  idleTimeoutSeconds?: number | null;
  killAfterSeconds?: number;
  stallGraceSeconds?: number;
  /** Keep the full streams as `<new span id>.stdout` and `.stderr` in this folder (created if needed);
   * without it they go to a temporary folder that is removed before rerunSpan returns. */
  saveDir?: string;
  /** Bytes shown of each unseen range (default 16384); the rest is counted, and kept by `saveDir`. */
  showBytes?: number;
  /** Diff the stored previews against the same part of the new streams. */
  diff?: boolean;
  /** Normalise run-to-run noise before diffing (default true). */
  normalize?: boolean;
  /** The command's environment (default process.env). */
  env?: NodeJS.ProcessEnv;
  forwardSignals?: boolean;
  signal?: AbortSignal;
  /** The span's streams, verified in a blob store (`storedStreams`): they are read instead of running anything,
   * so no consent is needed. */
  stored?: StoredStreams | null;
}

/** What the model never saw of one stream, read back from the new stream. */
export interface UnseenStream extends UnseenPlan {
  /** The new stream's encoding: a binary stream's bytes are not text. */
  encoding: Encoding;
  /** Each range of `ranges`, as much as `showBytes` allows. */
  shown: ShownRange[];
}

export interface RerunResult {
  /** The span that was rerun. */
  of: LocatedSpan;
  /** The new full span (no cap), with `rerun_of` and `rerun_verdict` set: append it to a run file. */
  span: ToolSpan;
  verdict: RerunVerdict;
  streams: StreamVerdict[];
  /** Why the rerun did not finish (the verdict is then `incomplete`), or null. */
  incomplete: string | null;
  unseen: UnseenStream[];
  /** Null unless `diff` was asked for. */
  diffs: PreviewDiff[] | null;
  /** The files holding the full streams, when `saveDir` was given. */
  saved: Record<StreamName, string> | null;
  /** What `wrap` would exit with for the new run: its code, 128+N, 124, 126 or 127. */
  exitCode: number;
  /** The streams came from the blob store: nothing was run. */
  fromBlob: boolean;
}

const binaryIn = (encoding: string | undefined): boolean => encoding === "binary";

const hasNormalizedHash = (span: LocatedSpan["span"]): boolean => STREAMS.some((stream) => isHash(span[`${stream}_normalized_sha256`]));

async function readBack(of: LocatedSpan, span: ToolSpan, paths: Record<StreamName, string>, options: RerunOptions) {
  const showBytes = options.showBytes ?? DEFAULT_SHOW_BYTES;
  const chars = previewChars(of.span);
  const unseen: UnseenStream[] = [];
  const diffs: PreviewDiff[] = [];
  for (const stream of STREAMS) {
    const plan = unseenPlan(of.span, stream, span[`${stream}_bytes`]);
    const path = paths[stream];
    const encoding = span[`${stream}_encoding`];
    unseen.push({ ...plan, encoding, shown: await Promise.all(plan.ranges.map((range) => readRange(path, range, showBytes))) });
    if (!options.diff) continue;
    const keptTotal = plan.kept.reduce((sum, range) => sum + range.end - range.start, 0);
    const prefix = await readPrefix(path, plan.kept, previewPrefixBytes(chars));
    const old = streamFields(of.span, stream);
    diffs.push(
      previewDiff({
        stream,
        preview: old.preview ?? "",
        newKeptPrefix: prefix,
        complete: prefix.length === keptTotal,
        previewChars: chars,
        binary: binaryIn(old.encoding) || binaryIn(encoding),
        normalize: options.normalize,
      }),
    );
  }
  return { unseen, diffs: options.diff ? diffs : null };
}

/** Reruns `of` with no cap and reports what it proves. Rejects with RerunRefused, having run nothing, when
 * `confirmed` is not true or the cwd is gone; a command that cannot start still resolves (the span says why). */
export async function rerunSpan(of: LocatedSpan, options: RerunOptions): Promise<RerunResult> {
  if (options.stored) return fromStore(of, options.stored, options);
  if (options.confirmed !== true) throw new RerunRefused("notConfirmed", NOT_CONFIRMED);
  await assertRunnable(of);
  const dir = options.saveDir ?? (await mkdtemp(join(tmpdir(), "toolspan-rerun-")));
  if (options.saveDir !== undefined) makeFolder(dir);
  // Named for the new span once it has an id; until then a name nobody else uses.
  const pending = join(dir, `.toolspan-rerun-${randomBytes(6).toString("hex")}`);
  const files = { stdout: new StreamFile(`${pending}.stdout`), stderr: new StreamFile(`${pending}.stderr`) };
  try {
    const toolName = of.span.tool_name;
    const runId = of.span.run_id;
    const result = await runTool(of.argv, {
      cap: null,
      buffer: false,
      cwd: of.cwd,
      hashWindow: hashWindow(of.span),
      previewChars: previewChars(of.span),
      toolName: typeof toolName === "string" && toolName !== "" ? toolName : undefined,
      // The rerun belongs to the run it checks, so appending it to that run's file keeps one run_id there.
      runId: typeof runId === "string" && runId !== "" ? runId : undefined,
      timeoutSeconds: options.timeoutSeconds ?? null,
      idleTimeoutSeconds: options.idleTimeoutSeconds ?? null,
      killAfterSeconds: options.killAfterSeconds,
      stallGraceSeconds: options.stallGraceSeconds,
      // An agent's tool call gets no input: a rerun that waited on a terminal would not reproduce it.
      stdin: "ignore",
      env: options.env,
      forwardSignals: options.forwardSignals ?? false,
      signal: options.signal,
      // The old span's normalised hashes cover its whole streams: so must the new ones, however long. A span with
      // none (another writer's, or streams too long when wrapped) gets a rerun normalised as wrap would.
      normalizeMaxBytes: hasNormalizedHash(of.span) ? Infinity : undefined,
      onStdout: files.stdout.write,
      onStderr: files.stderr.write,
    });
    await Promise.all([files.stdout.close(), files.stderr.close()]);
    const paths = { stdout: files.stdout.path, stderr: files.stderr.path };
    const { span, verdicts, unseen, diffs } = await settle(of, result.span, paths, options, incompleteReason(of.span, result.span));
    let saved: Record<StreamName, string> | null = null;
    if (options.saveDir !== undefined) {
      saved = { stdout: join(dir, `${span.span_id}.stdout`), stderr: join(dir, `${span.span_id}.stderr`) };
      await rename(files.stdout.path, saved.stdout);
      await rename(files.stderr.path, saved.stderr);
    }
    const { verdict, streams, incomplete } = verdicts;
    return { of, span, verdict, streams, incomplete, unseen, diffs, saved, exitCode: result.exitCode, fromBlob: false };
  } finally {
    if (options.saveDir === undefined) await rm(dir, { recursive: true, force: true });
    else await Promise.all([rm(files.stdout.path, { force: true }), rm(files.stderr.path, { force: true })]);
  }
}

// What a run (or the store) gave, judged against the old span: the verdicts, the new span linked to the old, the
// unseen bytes and the diffs read back from the full streams at `paths`. A run that did not finish proves nothing.
async function settle(of: LocatedSpan, fresh: ToolSpan, paths: Record<StreamName, string>, options: RerunOptions, incomplete: string | null) {
  const verdicts = verdictFor(of.span, { stdout: freshStream(fresh, "stdout"), stderr: freshStream(fresh, "stderr") }, incomplete);
  const span: ToolSpan = { ...fresh, rerun_of: of.rerunOf, rerun_verdict: verdicts.verdict };
  return { span, verdicts, ...(await readBack(of, span, paths, options)) };
}

// The stored streams stand in for a run: the same verdicts, unseen bytes and diffs, read from the blobs.
async function fromStore(of: LocatedSpan, stored: StoredStreams, options: RerunOptions): Promise<RerunResult> {
  const fresh = await spanFromBlobs(of, stored);
  // The stored streams are the old ones: their outcome (a timeout included) is the span's, not a rerun's.
  const { span, verdicts, unseen, diffs } = await settle(of, fresh, { stdout: stored.stdout.path, stderr: stored.stderr.path }, options, null);
  let saved: Record<StreamName, string> | null = null;
  if (options.saveDir !== undefined) {
    makeFolder(options.saveDir);
    saved = { stdout: join(options.saveDir, `${span.span_id}.stdout`), stderr: join(options.saveDir, `${span.span_id}.stderr`) };
    await Promise.all(STREAMS.map((stream) => copyFile(stored[stream].path, saved![stream])));
  }
  const exitCode = span.returncode ?? 0;
  return { of, span, verdict: verdicts.verdict, streams: verdicts.streams, incomplete: null, unseen, diffs, saved, exitCode, fromBlob: true };
}
