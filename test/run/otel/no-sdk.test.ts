// Without an SDK registered (this file's process registers none), runTool emits nothing, loads no OpenTelemetry
// module, and leaves TRACEPARENT as it found it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runTool } from "../../../src/run/run-tool.js";
import { cleanEnv } from "../../helpers/cli.js";
import { nodeFixture } from "../../helpers/fixtures.js";

test("no SDK: the command sees the TRACEPARENT it was given, and no OpenTelemetry global appears", async () => {
  const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
  const result = await runTool(nodeFixture("print-env.mjs", "TRACEPARENT"), { env: cleanEnv({ TRACEPARENT: traceparent }), stdin: "ignore", traceparent });
  assert.equal(result.exitCode, 0);
  assert.deepEqual(JSON.parse(result.stdout.toString("utf8")), { TRACEPARENT: traceparent });
  assert.match(result.span.span_id, /^[0-9a-f]{16}$/);
  assert.equal(Symbol.for("opentelemetry.js.api.1") in globalThis, false);
});
