// Codex CLI runs a user hook only once it is trusted: `[hooks.state."<config.toml>:<event>:<group>:<handler>"]` holds
// `trusted_hash`, the sha256 of the hook's identity as canonical JSON (sorted keys, no spaces):
// {event_name, matcher?, hooks: [{type: "command", command, timeout (600 when unset), async: false}]}
// (openai/codex codex-rs/hooks/src/engine/discovery.rs, command_hook_hash; codex-rs/config/src/fingerprint.rs).
import { sha256OfText } from "../../meter/sha256.js";

/** A command hook as Codex identifies it for trust. */
export interface CodexCommandHook {
  event: "PreToolUse" | "PostToolUse";
  matcher?: string;
  command: string;
  /** Seconds; Codex's default is 600. */
  timeout?: number;
}

/** The event's key in a trust entry's name. */
export const CODEX_EVENT_KEYS: Record<CodexCommandHook["event"], string> = { PreToolUse: "pre_tool_use", PostToolUse: "post_tool_use" };

// JSON with every object's keys sorted, as serde_json writes Codex's canonical value.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** `trusted_hash` for `hook`: what Codex's own hook review writes once the user trusts it. */
export function codexTrustedHash(hook: CodexCommandHook): string {
  const identity = {
    event_name: CODEX_EVENT_KEYS[hook.event],
    ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
    hooks: [{ async: false, command: hook.command, timeout: hook.timeout ?? 600, type: "command" }],
  };
  return `sha256:${sha256OfText(canonicalJson(identity))}`;
}

/** The name of a trust entry: the config file, the event, the group's index among that event's groups, the handler's. */
export const codexTrustKey = (configPath: string, event: CodexCommandHook["event"], group: number, handler = 0): string =>
  `${configPath}:${CODEX_EVENT_KEYS[event]}:${group}:${handler}`;
