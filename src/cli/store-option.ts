// The blob store a command reads: --store DIR, else TOOLSPAN_STORE (else, for a reader, the harness sessions' store).
import { homeStore, toolspanHome } from "../store/home.js";
import { ToolspanError } from "../util/errors.js";
import { makeFolder } from "../util/make-folder.js";
import { UsageError } from "./usage-error.js";

/** The store a reader looks in: --store, else TOOLSPAN_STORE, else the store of $TOOLSPAN_HOME (~/.toolspan/store),
 * where `wrap --harness` keeps the streams. */
export function readStoreDir(option: string | undefined, env: NodeJS.ProcessEnv): string {
  return storeDir(option, env, false) ?? homeStore(toolspanHome(env));
}

/** The store's folder; a usage error when neither the option nor the environment names one and one is needed. */
export function storeDir(option: string | undefined, env: NodeJS.ProcessEnv, required: true): string;
export function storeDir(option: string | undefined, env: NodeJS.ProcessEnv, required: false): string | undefined;
export function storeDir(option: string | undefined, env: NodeJS.ProcessEnv, required: boolean): string | undefined {
  const dir = option ?? (env.TOOLSPAN_STORE || undefined);
  if (dir === "") throw new UsageError("--store takes a folder");
  if (dir === undefined && required) throw new UsageError("no blob store: pass --store DIR or set TOOLSPAN_STORE");
  return dir;
}

/** Makes the store a writer keeps streams in, before the command runs: a folder that cannot be made fails in one line
 * naming it (`named` says where it came from: `--store` or `TOOLSPAN_STORE`), rather than runs and keeps nothing. */
export function makeStoreFolder(dir: string, named: string): void {
  try {
    makeFolder(dir, 0o700);
  } catch (error) {
    throw new ToolspanError(`${named} ${dir}: cannot create the folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
