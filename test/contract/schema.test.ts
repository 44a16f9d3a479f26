import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import { auditTranscript } from "../../src/audit/audit-transcript.js";
import { runTool } from "../../src/run/run-tool.js";
import { publishedRecord } from "../helpers/lint.js";
import { repoPath } from "../helpers/repo.js";
import { transcriptPath } from "../helpers/transcripts.js";

const schema = JSON.parse(readFileSync(repoPath("schema/span.schema.json"), "utf8")) as object;
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

// The published example record, exactly as Tool Previews Lie publishes it (abbreviated hashes included).
const publishedExample = publishedRecord();

test("the schema accepts the published example record", () => {
  assert.equal(validate(publishedExample), true, JSON.stringify(validate.errors));
});

test("the schema accepts spans that runTool writes, clipped or not, binary or failed to start", async () => {
  const runs = [
    runTool(["sh", "-c", "seq 1 3000; echo oops >&2; exit 3"], { stdin: "ignore" }),
    runTool(["sh", "-c", "printf 'a\\000b'"], { stdin: "ignore", cap: null, keep: "head+tail" }),
    runTool(["toolspan-no-such-command"], { stdin: "ignore" }),
  ];
  for (const { span } of await Promise.all(runs)) {
    assert.equal(validate(span), true, JSON.stringify(validate.errors));
  }
});

test("the schema rejects a clipped stream without head and tail hashes, and a full hash on it", () => {
  const { stdout_head_sha256: _head, ...withoutHead } = publishedExample;
  assert.equal(validate(withoutHead), false);
  assert.equal(validate({ ...publishedExample, stdout_sha256: "9c21..." }), false);
});

test("the schema rejects wrong types and missing core keys on tool spans", () => {
  assert.equal(validate({ ...publishedExample, stdout_bytes: -1 }), false);
  assert.equal(validate({ ...publishedExample, stdout_cap: "8192" }), false);
  assert.equal(validate({ ...publishedExample, stderr_truncated: "false" }), false);
  assert.equal(validate({ ...publishedExample, encoding: "latin-1" }), false);
  const { ok_preview: _ok, ...withoutOk } = publishedExample;
  assert.equal(validate(withoutOk), false);
});

test("spans of another type pass, objects without span_type do not", () => {
  assert.equal(validate({ span_type: "llm", model: "x" }), true);
  assert.equal(validate({ tool_name: "pytest" }), false);
});

test("the schema accepts audit's transcript spans, whose unknowns are null; the same nulls without source it rejects", async () => {
  const spans = [];
  for (const file of ["lab/claude_code/lab-2.1.332.jsonl", "synthetic/codex-markers.jsonl", "synthetic/claude-code-markers.jsonl"]) {
    spans.push(...(await auditTranscript(transcriptPath(file))).calls.map((call) => JSON.parse(JSON.stringify(call.span)) as Record<string, unknown>));
  }
  const clipped = spans.filter((span) => span.stdout_truncated === true && span.stdout_bytes === null && span.stdout_head_sha256 === null);
  const unverifiable = spans.filter((span) => typeof (span.source as Record<string, unknown>).unverifiable === "string");
  assert.ok(clipped.length > 0 && unverifiable.length > 0, `both kinds are among them (${clipped.length}, ${unverifiable.length})`);
  for (const span of spans) assert.equal(validate(span), true, `${String(span.span_id)}: ${JSON.stringify(validate.errors)}`);
  for (const span of [clipped[0]!, unverifiable[0]!]) {
    const { source: _source, ...bare } = span;
    assert.equal(validate(bare), false, `${String(span.span_id)} without source`);
    assert.equal(validate({ ...span, source: { ...(span.source as object), transcript_sha256: null } }), false, "a source without the transcript's hash is no transcript's");
  }
});
