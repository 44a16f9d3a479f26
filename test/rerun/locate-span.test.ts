import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { UnreadableInput } from "../../src/formats/jsonl-lines.js";
import { locateLines, locateSpan, parseSpanRef, spanProblems } from "../../src/rerun/locate-span.js";
import { RerunRefused, type RefusalReason } from "../../src/rerun/rerun-refused.js";
import fc from "fast-check";
import { cleanSpan } from "../helpers/lint.js";

const dir = mkdtempSync(join(tmpdir(), "toolspan-locate-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
function runFile(...lines: (object | string)[]): string {
  const path = join(dir, `run-${++files}.jsonl`);
  writeFileSync(path, lines.map((line) => (typeof line === "string" ? line : JSON.stringify(line))).join("\n") + "\n");
  return path;
}

const refused = (reason: RefusalReason, message?: RegExp) => (error: unknown) => {
  assert.ok(error instanceof RerunRefused, String(error));
  assert.equal(error.reason, reason);
  if (message) assert.match(error.message, message);
  return true;
};

describe("parseSpanRef", () => {
  test("FILE:LINE splits at the last colon", () => {
    assert.deepEqual(parseSpanRef("a:b/run.jsonl:12"), { path: "a:b/run.jsonl", line: 12 });
    assert.deepEqual(parseSpanRef("run.jsonl", "abc"), { path: "run.jsonl", spanId: "abc" });
  });
  test("anything else is refused", () => {
    for (const text of ["run.jsonl", "run.jsonl:0", "run.jsonl:x", ":3"]) assert.throws(() => parseSpanRef(text), refused("badReference"));
    assert.throws(() => parseSpanRef("run.jsonl", ""), refused("badReference"));
    // The library names its own option, never a CLI flag.
    for (const [text, spanId] of [["run.jsonl", ""], ["run.jsonl", undefined]] as const) {
      assert.throws(() => parseSpanRef(text, spanId), (error: unknown) => error instanceof RerunRefused && error.option === "spanId" && /\bspanId\b/.test(error.message) && !error.message.includes("--"));
    }
    assert.throws(() => parseSpanRef("-:3"), refused("badReference", /not in standard input/));
    assert.throws(() => parseSpanRef("-", "abc"), refused("badReference", /not in standard input/));
  });
});

describe("locateSpan", () => {
  const a = cleanSpan({ span_id: "span-a", argv: ["pytest", "-q"], cwd: "/work" });
  const b = cleanSpan({ span_id: "span-b" });

  test("by line and by id, with rerun_of the span id", async () => {
    const path = runFile(a, { span_type: "llm" }, b);
    const byLine = await locateSpan({ path, line: 3 });
    assert.equal(byLine.line, 3);
    assert.equal(byLine.rerunOf, "span-b");
    const byId = await locateSpan({ path, spanId: "span-a" });
    assert.equal(byId.line, 1);
    assert.deepEqual(byId.argv, ["pytest", "-q"]);
    assert.equal(byId.cwd, "/work");
  });

  test("a span without an id is linked as FILE:LINE", async () => {
    const path = runFile(cleanSpan({ span_id: undefined }));
    assert.equal((await locateSpan({ path, line: 1 })).rerunOf, `${path}:1`);
  });

  test("each way of not finding a span has its own refusal", async () => {
    const path = runFile(a, "{not json", { span_type: "llm" }, b, cleanSpan({ span_id: "span-b" }));
    await assert.rejects(locateSpan({ path, line: 9 }), refused("noSuchLine", /no such line \(the file has 5\)/));
    await assert.rejects(locateSpan({ path, line: 2 }), refused("notJson"));
    await assert.rejects(locateSpan({ path, line: 3 }), refused("notToolSpan"));
    await assert.rejects(locateSpan({ path, spanId: "nope" }), refused("idNotFound"));
    await assert.rejects(locateSpan({ path, spanId: "span-b" }), refused("idAmbiguous", /lines 4, 5/));
    await assert.rejects(locateSpan({ path: join(dir, "missing.jsonl"), line: 1 }), UnreadableInput);
  });

  test("a pretty-printed OTLP document: a span at its spanId's line (where lint and triage name it), or by id", async () => {
    const { convertValue } = await import("../../src/formats/otlp/convert-record.js");
    const request = (record: object) =>
      JSON.parse(convertValue(JSON.parse(JSON.stringify(record)) as Record<string, unknown>, "otlp", "0.0.0")![0]!) as { resourceSpans: { scopeSpans: { spans: unknown[] }[] }[] };
    const document = request(a);
    document.resourceSpans[0]!.scopeSpans[0]!.spans.push(...request(b).resourceSpans[0]!.scopeSpans[0]!.spans);
    const text = `${JSON.stringify(document, null, 2)}\n`;
    const path = join(dir, `trace-${++files}.json`);
    writeFileSync(path, text);
    const [lineA, lineB] = text.split("\n").flatMap((line, index) => (line.includes('"spanId"') ? [index + 1] : []));
    const byLine = await locateSpan({ path, line: lineB! });
    assert.equal(byLine.span.span_id, "span-b");
    const byId = await locateSpan({ path, spanId: "span-a" });
    assert.deepEqual([byId.line, byId.argv, byId.cwd], [lineA, ["pytest", "-q"], "/work"]);
    await assert.rejects(locateSpan({ path, line: 1 }), refused("notToolSpan", new RegExp(`tool spans are on lines ${lineA}, ${lineB}`)));
  });

  test("a span with bad types is refused, naming each problem", async () => {
    const path = runFile(cleanSpan({ argv: "rm -rf /", cwd: 7, stdout_bytes: "12" }));
    await assert.rejects(locateSpan({ path, line: 1 }), refused("badSpan", /'argv' must be a non-empty array of strings; 'cwd' must be a string; 'stdout_bytes' must be/));
  });
});

describe("spanProblems", () => {
  test("argv and cwd as they would execute", () => {
    assert.deepEqual(spanProblems(cleanSpan({ argv: ["pytest"], cwd: "/work" })), []);
    assert.deepEqual(spanProblems(cleanSpan({ argv: [] })), ["'argv' must be a non-empty array of strings"]);
    assert.deepEqual(spanProblems(cleanSpan({ argv: ["ls", 3] })), ["'argv' must be a non-empty array of strings"]);
    assert.deepEqual(spanProblems(cleanSpan({ argv: ["", "x"] })), ["'argv' must name a program and hold no NUL character"]);
    assert.deepEqual(spanProblems(cleanSpan({ argv: ["ls", "a\0b"] })), ["'argv' must name a program and hold no NUL character"]);
    assert.deepEqual(spanProblems(cleanSpan({ cwd: "relative/dir" })), ["'cwd' must be an absolute path"]);
    assert.deepEqual(spanProblems(cleanSpan({ argv: undefined })), ["'argv' must be a non-empty array of strings"]);
    assert.deepEqual(spanProblems(cleanSpan({ rerun_verdict: "maybe" })), [`'rerun_verdict' must be "identical", "identical-normalized", "same-ends", "differs", "unverifiable" or "incomplete"`]);
  });
});

describe("locateLines", () => {
  const kinds = [
    () => cleanSpan(),
    () => "not json",
    () => ({ span_type: "other" }),
    () => cleanSpan({ argv: "sh -c x" }),
  ] as const;

  test("property: in one read, each line gives what locateSpan gives for it alone, refusals included", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: kinds.length - 1 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 6 }),
        async (shape, asked) => {
          const path = runFile(...shape.map((kind) => kinds[kind]!()));
          const together = await locateLines(path, asked);
          for (const line of asked) {
            const alone = await locateSpan({ path, line }).catch((error: unknown) => error);
            const got = together.get(line);
            if (alone instanceof RerunRefused) {
              assert.ok(got instanceof RerunRefused, `line ${line} refused alone`);
              assert.deepEqual([got.reason, got.message], [alone.reason, alone.message]);
            } else assert.deepEqual(got, alone);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
