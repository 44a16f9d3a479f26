// Held-out transcripts will not look like our fixtures: each document format's fixtures, with a value somewhere
// in them replaced by anything at all, must be audited or refused by name, never crash.
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

for (const name of DOCUMENTS) {
  test(`${name} with any one value replaced by anything: audited or refused by name, never a crash`, async () => {
    const document = JSON.parse(readFileSync(repoPath(`test/fixtures/transcripts/${name}`), "utf8")) as Json;
    const all = paths(document);
    const file = join(dir, name.replace(/\//g, "_"));
    await fc.assert(
      fc.asyncProperty(fc.nat(all.length - 1), fc.jsonValue({ maxDepth: 2 }), async (pick, value) => {
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
