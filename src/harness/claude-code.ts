// Claude Code's PreToolUse hook: Bash calls arrive with tool_input {command, description?, timeout?,
// run_in_background?}; `hookSpecificOutput.updatedInput` replaces the whole input (measured with 2.1.332), and a
// permissionDecision "allow" is given only where the user's own rules allow the original (claude-permissions.ts).
import { claudeDecision, claudeRules } from "./claude-permissions.js";
import { readShellCall, textField, type HarnessHook, type PassThrough, type ShellCall } from "./hook.js";

export const claudeCodeHook: HarnessHook = {
  id: "claude-code",
  read(input): ShellCall | PassThrough {
    const call = readShellCall(input, "PreToolUse", ["Bash"]);
    if ("pass" in call) return call;
    // A background command is read while it runs (BashOutput): holding its output until it exits would hide it.
    if (call.toolInput.run_in_background === true) return { pass: "a background command is left as it is: its output is read while it runs" };
    const decision = claudeDecision(call.command, claudeRules(process.env, textField(input, "cwd")), textField(input, "permission_mode"));
    return "pass" in decision ? decision : { ...call, allowed: decision.allow };
  },
  answer: (call, command) => ({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      ...(call.allowed ? { permissionDecision: "allow", permissionDecisionReason: "toolspan: the user's rules allow this command; it runs through toolspan wrap" } : {}),
      updatedInput: { ...call.toolInput, command },
    },
  }),
};
