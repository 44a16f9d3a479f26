// The harness hooks by id: adding a harness is one module and a line here.
import { claudeCodeHook } from "./claude-code.js";
import { codexHook } from "./codex.js";
import { geminiHook } from "./gemini.js";
import type { HarnessHook } from "./hook.js";
import type { HarnessId } from "./profiles.js";

export const HOOKS: Readonly<Record<HarnessId, HarnessHook>> = {
  "claude-code": claudeCodeHook,
  codex: codexHook,
  gemini: geminiHook,
};
