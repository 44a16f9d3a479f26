// Codex CLI hooks as config.toml tables, each with the trust entry Codex's own hook review would write.
// Codex 0.171 runs a user hook only once it is trusted: `[hooks.state."<config.toml>:<event>:<group>:<handler>"]`
// holds `trusted_hash`, the sha256 of the hook's normalized identity as canonical JSON (sorted keys, no spaces):
// {event_name, matcher?, hooks: [{type: "command", command, timeout (600 when unset), async: false}]}
// (openai/codex codex-rs/hooks/src/engine/discovery.rs, command_hook_hash; codex-rs/config/src/fingerprint.rs,
// version_for_toml). Trusting it that way exercises the path a user's reviewed hook takes, not
// --dangerously-bypass-hook-trust.
import { sha256OfText } from "../../../src/meter/sha256.js";

export interface CodexHook {
  event: "PreToolUse" | "PostToolUse";
  /** A regex over the hook tool name (`Bash` for exec_command, `apply_patch` alias `Edit`/`Write`); all when unset. */
  matcher?: string;
  /** Run by `$SHELL -lc`, with the event's JSON on stdin. */
  command: string;
  /** Seconds; Codex's default is 600. */
  timeout?: number;
}

const EVENT_KEYS: Record<CodexHook["event"], string> = { PreToolUse: "pre_tool_use", PostToolUse: "post_tool_use" };

/** The `[[hooks.<event>]]` groups for `hooks`, one handler each, and their trust entries for `configPath`. */
export function hooksToml(hooks: readonly CodexHook[], configPath: string): string {
  const groups: string[] = [];
  const states: string[] = [];
  const groupIndex = new Map<string, number>();
  for (const hook of hooks) {
    const index = groupIndex.get(hook.event) ?? 0;
    groupIndex.set(hook.event, index + 1);
    const timeout = hook.timeout ?? 600;
    groups.push(
      `[[hooks.${hook.event}]]`,
      ...(hook.matcher === undefined ? [] : [`matcher = ${JSON.stringify(hook.matcher)}`]),
      `[[hooks.${hook.event}.hooks]]`,
      `type = "command"`,
      `command = ${JSON.stringify(hook.command)}`,
      `timeout = ${timeout}`,
      ``,
    );
    const key = `${configPath}:${EVENT_KEYS[hook.event]}:${index}:0`;
    states.push(`[hooks.state.${JSON.stringify(key)}]`, `trusted_hash = ${JSON.stringify(trustedHash(hook, timeout))}`, ``);
  }
  return [...groups, ...states].join("\n");
}

function trustedHash(hook: CodexHook, timeout: number): string {
  const identity = {
    event_name: EVENT_KEYS[hook.event],
    ...(hook.matcher === undefined ? {} : { matcher: hook.matcher }),
    hooks: [{ async: false, command: hook.command, timeout, type: "command" }],
  };
  return `sha256:${sha256OfText(canonicalJson(identity))}`;
}

// JSON with every object's keys sorted, as serde_json writes Codex's canonical value.
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
