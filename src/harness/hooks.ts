// The harness hooks by id, each loaded only when its hook runs: a hook is on the path of every tool call, so it
// loads one harness's module, not three. Adding a harness is one module and a line here.
import type { HarnessHook } from "./hook.js";
import type { HarnessId } from "./profiles.js";

export const HOOKS: Readonly<Record<HarnessId, () => Promise<HarnessHook>>> = {
  "claude-code": async () => (await import("./claude-code.js")).claudeCodeHook,
  codex: async () => (await import("./codex.js")).codexHook,
  gemini: async () => (await import("./gemini.js")).geminiHook,
};
