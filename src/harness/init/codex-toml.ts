// Codex CLI's config.toml: toolspan's hook goes in as one block between two comment lines, with the trust entry
// Codex's hook review would write for it, and comes out as exactly that block. The rest of the file is not parsed.
import { codexTrustedHash, codexTrustKey } from "./codex-trust.js";
import { markedBlock } from "./marked-block.js";
import { SettingsError, type SettingsFormat } from "./settings-format.js";

const BEGIN = "# toolspan init codex: begin (toolspan init codex --remove takes this block out)";
const END = "# toolspan init codex: end";
const TIMEOUT_SECONDS = 30;

const BLOCK = markedBlock(BEGIN, END);

// Groups of the event already in the file: ours takes the next index, which its trust entry names.
const groupCount = (text: string): number => (text.match(/^[ \t]*\[\[[ \t]*hooks\.PreToolUse[ \t]*\]\]/gm) ?? []).length;

function block(command: string, path: string, index: number): string {
  const hook = { event: "PreToolUse" as const, matcher: "^Bash$", command, timeout: TIMEOUT_SECONDS };
  return [
    BEGIN,
    "[[hooks.PreToolUse]]",
    `matcher = ${JSON.stringify(hook.matcher)}`,
    "[[hooks.PreToolUse.hooks]]",
    'type = "command"',
    `command = ${JSON.stringify(command)}`,
    `timeout = ${TIMEOUT_SECONDS}`,
    "",
    `[hooks.state.${JSON.stringify(codexTrustKey(path, "PreToolUse", index))}]`,
    `trusted_hash = ${JSON.stringify(codexTrustedHash(hook))}`,
    END,
    "",
  ].join("\n");
}

export const codexToml: SettingsFormat = {
  add(text, command, path) {
    const current = text ?? "";
    const present = BLOCK.find(current);
    const others = present === null ? current : BLOCK.without(current);
    if (/^[ \t]*(?:hooks\.)?PreToolUse[ \t]*=/m.test(others)) {
      throw new SettingsError(`${path} sets PreToolUse hooks inline: add toolspan's hook by hand (docs/harnesses.md)`);
    }
    const wanted = block(command, path, groupCount(others));
    if (present !== null && present.trim() === wanted.trim()) return null;
    return BLOCK.append(others, wanted);
  },
  remove(text) {
    return BLOCK.find(text) === null ? null : BLOCK.without(text);
  },
};
