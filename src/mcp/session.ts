// One MCP session: the run file its spans go to (runs/mcp/<session>.jsonl under the toolspan home, run_id the session
// id), the home's blob store, the blobs verified so far, the server-wide run slots, and the runs still going, so that
// a server that is told to stop ends every command's process group and writes every span before it exits.
import { dirname } from "node:path";
import { RunFile } from "../run/append-record.js";
import { homeStore, sessionRunFile } from "../store/home.js";
import { ToolFailure } from "./tool.js";
import { makeFolder } from "../util/make-folder.js";
import { RunSlots } from "./run-slots.js";
import { VerifiedBlobs } from "./verified-blobs.js";

/** The harness id the session's run files are filed under. */
export const MCP_HARNESS = "mcp";

export interface McpSessionOptions {
  /** The toolspan home ($TOOLSPAN_HOME, else ~/.toolspan). */
  home: string;
  /** The session's id: its run_id and its run file's name. */
  sessionId: string;
  /** Where a command runs when a call names no cwd (the server's own working folder). */
  cwd: string;
  /** The commands' environment. */
  env: NodeJS.ProcessEnv;
  /** Commands running at once at most. */
  maxRuns: number;
  /** Seconds a command may take when a call names no timeout. */
  timeoutSeconds: number;
}

export class McpSession {
  readonly id: string;
  readonly home: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly timeoutSeconds: number;
  readonly runFilePath: string;
  readonly storeDir: string;
  readonly slots: RunSlots;
  readonly blobs: VerifiedBlobs;
  /** Aborted when the server stops: every run still going is ended as a cancelled call is. */
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<unknown>>();
  private runFile: RunFile | null = null;

  constructor(options: McpSessionOptions) {
    this.id = options.sessionId;
    this.home = options.home;
    this.cwd = options.cwd;
    this.env = options.env;
    this.timeoutSeconds = options.timeoutSeconds;
    this.runFilePath = sessionRunFile(options.home, MCP_HARNESS, options.sessionId);
    this.storeDir = homeStore(options.home);
    this.slots = new RunSlots(options.maxRuns);
    this.blobs = new VerifiedBlobs(this.storeDir);
  }

  /** Aborts when the call's own signal does or when the server stops. */
  runSignal(call: AbortSignal): AbortSignal {
    return AbortSignal.any([call, this.stopping.signal]);
  }

  /** The run file, opened (and its folder made) on the first run: a call that cannot record runs nothing. */
  openRunFile(): RunFile {
    if (this.runFile !== null) return this.runFile;
    try {
      makeFolder(dirname(this.runFilePath), 0o700);
      this.runFile = RunFile.open(this.runFilePath);
      return this.runFile;
    } catch (error) {
      throw new ToolFailure(`cannot open the session's run file ${this.runFilePath} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): nothing was run`);
    }
  }

  /** Keeps `work` among the runs the server waits for before it exits. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const forget = (): void => {
      this.running.delete(work);
    };
    work.then(forget, forget);
    return work;
  }

  /** Ends every run still going and resolves once each has written its span. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error("the server is stopping"));
    await Promise.allSettled([...this.running]);
    this.runFile?.close();
    this.runFile = null;
  }
}
