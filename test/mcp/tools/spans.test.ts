// `spans`: the session's calls that need a second look, most misleading first, with the calls that show what was cut.
import assert from "node:assert/strict";
import { test } from "node:test";
import { fixturePath } from "../../helpers/fixtures.js";
import { call, resultText, startMcp } from "../../helpers/mcp.js";

test("a fresh session has none; a cut passing run and a cut failing one are listed with their next calls", async () => {
  const server = await startMcp();
  try {
    const empty = (await call(server, "spans", {})).structuredContent;
    assert.deepEqual(empty, { summary: "0 of the 0 run calls of this session need a second look.", run_id: empty.run_id, tool_spans: 0, need_action: 0, spans: [] });
    await call(server, "run", { command: "echo short" });
    const failing = (await call(server, "run", { command: `${process.execPath} ${fixturePath("test-log.mjs")} 68195 1` })).structuredContent;
    const passing = (await call(server, "run", { command: "seq 1 100000" })).structuredContent;
    const listed = await call(server, "spans", {});
    const answer = listed.structuredContent;
    assert.equal(answer.tool_spans, 3);
    assert.equal(answer.need_action, 2);
    assert.deepEqual(new Set(answer.spans.map((span: { span_id: string }) => span.span_id)), new Set([failing.span_id, passing.span_id]));
    const seen = answer.spans.find((span: { span_id: string }) => span.span_id === failing.span_id);
    assert.equal(seen.command, `${process.execPath} ${fixturePath("test-log.mjs")} 68195 1`);
    assert.ok(seen.rows.length > 0 && seen.rows.every((row: { first_action: string }) => row.first_action.length > 0));
    assert.deepEqual(seen.next_calls, failing.follow_up.map((next: Record<string, unknown>) => ({ ...next, why: next.why === "the first cut bytes of stdout" ? next.why : "failure lines anywhere in stdout" })));
    assert.match(resultText(listed), /^2 of the 3 run calls of this session need a second look\./);
    assert.equal((await call(server, "spans", { max_spans: 1 })).structuredContent.spans.length, 1);
  } finally {
    await server.close();
  }
});
