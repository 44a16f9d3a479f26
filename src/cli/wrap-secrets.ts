// wrap's options for secrets and full streams: redaction and preview policy (flags over toolspan.config.json)
// and the blob store. Kept apart from wrap.ts so the run options it builds stay one small merge.
import type { RunToolOptions } from "../run/run-tool.js";
import { readConfigFile, CONFIG_FILE } from "./config-file.js";
import { redactionSettings } from "./redaction-settings.js";
import type { OptionSpec, ParsedOptions } from "./option-parser.js";
import { storeDir } from "./store-option.js";
import { UsageError } from "./usage-error.js";

export const SECRET_OPTIONS = [
  { name: "redact", kind: "choice", value: "on|off", choices: ["on", "off"], help: "replace secrets in previews with [REDACTED:<rule>] (default on); off writes raw previews and says redaction: \"off\"" },
  { name: "redact-argv", kind: "flag", help: "replace secrets in the span's argv too (the command runs with the real one); the span says argv_redactions and cannot be rerun from" },
  { name: "no-preview", kind: "flag", help: "hash-only spans: previews are \"\" (as \"preview\": false in the config)" },
  { name: "config", kind: "string", value: "FILE", help: `redaction rules and preview policy (default: ./${CONFIG_FILE} if present)` },
  { name: "store", kind: "string", value: "DIR", help: "keep each whole stream in the blob store DIR (default: $TOOLSPAN_STORE); the span names it" },
  { name: "store-max", kind: "count", value: "BYTES", help: "do not keep a stream longer than this in the store (default: no limit)" },
] as const satisfies readonly OptionSpec[];

/** The run options these flags, the config file and TOOLSPAN_STORE give. */
export function secretRunOptions(
  options: ParsedOptions<typeof SECRET_OPTIONS> & { preview?: number },
  env: NodeJS.ProcessEnv,
): Pick<RunToolOptions, "redact" | "redactArgv" | "store" | "previewChars"> {
  const noPreview = options.noPreview === true;
  if (noPreview && options.preview !== undefined) throw new UsageError("--preview and --no-preview contradict each other");
  const settings = redactionSettings(readConfigFile(options.config));
  const previewOff = noPreview || (!settings.preview && options.preview === undefined);
  const dir = storeDir(options.store, env, false);
  if (dir === undefined && options.storeMax !== undefined) throw new UsageError("--store-max needs --store DIR (or TOOLSPAN_STORE)");
  return {
    redact: options.redact === "off" ? false : settings.rules,
    ...(options.redactArgv === true || settings.argv ? { redactArgv: true } : {}),
    ...(previewOff ? { previewChars: 0 } : {}),
    ...(dir === undefined ? {} : { store: { dir, maxBytes: options.storeMax ?? null } }),
  };
}
