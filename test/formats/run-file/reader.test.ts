// The run-file reader: every shape of run file as items, with the lines an editor shows.
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import { UnreadableInput } from "../../../src/formats/jsonl-lines.js";
import type { RunFileItem } from "../../../src/formats/run-file/entry.js";
import { readRunFile, readRunRange } from "../../../src/formats/run-file/read.js";
import { readRunRangeSync } from "../../../src/formats/run-file/read-sync.js";
import { RunFileReader, type ReaderOptions } from "../../../src/formats/run-file/reader.js";
import { cleanSpan, writeTemp } from "../../helpers/lint.js";
import { repoPath } from "../../helpers/repo.js";

const TRACE = "0123456789abcdef0123456789abcdef";
const otlpSpan = (spanId: string, record?: Record<string, unknown>): Record<string, unknown> => ({
  traceId: TRACE,
  spanId,
  name: "execute_tool",
  attributes: record ? [{ key: "toolspan.span_type", value: { stringValue: String(record.span_type) } }] : [],
});
const request = (...spans: Record<string, unknown>[]): Record<string, unknown> => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

// Each item as `line kind`, with what tells it apart.
function shown(item: RunFileItem): string {
  switch (item.kind) {
    case "record":
      return `${item.line} record ${String(item.record.span_id ?? "")}`;
    case "otlpRequest":
      return `${item.line} otlpRequest`;
    case "otlpSpan":
      return `${item.line} otlpSpan ${item.span.spanId}${item.span.record ? " record" : ""}`;
    case "notJson":
      return `${item.line} notJson`;
    case "notObject":
      return `${item.line} notObject ${JSON.stringify(item.value)}`;
    case "tooLong":
      return `${item.line} tooLong ${item.maxLineBytes}`;
  }
}

async function itemsOf(content: string | Buffer, options: ReaderOptions = {}): Promise<{ items: string[]; lines: number; documents: string[] }> {
  const items: string[] = [];
  const documents: string[] = [];
  const read = await readRunFile(writeTemp(content), (item) => void items.push(shown(item)), {
    ...options,
    onDocument: ({ first, parsed }) => documents.push(`${first} ${parsed ? "parsed" : "unparsed"}`),
  });
  return { items, lines: read.lines, documents };
}

