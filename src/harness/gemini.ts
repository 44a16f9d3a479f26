// Gemini CLI's BeforeTool hook: run_shell_command calls arrive with tool_input {command, description?, dir_path?};
// `hookSpecificOutput.tool_input` replaces the input.
import { readShellCall, type HarnessHook, type PassThrough, type ShellCall } from "./hook.js";

export const geminiHook: HarnessHook = {
  id: "gemini",
  read(input): ShellCall | PassThrough {
    const call = readShellCall(input, "BeforeTool", ["run_shell_command"]);
    if ("pass" in call) return call;
    if (call.toolInput.is_background === true) return { pass: "a background command is left as it is: its output is read while it runs" };
    return call;
  },
  answer: (call, command) => ({
    hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { ...call.toolInput, command } },
  }),
};
