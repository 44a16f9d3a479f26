#!/usr/bin/env node
// Writes N realistic toolspan/1 spans as JSONL to stdout: previews of a few hundred characters, real
// sha256 figures, about 1% of spans carrying a planted defect. Deterministic for a given N and seed.
// Usage: node bench/gen-spans.mjs N [SEED] > spans.jsonl
import { createHash } from "node:crypto";

const count = Number(process.argv[2] ?? 100000);
let seed = Number(process.argv[3] ?? 1) >>> 0;
const random = () => {
  seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
  return seed / 2 ** 32;
};
const hex = (n) => createHash("sha256").update(String(n)).digest("hex");
const tools = ["pytest", "npm", "cargo", "go", "git", "ls", "grep", "make"];
const words = "test passed failed assertion module error warning collected session platform rootdir module refund invoice".split(" ");
const line = () => Array.from({ length: 8 + Math.floor(random() * 8) }, () => words[Math.floor(random() * words.length)]).join(" ");
const runId = hex("run").slice(0, 32);

const out = [];
for (let i = 0; i < count; i++) {
  const clipped = random() < 0.3;
  let preview = "";
  while (preview.length < (clipped ? 512 : 200 + random() * 250)) preview += `${line()}\n`;
  const bytes = clipped ? 8193 + Math.floor(random() * 50000) : preview.length;
  const h = hex(i);
  const span = {
    contract: "toolspan/1", span_type: "tool", run_id: runId, span_id: h.slice(0, 16), parent_span_id: null,
    tool_name: tools[i % tools.length], argv: [tools[i % tools.length], "-q", `tests/test_${i}.py`], cwd: "/work/repo",
    started_at: "2026-12-01T03:16:21.000Z", duration_ms: Math.round(random() * 5000),
    returncode: clipped ? 1 : 0, signal: null, timed_out: false, stalled: false, error: null,
    ok_preview: !clipped, encoding: "utf-8", hash_window: 256, preview_chars: 512, preview_redactions: 0,
    stdout_bytes: bytes, stdout_cap: 8192, stdout_truncated: clipped, stdout_keep: "head",
    stdout_sha256: clipped ? null : createHash("sha256").update(preview).digest("hex"),
    stdout_stream_sha256: clipped ? hex(`s${i}`) : createHash("sha256").update(preview).digest("hex"),
    stdout_head_sha256: hex(`h${i}`), stdout_tail_sha256: hex(`t${i}`), stdout_kept_sha256: hex(`k${i}`),
    stdout_encoding: "utf-8", stdout_blob: null, preview_stdout: clipped ? preview.slice(0, 512) : preview,
    stderr_bytes: 0, stderr_cap: 8192, stderr_truncated: false, stderr_keep: "head", stderr_sha256: hex("empty"),
    stderr_stream_sha256: hex("empty"), stderr_head_sha256: null, stderr_tail_sha256: null, stderr_kept_sha256: hex("empty"),
    stderr_encoding: "utf-8", stderr_blob: null, preview_stderr: "",
  };
  span.stderr_sha256 = span.stderr_stream_sha256 = span.stderr_kept_sha256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  if (!clipped) span.stdout_kept_sha256 = span.stdout_sha256;
  if (random() < 0.01) {
    const defect = Math.floor(random() * 5);
    if (defect === 0) span.stdout_truncated = !span.stdout_truncated;
    else if (defect === 1) span.ok_preview = true;
    else if (defect === 2) span.stdout_sha256 = "b3a1...";
    else if (defect === 3) delete span.encoding;
    else span.stdout_bytes = -1;
  }
  out.push(JSON.stringify(span));
  if (out.length === 1000) {
    process.stdout.write(`${out.join("\n")}\n`);
    out.length = 0;
  }
}
if (out.length) process.stdout.write(`${out.join("\n")}\n`);
