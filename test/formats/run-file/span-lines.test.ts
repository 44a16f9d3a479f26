import assert from "node:assert/strict";
import { test } from "node:test";
import { spansFromRequest } from "../../../src/formats/otlp/spans-from-line.js";
import { spanLines } from "../../../src/formats/run-file/span-lines.js";

const A = "aaaaaaaaaaaaaaaa";
const B = "bbbbbbbbbbbbbbbb";
const TRACE = "0123456789abcdef0123456789abcdef";

test("each span of a pretty-printed document is placed at its own spanId line, not at a link that names it", () => {
  const request = {
    resourceSpans: [
      {
        scopeSpans: [
          {
            spans: [
              { traceId: TRACE, spanId: A, name: "a", links: [{ traceId: TRACE, spanId: B }] },
              { traceId: TRACE, spanId: B, name: "b" },
            ],
          },
        ],
      },
    ],
  };
  const lines = JSON.stringify(request, null, 2).split("\n");
  const own = (id: string): number => lines.findLastIndex((line) => line.includes(`"spanId": "${id}"`)) + 10;
  const lineOf = spanLines(lines, 10);
  const spans = spansFromRequest(request);
  assert.deepEqual(spans.map(lineOf), [own(A), own(B)]);
  // Asked again from the start (a second reader), the same lines.
  const again = spanLines(lines, 10);
  assert.deepEqual(spans.map(again), [own(A), own(B)]);
});
