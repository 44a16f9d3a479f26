// What a scripted model does, turn by turn, whichever API serves it: ask for shell commands, then answer.
// The servers (one per harness API) record what the model received, so a test can assert on exactly that.

/** One turn of the scripted model: ask the harness to run a shell command (with the tool's own timeout, where the
 * harness's shell tool takes one), or end with a text answer. */
export type ModelStep = { kind: "shell"; command: string; timeoutMs?: number } | { kind: "final"; text: string };

/** The model's script: given the tool results it has received so far (in order), the next step. */
export type ModelScript = (toolResults: readonly string[]) => ModelStep;

/** A script that runs `commands` one after another, then answers `final`. */
export function runEach(commands: readonly string[], final = "done"): ModelScript {
  return (results) => {
    const command = commands[results.length];
    return command === undefined ? { kind: "final", text: final } : { kind: "shell", command };
  };
}

/** A scripted model server on 127.0.0.1, and what it saw. */
export interface ScriptedServer {
  /** The base URL to give the harness (ANTHROPIC_BASE_URL, a Codex provider's base_url, GOOGLE_GEMINI_BASE_URL). */
  url: string;
  /** Every tool result the model received, exactly as the harness sent it (text, in order). */
  toolResults: string[];
  /** Every request body as parsed JSON, in order, for assertions the fields above do not cover. */
  requests: unknown[];
  close(): Promise<void>;
}