describe("readRunFile", () => {
  test("JSON Lines: a record, an OTLP request and its spans, a line not JSON, a value not an object; blank lines are no item", async () => {
    const text = [
      JSON.stringify(cleanSpan({ span_id: "a" })),
      "",
      JSON.stringify(request(otlpSpan("1111111111111111", { span_type: "tool" }), otlpSpan("2222222222222222"))),
      "{not json",
      "[1,2]",
      "   ",
      "null",
    ].join("\n");
    const { items, lines, documents } = await itemsOf(`${text}\n`);
    assert.deepEqual(items, [
      "1 record a",
      "3 otlpRequest",
      "3 otlpSpan 1111111111111111 record",
      "3 otlpSpan 2222222222222222",
      "4 notJson",
      "5 notObject [1,2]",
      "7 notObject null",
    ]);
    assert.equal(lines, 7);
    assert.deepEqual(documents, []);
  });

  test("an OTLP request nested too deeply to decode is one notJson item, and the lines after it are read", async () => {
    const depth = 100_000;
    const value = `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(depth)}{"stringValue":"x"}${"}]}}".repeat(depth)}`;
    const deep = `{"resourceSpans":[{"scopeSpans":[{"spans":[{"spanId":"1111111111111111","attributes":[{"key":"a","value":${value}}]}]}]}]}`;
    const found: RunFileItem[] = [];
    await readRunFile(writeTemp(`${deep}\n{"span_id":"after"}\n`), (item) => void found.push(item));
    assert.deepEqual(
      found.map((item) => (item.kind === "notJson" ? `${item.line} ${item.reason}` : shown(item))),
      ["1 nested too deeply to read", "2 record after"],
    );
  });

  test("a notJson item says why, in one line of at most 200 characters", async () => {
    const found: RunFileItem[] = [];
    await readRunFile(writeTemp(`{"a": ${"x".repeat(500)}}\n`), (item) => void found.push(item));
    const [item] = found;
    assert.equal(item?.kind, "notJson");
    assert.ok(item.kind === "notJson" && item.reason.length > 0 && item.reason.length <= 200 && !item.reason.includes("\n"), JSON.stringify(item));
  });

  test("a BOM at the start is not part of line 1, and a document after it is still found", async () => {
    assert.deepEqual((await itemsOf(`\uFEFF${JSON.stringify(cleanSpan({ span_id: "b" }))}\r\n`)).items, ["1 record b"]);
    const document = await itemsOf(`\uFEFF${JSON.stringify(cleanSpan({ span_id: "c" }), null, 2)}\n`);
    assert.deepEqual(document.items, ["1 record c"]);
    assert.deepEqual(document.documents, ["1 parsed"]);
  });

  test("a line over the limit is one tooLong item at its line, and the lines after it are read", async () => {
    const text = `{"span_id":"a"}\n${"x".repeat(5000)}\n{"span_id":"b"}\n`;
    const { items, lines } = await itemsOf(text, { maxLineBytes: 1000 });
    assert.deepEqual(items, ["1 record a", "2 tooLong 1000", "3 record b"]);
    assert.equal(lines, 3);
  });

  test("a pretty-printed OTLP document is read whole, each span at its spanId's line", async () => {
    const path = repoPath("test/fixtures/otlp/trace.json");
    const lines = readFileSync(path, "utf8").split("\n");
    const items: RunFileItem[] = [];
    await readRunFile(path, (item) => void items.push(item));
    const spans = items.filter((item) => item.kind === "otlpSpan");
    assert.ok(spans.length > 0);
    for (const item of spans) {
      assert.ok(item.kind === "otlpSpan");
      assert.match(lines[item.line - 1]!, new RegExp(`"spanId"\\s*:\\s*"${item.span.spanId}"`, "i"), `line ${item.line}`);
    }
    assert.deepEqual(items[0] && { kind: items[0].kind, line: items[0].line }, { kind: "otlpRequest", line: 1 });
  });

  test("an indented record is one record at its first line, blank lines before it counted", async () => {
    const { items, documents } = await itemsOf(`\n\n${JSON.stringify(cleanSpan({ span_id: "d" }), null, 2)}\n`);
    assert.deepEqual(items, ["3 record d"]);
    assert.deepEqual(documents, ["3 parsed"]);
  });

  test("a document that does not parse is read line by line, each line at its own number", async () => {
    const { items, documents } = await itemsOf('{\n  "a": 1,\n\n  "b"\n"text"\n');
    assert.deepEqual(documents, ["1 unparsed"]);
    assert.deepEqual(items, ["1 notJson", "2 notJson", "4 notObject \"b\"", "5 notObject \"text\""]);
  });

  test("a line over the limit inside a document keeps the numbers of the lines after it", async () => {
    const { items } = await itemsOf(`{\n  "a": "${"y".repeat(3000)}",\n  "b" 1\n}\n`, { maxLineBytes: 1000 });
    assert.deepEqual(items, ["2 tooLong 1000", "1 notJson", "3 notJson", "4 notJson"]);
  });

  test("STOP from the sink ends the read: no item after it", async () => {
    const text = Array.from({ length: 5000 }, (_, index) => JSON.stringify(cleanSpan({ span_id: `s${index}` }))).join("\n");
    const seen: number[] = [];
    await readRunFile(writeTemp(text), (item) => {
      seen.push(item.line);
      return item.line < 3 ? undefined : false;
    });
    assert.deepEqual(seen, [1, 2, 3]);
  });

  test("progress hears of every byte and every line; an error the sink throws is not an unreadable file", async () => {
    const path = writeTemp(`${JSON.stringify(cleanSpan())}\n`.repeat(3000));
    let bytes = 0;
    let lines = 0;
    await readRunFile(path, () => {}, { onProgress: (b, l) => ((bytes += b), (lines += l)) });
    assert.deepEqual([bytes, lines], [statSync(path).size, 3000]);
    const mine = new Error("mine");
    await assert.rejects(
      readRunFile(path, () => {
        throw mine;
      }),
      (error) => error === mine,
    );
  });

  test("a missing file or a directory rejects with UnreadableInput naming it", async () => {
    await assert.rejects(readRunFile("/nonexistent/run.jsonl", () => {}), (error) => error instanceof UnreadableInput && error.reason === "ENOENT");
    await assert.rejects(readRunFile(repoPath("test"), () => {}), (error) => error instanceof UnreadableInput && error.reason === "is a directory");
  });
});

