// `toolspan init HARNESS`: puts toolspan's hook (with --mcp, its MCP server) into the harness's own settings file
// (merged, idempotent), or with --remove takes exactly that entry out again.
import { join } from "node:path";
import { createTwoFilesPatch } from "diff";
import { applyInit, type InitChange } from "../harness/init/apply-init.js";
import { SettingsError } from "../harness/init/settings-format.js";
import { INIT_TARGETS, type InitScope } from "../harness/init/targets.js";
import { mcpServerEntry } from "../mcp/init/server-entry.js";
import { MCP_INIT_TARGETS } from "../mcp/init/targets.js";
import { HARNESS_IDS, PROFILES, type HarnessId } from "../harness/profiles.js";
import { toolspanHome } from "../store/home.js";
import { defineCommand } from "./define-command.js";
import type { OptionSpec, ParsedArgs } from "./option-parser.js";
import { selfArgv, selfInvocation } from "./self-invocation.js";
import { UsageError } from "./usage-error.js";

const OPTIONS = [
  { name: "user", kind: "flag", help: "the user's settings, for every project (default)" },
  { name: "project", kind: "flag", help: "the current folder's project settings instead" },
  { name: "dry-run", kind: "flag", help: "print the change as a diff, write nothing" },
  { name: "remove", kind: "flag", help: "take toolspan's hook out again (the file comes back byte for byte if nothing else changed it)" },
  { name: "mcp", kind: "flag", help: "add 'toolspan mcp' to the host's MCP servers instead of the hook (docs/mcp.md)" },
] as const satisfies readonly OptionSpec[];

const USAGE = `Usage: toolspan init claude-code|codex|gemini [--user|--project] [--mcp] [--dry-run] [--remove]

Puts toolspan in front of every shell call of the harness: writes a hook
('toolspan hook HARNESS') into the harness's own settings file, merged with what
is there (no other hook or setting is dropped). Running it again changes
nothing. From then on each shell call runs through 'toolspan wrap --harness',
the model is told when output was clipped and how to read the rest, and spans
and streams go to $TOOLSPAN_HOME (default ~/.toolspan). See docs/harnesses.md.

  claude-code  ~/.claude/settings.json   (--project: .claude/settings.json)
  codex        ~/.codex/config.toml      (--project: .codex/config.toml)
  gemini       ~/.gemini/settings.json   (--project: .gemini/settings.json)`;

const NOTES = `With --mcp, 'toolspan mcp' goes into the host's MCP servers as "toolspan" instead:
Claude Code's ~/.claude.json (--project: .mcp.json), Codex's config.toml as
[mcp_servers.toolspan], Gemini CLI's settings.json. See docs/mcp.md.

Exit status: 0 done (or nothing to do); 2 a usage error, or a settings file
that cannot be read or merged (it is left as it is).`;

function describe(change: InitChange, harness: HarnessId, dryRun: boolean, mcp: boolean): string {
  const name = PROFILES[harness].name;
  const would = dryRun ? "would be " : "";
  const entry = mcp ? "toolspan's MCP server" : "toolspan's hook";
  const effect = mcp ? `: ${name} now offers the model toolspan's run, read_output, search_output and spans` : `: ${name}'s shell calls now run through toolspan wrap`;
  switch (change.outcome) {
    case "added":
      return `${entry} ${would}added to ${change.path}${dryRun ? "" : effect}`;
    case "updated":
      return `${entry} ${would}updated in ${change.path}`;
    case "unchanged":
      return `${entry} is already in ${change.path}: nothing to do`;
    case "removed":
      return `${entry} ${would}removed from ${change.path}${change.restored ? " (the file is as it was before init)" : ""}`;
    case "absent":
      return `${change.path} has no ${mcp ? "toolspan MCP server" : "toolspan hook"}: nothing to do`;
  }
}

export const command = defineCommand({
  name: "init",
  summary: "put toolspan in front of a harness's shell calls: writes its hook into the harness's settings",
  usage: USAGE,
  notes: NOTES,
  options: OPTIONS,
  run: (parsed) => initCommand(parsed),
});

/** Runs `toolspan init`; resolves to the exit status. */
async function initCommand(parsed: ParsedArgs<typeof OPTIONS>): Promise<number> {
  const options = parsed.options;
  const id = HARNESS_IDS.find((harness) => harness === parsed.rest[0]);
  if (parsed.rest.length !== 1 || id === undefined) {
    throw new UsageError(`give one harness: ${HARNESS_IDS.join(", ")}`, "toolspan init claude-code|codex|gemini [--user|--project] [--mcp] [--dry-run] [--remove]");
  }
  if (options.user === true && options.project === true) throw new UsageError("--user and --project contradict each other");
  const scope: InitScope = options.project === true ? "project" : "user";
  const mcp = options.mcp === true;
  const path = (mcp ? MCP_INIT_TARGETS : INIT_TARGETS)[id].file(scope, process.env, process.cwd());
  const dryRun = options.dryRun === true;
  const common = { path, stateDir: join(toolspanHome(process.env), "init"), remove: options.remove === true, dryRun };
  let change: InitChange;
  try {
    change = mcp
      ? applyInit({ ...common, format: MCP_INIT_TARGETS[id].format, command: mcpServerEntry(selfArgv()), kind: "mcp" })
      : applyInit({ ...common, format: INIT_TARGETS[id].format, command: `${selfInvocation()} hook ${id}` });
  } catch (error) {
    if (error instanceof SettingsError) throw new UsageError(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string") throw new UsageError(`${path}: cannot read or write (${code})`);
    throw error;
  }
  if (dryRun && change.before !== change.after) {
    process.stdout.write(createTwoFilesPatch(path, path, change.before ?? "", change.after ?? "", "now", "after"));
  }
  process.stderr.write(`${describe(change, id, dryRun, mcp)}\n`);
  return 0;
}
