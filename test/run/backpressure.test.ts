import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { runTool } from "../../src/run/run-tool.js";
import { nodeFixture, patternSha256 } from "../helpers/fixtures.js";

const PATTERN = "abcdefghijklmnopqrstuvwxyz\n";

test("a consumer that asks to wait holds the command's pipe: no cap, 200 MB, memory stays flat", async () => {
  const size = 200_000_000;
  const seen = createHash("sha256");
  let delivered = 0;
  let waits = 0;
  const before = process.resourceUsage().maxRSS;
  const { span } = await runTool(nodeFixture("emit.mjs", "--out", String(size), "--pattern", PATTERN), {
    cap: null,
    buffer: false,
    stdin: "ignore",
    // Every 16th chunk, wait a turn of the event loop, as a slow pipe would make the CLI wait for 'drain'.
    onStdout: (chunk) => {
      seen.update(chunk);
      delivered += chunk.length;
      if (++waits % 16 !== 0) return undefined;
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
  });
  const grownMiB = (process.resourceUsage().maxRSS - before) / 1024;
  assert.equal(delivered, size);
  assert.equal(span.stdout_bytes, size);
  assert.equal(span.stdout_stream_sha256, patternSha256(size, PATTERN));
  assert.equal(seen.digest("hex"), span.stdout_kept_sha256);
  assert.equal(span.stalled, false, "waiting for the consumer is not a stall");
  assert.ok(grownMiB < 64, `memory grew by ${grownMiB.toFixed(1)} MiB`);
});

test("an idle limit does not fire while the consumer, not the command, is slow", async () => {
  let held = false;
  // head starts within milliseconds: a node writer's start-up alone can outlast the 0.2 s limit on a loaded machine.
  const { span, exitCode } = await runTool(["head", "-c", "2000000", "/dev/zero"], {
    cap: null,
    buffer: false,
    stdin: "ignore",
    idleTimeoutSeconds: 0.2,
    // The consumer holds the first chunk for twice the idle limit while the command, blocked on a full pipe, waits.
    onStdout: () => {
      if (held) return undefined;
      held = true;
      return new Promise<void>((resolve) => setTimeout(resolve, 400));
    },
  });
  assert.equal(span.stdout_bytes, 2_000_000);
  assert.equal(span.stalled, false);
  assert.equal(exitCode, 0);
});
