// Claude Code's PreToolUse hook: Bash calls arrive with tool_input {command, description?, timeout?,
// run_in_background?}; `hookSpecificOutput.updatedInput` replaces the input (code.claude.com/docs/en/hooks).
import { readShellCall, type HarnessHook, type PassThrough, type ShellCall } from "./hook.js";

export const claudeCodeHook: HarnessHook = {
  id: "claude-code",
  read(input): ShellCall | PassThrough {
    const call = readShellCall(input, "PreToolUse", ["Bash"]);
    if ("pass" in call) return call;
    // A background command is read while it runs (BashOutput): holding its output until it exits would hide it.
    if (call.toolInput.run_in_background === true) return { pass: "a background command is left as it is: its output is read while it runs" };
    return call;
  },
  answer: (call, command) => ({
    hookSpecificOutput: { hookEventName: "PreToolUse", updatedInput: { ...call.toolInput, command } },
  }),
};
