// SWE-agent trajectories (.traj): {trajectory: [{action, observation, thought, state}], history: [...]}.
// trajectory[i].observation is the whole output; history holds the copy the model was shown. Comparing the two
// is exact: where the copy lacks part of the observation, the model saw only what the copy holds.
import { CallLog } from "./call-log.js";
import type { TranscriptRead } from "./call.js";
import { contentText, isObject, stringOr, type JsonObject } from "./json-values.js";

const WORKING_DIR = /["']working_dir["']:\s{0,4}["']([^"']{0,4096})["']/;
const CLIPPED = "<response clipped>";
// SWE-agent's own time limit killed the command: 0.x appends "EXECUTION TIMED OUT" (then " BECAUSE NO OUTPUT WAS
// PRODUCED FOR MORE THAN N SECONDS." or " BECAUSE THE COMMAND WAS RUNNING FOR MORE THAN N SECONDS.") to what it had
// printed (sweagent/environment/swe_env.py); 1.x answers with its command_cancelled_timeout_template instead of
// any output ("The command '…' was cancelled because it took more than N seconds.", sweagent/agent/agents.py;
// config/bash_only.yaml wraps it in <warning> and ends it "… seconds to complete.").
const TIMED_OUT_0X = /(?:^|\n)EXECUTION TIMED OUT(?=$|[\n ])/;
const CANCELLED_1X = /^(?:<warning>\n)?The command '/;
const CANCELLED_1X_END = /' was cancelled because it took more than \d{1,6}(?:\.\d{1,3})? seconds(?:\.| to complete\.)/;
// What the model was left with: 0.x kept what the command printed before the kill, 1.x's notice replaced all of it.
function timedOut(observation: string): string | null {
  if (TIMED_OUT_0X.test(observation)) return "timed out (SWE-agent's command time limit): killed mid-run, its output stops where it was killed";
  if (CANCELLED_1X.test(observation) && CANCELLED_1X_END.test(observation)) {
    return "cancelled at SWE-agent's command time limit: killed mid-run, its output replaced by the notice";
  }
  return null;
}

/** Reads a SWE-agent trajectory document. */
export function readSweAgent(doc: JsonObject): TranscriptRead {
  const log = new CallLog();
  const steps = Array.isArray(doc.trajectory) ? doc.trajectory : [];
  const copies = new CopyQueue(modelCopies(Array.isArray(doc.history) ? doc.history : []));
  steps.forEach((step, position) => {
    const index = position + 1;
    if (!isObject(step)) return log.problem(null, index, "a trajectory step that is not a JSON object; skipped");
    const action = stringOr(step.action, "")!.trim();
    log.assistantText(stringOr(step.thought) ?? stringOr(step.response, "")!);
    if (action === "") return;
    const toolName = action.split(/\s/, 1)[0]!;
    // Submitting is the agent's claim that the work is done: about the results it had just looked at.
    if (toolName === "submit") log.declareSuccess();
    const call = log.call({ callId: null, toolName, command: action, cwd: workingDir(step.state), line: null, index });
    const observation = stringOr(step.observation, "")!;
    const killed = timedOut(observation);
    log.resultFor(call, { ...compare(observation, copies.take(action)), ...(killed !== null ? { unverifiable: killed, timedOut: true } : {}) });
  });
  const info = isObject(doc.info) ? doc.info : {};
  return { format: "swe-agent", harnessVersion: stringOr(info.swe_agent_version), sessionId: null, calls: log.end(), problems: log.problems };
}

/** One copy the model was shown, and the action the history says it answered (absent in older histories). */
interface ModelCopy {
  action: string | null;
  text: string;
}

// The observation copies, in order: the message right after each of the model's actions (demonstrations skipped).
function modelCopies(history: readonly unknown[]): ModelCopy[] {
  const copies: ModelCopy[] = [];
  for (let i = 0; i < history.length - 1; i++) {
    const entry = history[i];
    const next = history[i + 1];
    if (!isObject(entry) || !isObject(next) || entry.role !== "assistant" || isDemo(entry)) continue;
    if (next.role === "assistant") continue;
    const action = typeof entry.action === "string" ? entry.action.trim() : null;
    copies.push({ action, text: contentText(next.content) });
  }
  return copies;
}

// Steps and copies do not pair by position: a trajectory can hold a step the history never showed the model
// (an empty action, no observation), after which every later pair would be off by one. Where the history names
// its actions, a step takes the next copy of the same action; older histories without them pair in order.
class CopyQueue {
  private next = 0;
  constructor(private readonly copies: readonly ModelCopy[]) {}

  take(action: string): string | undefined {
    const first = this.copies[this.next];
    if (first === undefined) return undefined;
    if (first.action === null) {
      this.next += 1;
      return first.text;
    }
    const found = this.copies.findIndex((copy, at) => at >= this.next && copy.action === action);
    // No copy answers this action: no comparison, rather than one against another call's output.
    if (found === -1) return undefined;
    this.next = found + 1;
    return this.copies[found]!.text;
  }
}

const isDemo = (entry: JsonObject): boolean => entry.is_demo === true || entry.is_demo === "True";

function compare(observation: string, copy: string | undefined): { stdout: string; fullOutput?: string; keptOutput?: string } {
  if (copy === undefined) return { stdout: observation };
  const at = observation === "" ? -1 : copy.indexOf(observation);
  if (at !== -1) {
    // SWE-agent 1.x cuts a long observation in both copies alike, and only the model's copy says so after it.
    const after = copy.slice(at + observation.length);
    return { stdout: after.includes(CLIPPED) ? `${observation}${after}` : observation };
  }
  if (observation === "") return { stdout: observation };
  const cut = copy.indexOf(CLIPPED);
  let kept = cut === -1 ? copy : copy.slice(0, cut);
  if (kept.startsWith("Observation:") && !observation.startsWith("Observation:")) kept = kept.slice("Observation:".length).replace(/^[ \n]/, "");
  // The note after the clip names the cap; keep it in what the model saw so the marker is found there.
  return { stdout: cut === -1 ? kept : `${kept}${copy.slice(cut)}`, fullOutput: observation, keptOutput: kept };
}

function workingDir(state: unknown): string | null {
  if (isObject(state)) return stringOr(state.working_dir);
  if (typeof state !== "string") return null;
  return WORKING_DIR.exec(state)?.[1] ?? null;
}
