// Held-out transcripts will not look like our fixtures: each format's fixtures, with a value somewhere in them
// replaced by anything at all (an object with no toString among it), must be audited or refused by name, never crash.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import fc from "fast-check";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { UnrecognisedTranscript } from "../../src/formats/transcripts/read-transcript.js";
import { repoPath } from "../helpers/repo.js";

const dir = mkdtempSync(join(tmpdir(), "toolspan-mutated-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const DOCUMENTS = [
  "openhands/basic_gui_mode.json",
  "synthetic/openhands-markers.json",
  "swe_agent/6e44b9__sweagenttestrepo-1c2844.traj",
  "synthetic/swe-agent-clipped.traj",
  "mini_swe_agent/local.traj.json",
  "synthetic/mini-swe-agent-elided.traj.json",
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// Every path to a value in the document, as a list of keys and indexes.
function paths(value: Json, at: (string | number)[] = [], into: (string | number)[][] = []): (string | number)[][] {
  into.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => paths(item, [...at, index], into));
  else if (value !== null && typeof value === "object") for (const [key, item] of Object.entries(value)) paths(item, [...at, key], into);
  return into;
}

function replaced(document: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  const copy = structuredClone(document) as Record<string | number, Json>;
  let parent = copy;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, Json>;
  parent[path.at(-1)!] = value;
  return copy as Json;
}

// Line-based formats: one value in one record replaced.
const LINE_FILES = [
  "lab/claude_code/lab-2.1.332.jsonl",
  "synthetic/claude-code-out-of-order.jsonl",
  "lab/codex/lab-0.171.0.jsonl",
  "synthetic/codex-unified-exec.jsonl",
  "synthetic/codex-code-mode.jsonl",
  "lab/gemini/lab-0.61.0.jsonl",
  "synthetic/openhands-eval-output.jsonl",
];

// A value String() cannot turn into text: what a reader that stringifies an unchecked field dies on.
const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ toString: null, valueOf: null }));

for (const name of LINE_FILES) {
  test(`${name} with any one value of one record replaced by anything: audited or refused by name, never a crash`, async () => {
    const records = readFileSync(repoPath(`test/fixtures/transcripts/${name}`), "utf8").split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as Json);
    const all = records.flatMap((record, line) => paths(record).map((path) => ({ line, path })));
    const file = join(dir, name.replace(/\//g, "_"));
    await fc.assert(
      fc.asyncProperty(fc.nat(all.length - 1), anything, async (pick, value) => {
        const { line, path } = all[pick]!;
        writeFileSync(file, records.map((record, at) => `${JSON.stringify(at === line ? replaced(record, path, value as Json) : record)}\n`).join(""));
        try {
          const audit = await auditTranscript(file);
          for (const call of audit.calls) assert.equal(typeof call.span, "object");
        } catch (error) {
          assert.ok(error instanceof UnrecognisedTranscript, `line ${line + 1} ${path.join(".")}: ${String(error)}`);
        }
      }),
      { numRuns: 60 },
    );
  });
}

for (const name of DOCUMENTS) {
  test(`${name} with any one value replaced by anything: audited or refused by name, never a crash`, async () => {
    const document = JSON.parse(readFileSync(repoPath(`test/fixtures/transcripts/${name}`), "utf8")) as Json;
    const all = paths(document);
    const file = join(dir, name.replace(/\//g, "_"));
    await fc.assert(
      fc.asyncProperty(fc.nat(all.length - 1), anything, async (pick, value) => {
        writeFileSync(file, JSON.stringify(replaced(document, all[pick]!, value as Json)));
        try {
          const audit = await auditTranscript(file);
          for (const call of audit.calls) assert.equal(typeof call.span, "object");
        } catch (error) {
          assert.ok(error instanceof UnrecognisedTranscript, `${all[pick]!.join(".")}: ${String(error)}`);
        }
      }),
      { numRuns: 60 },
    );
  });
}
