// `search_output`: lines of the whole stored stream, RE2 patterns only (linear time), literal text, case, paging.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { call, resultText, startMcp, type McpServer } from "../../helpers/mcp.js";

let server: McpServer;
let spanId: string;
before(async () => {
  server = await startMcp();
  spanId = (await call(server, "run", { command: `seq 1 30000; printf 'Error [x] here\\n%0900d\\n' 7` })).structuredContent.span_id;
});
after(() => server.close());

const search = (args: Record<string, unknown>) => call(server, "search_output", { span_id: spanId, ...args });

test("a pattern RE2 cannot match in linear time is refused, saying so; literal text is matched as it is", async () => {
  for (const pattern of ["(a)\\1", "a(?=b)"]) {
    const result = await search({ pattern });
    assert.equal(result.isError, true, pattern);
    assert.match(resultText(result), /is not one RE2 can match in linear time \(.+\); give literal: true/);
  }
  const literalResult = await search({ pattern: "[x]", literal: true });
  assert.equal(literalResult.isError, undefined, resultText(literalResult));
  const literal = literalResult.structuredContent;
  assert.deepEqual(literal.matches.map((match: { line: number }) => match.line), [30_001]);
  const folded = (await search({ pattern: "error \\[", ignore_case: true })).structuredContent;
  assert.equal(folded.matches[0].text, "Error [x] here");
});

test("matches carry line numbers and byte offsets; a long line is shown cut and says its length", async () => {
  const found = (await search({ pattern: "^29999$|^0+7$" })).structuredContent;
  const offset = Buffer.byteLength(Array.from({ length: 29_998 }, (_, i) => `${i + 1}\n`).join(""));
  assert.deepEqual(found.matches[0], { line: 29_999, offset, bytes: 5, text: "29999" });
  assert.equal(found.matches[1].bytes, 900);
  assert.equal(found.matches[1].text.length, 400);
  assert.match(resultText(await search({ pattern: "^0+7$" })), /^30002:\d+:0{400} \.\.\.\[500 more bytes\]$/m);
});

test("paging: max_matches and from_line go through every match once, and `more` says when to go on", async () => {
  const lines: number[] = [];
  let from = 1;
  for (let page = 0; page < 10; page++) {
    const answer = (await search({ pattern: "^1[0-9]{2}5$", max_matches: 40, from_line: from })).structuredContent;
    lines.push(...answer.matches.map((match: { line: number }) => match.line));
    if (!answer.more) {
      assert.equal(answer.next_from_line, null);
      break;
    }
    from = answer.next_from_line;
  }
  assert.deepEqual(lines, Array.from({ length: 100 }, (_, i) => 1005 + 10 * i));
  const none = await search({ pattern: "no such line" });
  assert.match(resultText(none), /^no line matches in stdout of span [0-9a-f]{16} \(\d+ bytes, sha256 [0-9a-f]{64} verified\)\./);
});
