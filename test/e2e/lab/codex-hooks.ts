// Codex CLI hooks as config.toml tables, each with the trust entry Codex's own hook review would write, so the
// tests exercise the path a user's reviewed hook takes, not --dangerously-bypass-hook-trust.
import { codexTrustedHash, codexTrustKey, type CodexCommandHook } from "../../../src/harness/init/codex-trust.js";

export type CodexHook = CodexCommandHook;

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
    const key = codexTrustKey(configPath, hook.event, index);
    states.push(`[hooks.state.${JSON.stringify(key)}]`, `trusted_hash = ${JSON.stringify(codexTrustedHash({ ...hook, timeout }))}`, ``);
  }
  return [...groups, ...states].join("\n");
}