describe("byte ranges", () => {
  const text = `\uFEFF${JSON.stringify(cleanSpan({ span_id: "a" }))}\n{bad\n${JSON.stringify(cleanSpan({ span_id: "b" }))}\n`;
  const path = writeTemp(text);
  const cut = Buffer.byteLength(text.slice(0, text.indexOf("{bad")));
  const size = statSync(path).size;

  test("the sync and the streaming range readers give the same items, numbered from the range's first line", async () => {
    for (const [start, end] of [
      [0, size],
      [0, cut],
      [cut, size],
    ] as const) {
      const sync: string[] = [];
      const streamed: string[] = [];
      const read = readRunRangeSync({ path, start, end }, (item) => void sync.push(shown(item)));
      const again = await readRunRange({ path, start, end }, (item) => void streamed.push(shown(item)));
      assert.deepEqual(streamed, sync);
      assert.deepEqual(again, read);
      assert.equal(read.bytes, end - start);
    }
    const tail: string[] = [];
    readRunRangeSync({ path, start: cut, end: size }, (item) => void tail.push(shown(item)));
    assert.deepEqual(tail, ["1 notJson", "2 record b"]);
  });

  test("an empty range has no items and no lines", async () => {
    assert.deepEqual(await readRunRange({ path, start: 0, end: 0 }, () => assert.fail("no item")), { lines: 0, bytes: 0 });
  });
});

describe("RunFileReader", () => {
  // Lines of the kinds a JSON Lines file holds, each with the item it must give (null: none).
  const line = fc.oneof(
    fc.string({ maxLength: 8 }).map((id) => ({ text: JSON.stringify({ span_type: "tool", span_id: id }), item: (n: number) => `${n} record ${id}` })),
    fc.constantFrom("", "  ", "\t").map((text) => ({ text, item: () => null })),
    fc.constantFrom("{nope", "x", '{"a":').map((text) => ({ text, item: (n: number) => `${n} notJson` })),
    fc.constantFrom("1", '"s"', "[]", "true").map((text) => ({ text, item: (n: number) => `${n} notObject ${JSON.stringify(JSON.parse(text))}` })),
  );

  test("every line of a JSON Lines file gives exactly one item with its number (a blank line none), however the bytes are cut", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.boolean(), fc.boolean(), fc.array(fc.nat(), { maxLength: 8 }), (lines, crlf, bom, points) => {
        const text = `${bom ? "\uFEFF" : ""}${lines.map((entry) => entry.text).join(crlf ? "\r\n" : "\n")}`;
        const data = Buffer.from(text, "utf8");
        const items: string[] = [];
        const reader = new RunFileReader((item) => void items.push(shown(item)));
        const cuts = [...new Set(points.map((point) => point % (data.length + 1)))].sort((a, b) => a - b);
        let from = 0;
        for (const at of [...cuts, data.length]) {
          reader.push(data.subarray(from, at));
          from = at;
        }
        reader.end();
        const expected = lines.flatMap((entry, index) => entry.item(index + 1) ?? []);
        assert.deepEqual(items, expected);
      }),
    );
  });
});
