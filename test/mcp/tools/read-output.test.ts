// `read_output`: any range of a stored stream, verified against the span; offsets from either end and past it,
// character boundaries, binary bytes, a tampered blob, a span of another session, and a read that reads only its range.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { blobPath } from "../../../src/store/blob-path.js";
import { fixturePath } from "../../helpers/fixtures.js";
import { call, resultText, startMcp, type McpServer } from "../../helpers/mcp.js";

const stdoutOf = (command: string): Buffer => spawnSync("bash", ["-c", command], { stdio: ["ignore", "pipe", "ignore"] }).stdout;

let server: McpServer;
before(async () => {
  server = await startMcp();
});
after(() => server.close());

// A run whose stdout is `command`'s; its span id and the bytes.
async function stored(command: string): Promise<{ spanId: string; whole: Buffer; blob: string }> {
  const answer = (await call(server, "run", { command })).structuredContent;
  const span = server.spans().find((candidate) => candidate.span_id === answer.span_id)!;
  return { spanId: answer.span_id, whole: stdoutOf(command), blob: blobPath(`${server.home}/store`, span.stdout_blob!.slice(7)) };
}

describe("offsets", () => {
  test("from the start, from the end, at the end, past the end, and before the start", async () => {
    const { spanId, whole } = await stored("seq 1 10000");
    const read = async (args: Record<string, unknown>) => (await call(server, "read_output", { span_id: spanId, ...args })).structuredContent;
    const first = await read({});
    assert.equal(first.text, whole.subarray(0, 8000).toString());
    assert.equal(first.next_offset, 8000);
    const last = await read({ offset: -100 });
    assert.deepEqual([last.offset, last.length, last.next_offset, last.text], [whole.length - 100, 100, null, whole.subarray(-100).toString()]);
    const end = await read({ offset: whole.length });
    assert.deepEqual([end.length, end.text, end.next_offset], [0, "", null]);
    const past = await call(server, "read_output", { span_id: spanId, offset: whole.length + 1 });
    assert.equal(past.isError, true);
    assert.equal(resultText(past), `read_output: offset ${whole.length + 1} is past the end of stdout, which has ${whole.length} bytes`);
    const before = await read({ offset: -10 * whole.length, length: 5 });
    assert.deepEqual([before.offset, before.text], [0, "1\n2\n3"]);
    const other = await call(server, "read_output", { span_id: spanId, stream: "stderr" });
    assert.deepEqual([other.structuredContent.stream_bytes, other.structuredContent.text], [0, ""]);
  });

  test("any range of multi-byte text comes whole-charactered, and is exactly the stream's bytes there", async () => {
    const { spanId, whole } = await stored(`for i in $(seq 1 300); do printf 'é€😀a'; done`);
    await fc.assert(
      fc.asyncProperty(fc.nat(whole.length), fc.integer({ min: 1, max: 64 }), async (offset, length) => {
        const read = (await call(server, "read_output", { span_id: spanId, offset, length })).structuredContent;
        assert.equal(read.encoding, "utf-8");
        assert.ok(offset - read.offset >= 0 && offset - read.offset <= 3);
        const bytes = Buffer.from(read.text, "utf8");
        assert.equal(bytes.length, read.length);
        assert.ok(bytes.equals(whole.subarray(read.offset, read.offset + read.length)), "the bytes at that offset");
        assert.equal(read.next_offset, read.offset + read.length === whole.length ? null : read.offset + read.length);
      }),
      { numRuns: 60 },
    );
  });

  test("bytes that are not text come in base64, exactly", async () => {
    const { spanId, whole } = await stored(`${process.execPath} ${fixturePath("binary.mjs")} 20`);
    const read = (await call(server, "read_output", { span_id: spanId, offset: 1000, length: 2000 })).structuredContent;
    assert.deepEqual([read.encoding, read.offset, read.length], ["base64", 1000, 2000], "binary ranges are not moved");
    assert.ok(Buffer.from(read.text, "base64").equals(whole.subarray(1000, 3000)));
  });
});

describe("what is refused, named", () => {
  test("a tampered blob: an error naming the file, never the wrong bytes; a missing one: missing", async () => {
    const { spanId, blob } = await stored("seq 1 5000");
    const good = readFileSync(blob);
    const bad = Buffer.from(good);
    bad[10] = 0x58;
    writeFileSync(blob, bad);
    for (const [name, args] of [["read_output", { offset: 0, length: 20 }], ["search_output", { pattern: "X" }]] as const) {
      const result = await call(server, name, { span_id: spanId, ...args });
      assert.equal(result.isError, true, name);
      assert.match(resultText(result), new RegExp(`blob ${blob} is damaged or tampered: its sha256 is [0-9a-f]{64}, the span says`), name);
      // The blob's path is a random temporary name, which may hold an X of its own.
      assert.doesNotMatch(resultText(result).replaceAll(blob, ""), /X/, "none of the tampered bytes are handed on");
    }
    writeFileSync(blob, good);
    assert.equal((await call(server, "read_output", { span_id: spanId, length: 4 })).structuredContent.text, "1\n2\n", "the blob as stored is verified again");
    unlinkSync(blob);
    assert.match(resultText(await call(server, "read_output", { span_id: spanId })), /blob sha256:[0-9a-f]{64} is missing/);
  });

  test("a span of another session is not this session's, though both share the home", async () => {
    const other = await startMcp([], { home: server.home });
    try {
      const theirs = (await call(other, "run", { command: "echo theirs" })).structuredContent.span_id;
      const result = await call(server, "read_output", { span_id: theirs });
      assert.equal(result.isError, true);
      assert.equal(resultText(result), `read_output: no span "${theirs}" in this session: give the span_id a run call of this session answered with`);
      assert.equal((await call(other, "read_output", { span_id: theirs })).structuredContent.text, "theirs\n");
    } finally {
      await other.close();
    }
  });
});

describe("cost", () => {
  // Bytes the server process read (read(2) and friends), from the kernel's own count.
  const bytesRead = (): number => Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${server.pid}/io`, "utf8"))![1]);

  test("a read of a range reads only that range of a 64 MiB stream; a changed blob is verified whole again", async () => {
    const size = 64 * 1024 * 1024;
    const { spanId, blob } = await stored(`yes 0123456789abcdef | head -c ${size}`);
    const costOf = async (): Promise<number> => {
      const before = bytesRead();
      const read = (await call(server, "read_output", { span_id: spanId, offset: 40_000_000, length: 100 })).structuredContent;
      assert.equal(read.text, "0123456789abcdef\n".repeat(8).slice(40_000_000 % 17, 40_000_000 % 17 + 100));
      return bytesRead() - before;
    };
    const cost = await costOf();
    assert.ok(cost < 1024 * 1024, `read ${cost} bytes for a 100-byte range`);
    // Touched (its change time moves): no longer the file that was verified.
    utimesSync(blob, new Date(), new Date());
    const again = await costOf();
    assert.ok(again >= size, `a changed blob is hashed whole before a byte of it is handed on (read ${again} bytes)`);
    assert.ok((await costOf()) < 1024 * 1024, "and then known again");
  });
});
