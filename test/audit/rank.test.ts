import assert from "node:assert/strict";
import { test } from "node:test";
import type { AuditedCall, Verdict } from "../../src/audit/audit-transcript.js";
import { rankFindings } from "../../src/audit/rank.js";
import type { AuditSpan } from "../../src/audit/to-span.js";

const call = (id: string, verdict: Verdict, declaredSuccess: boolean): AuditedCall => ({
  span: { span_id: id } as AuditSpan,
  verdict,
  reason: null,
  declaredSuccess,
  firstAction: null,
});

test("clipped results followed by a claim of success come first, then clipped, then unverifiable; clean ones not at all", () => {
  const calls = [
    call("clean", "clean", true),
    call("unverifiable", "unverifiable", false),
    call("clipped", "clipped", false),
    call("clipped-then-success", "clipped", true),
    call("unverifiable-then-success", "unverifiable", true),
    call("clipped-2", "clipped", false),
  ];
  assert.deepEqual(
    rankFindings(calls).map((c) => c.span.span_id),
    ["clipped-then-success", "clipped", "clipped-2", "unverifiable-then-success", "unverifiable"],
  );
});
