import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { CORE_KEYS, OWN_KEYS } from "../../../src/contract/keys.js";
import { ATTRIBUTE_TABLE, attributeName, contractKey } from "../../../src/formats/otlp/attribute-map.js";
import { repoPath } from "../../helpers/repo.js";

test("the issue's examples follow the one rule", () => {
  assert.equal(attributeName("stdout_bytes"), "toolspan.stdout.bytes");
  assert.equal(attributeName("stdout_cap"), "toolspan.stdout.cap");
  assert.equal(attributeName("stdout_truncated"), "toolspan.stdout.truncated");
  assert.equal(attributeName("stderr_head_sha256"), "toolspan.stderr.head_sha256");
  assert.equal(attributeName("preview_stdout"), "toolspan.stdout.preview");
  assert.equal(attributeName("preview_stderr"), "toolspan.stderr.preview");
  for (const key of ["ok_preview", "encoding", "returncode", "run_id", "preview_chars", "preview_redactions", "hash_window"]) {
    assert.equal(attributeName(key), `toolspan.${key}`);
  }
});

test("every contract key maps to a distinct attribute and back to itself", () => {
  const keys = [...CORE_KEYS, ...OWN_KEYS];
  assert.equal(new Set(keys.map(attributeName)).size, keys.length);
  for (const key of keys) assert.equal(contractKey(attributeName(key)), key);
  assert.equal(contractKey("gen_ai.tool.name"), null);
  assert.equal(contractKey("toolspan.stdout.some_future_field"), "stdout_some_future_field");
});

test("docs/otlp.md shows exactly the code's table", () => {
  const rows = [...readFileSync(repoPath("docs/otlp.md"), "utf8").matchAll(/^\| `([a-z0-9_]+)` \| `(toolspan\.[a-z0-9_.]+)` \|/gm)].map((m) => [m[1], m[2]]);
  assert.deepEqual(rows, ATTRIBUTE_TABLE.map(([key, attribute]) => [key, attribute]));
});
