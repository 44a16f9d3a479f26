// convertFile: a run file converted item by item, written chunk by chunk, with every line it leaves out named.
import assert from "node:assert/strict";
import { test } from "node:test";
import { convertFile } from "../../src/convert/convert-file.js";
import { UnreadableInput } from "../../src/formats/jsonl-lines.js";
import { cleanSpan, jsonl, publishedRecord, writeTemp } from "../helpers/lint.js";

async function convert(content: string, to: "otlp" | "jsonl"): Promise<{ out: string; skips: string[]; skipped: number }> {
  let out = "";
  const skips: string[] = [];
  const { skipped } = await convertFile(writeTemp(content), {
    to,
    write: (text) => {
      out += text;
      return undefined;
    },
    onSkip: (line, reason) => skips.push(`${line}: ${reason}`),
  });
  return { out, skips, skipped };
}

test("records go to OTLP and back, one line each; lines that are neither format are named and counted", async () => {
  const records = [cleanSpan(), publishedRecord()];
  const there = await convert(`${jsonl(records)}[1]\n\n{oops\n`, "otlp");
  assert.deepEqual(there.skips, ["3: neither a toolspan record nor an OTLP request", "5: neither a toolspan record nor an OTLP request"]);
  assert.equal(there.skipped, 2);
  const back = await convert(there.out, "jsonl");
  assert.deepEqual(back.skips, []);
  assert.deepEqual(back.out.trim().split("\n").map((line) => JSON.parse(line) as unknown), records);
  assert.equal((await convert(there.out, "otlp")).out, there.out, "OTLP passes through as it is");
});

test("a pretty-printed record converts whole; a document that does not parse is one input skipped at its first line", async () => {
  const indented = await convert(`\n${JSON.stringify(cleanSpan(), null, 2)}\n`, "jsonl");
  assert.deepEqual(JSON.parse(indented.out) as unknown, cleanSpan());
  const broken = await convert('\n{\n  "a": 1,\n  oops\n}\n', "otlp");
  assert.deepEqual(broken.skips, ["2: neither a toolspan record nor an OTLP request"]);
  assert.equal(broken.out, "");
});

test("a file that cannot be read rejects with UnreadableInput", async () => {
  await assert.rejects(
    convertFile("/nonexistent/run.jsonl", { to: "otlp", write: () => undefined, onSkip: () => {} }),
    (error) => error instanceof UnreadableInput && error.reason === "ENOENT",
  );
});
