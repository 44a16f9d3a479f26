// The corpus: realistic outputs with planted secrets of every built-in kind (all fake, of the right
// shape), wrapped as an agent would; and secret-free outputs that must not be over-redacted.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { redactText } from "../../src/redact/redact-text.js";
import { BUILTIN_RULES } from "../../src/redact/rules.js";
import { runCli } from "../helpers/cli.js";
import { nodeFixture, sha256 } from "../helpers/fixtures.js";
import { repoPath } from "../helpers/repo.js";
import { parseSpan } from "../helpers/span.js";

const corpus = (name: string): string => repoPath(`test/fixtures/secrets/${name}`);
const manifest = JSON.parse(readFileSync(corpus("manifest.json"), "utf8")) as {
  secrets: Record<string, string | string[]>;
  files: Record<string, string[]>;
};

/** The planted values in a file: a PEM body counts line by line. */
const plantedIn = (file: string): string[] => manifest.files[file]!.flatMap((key) => manifest.secrets[key]!);

/** The 8-character pieces of `secret` that `text` still holds. */
function pieces(text: string, secret: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i++) if (text.includes(secret.slice(i, i + 8))) found.push(secret.slice(i, i + 8));
  return found;
}

async function wrapFile(file: string, options: string[]) {
  const result = await runCli(["wrap", "--json", ...options, "--", ...nodeFixture("cat-file.mjs", corpus(file))]);
  assert.equal(result.code, 0, result.stderr.toString());
  return parseSpan(result.stdout);
}

describe("planted secrets", () => {
  const files = Object.keys(manifest.files);
  test("the corpus plants every kind of secret, in every file", () => {
    assert.ok(files.length >= 13);
    for (const file of files) assert.ok(plantedIn(file).length > 0, file);
    const kinds = new Set(files.flatMap((file) => manifest.files[file]!));
    assert.deepEqual([...kinds].sort(), Object.keys(manifest.secrets).sort());
  });

  for (const file of files) {
    for (const [settings, options] of [
      ["default settings", []],
      ["the whole file in the preview", ["--no-cap", "--preview", "100000"]],
      ["a cap inside the file", ["--cap", "97", "--keep", "head+tail"]],
    ] as const) {
      test(`${file}, ${settings}: no piece of a planted secret is in the span; the hashes are the raw bytes'`, async () => {
        const raw = readFileSync(corpus(file));
        const span = await wrapFile(file, [...options]);
        const line = JSON.stringify(span);
        for (const secret of plantedIn(file)) assert.deepEqual(pieces(line, secret), [], `${file}: ${secret}`);
        assert.equal(span.redaction, "on");
        if (settings !== "a cap inside the file") assert.ok(span.preview_redactions > 0);
        assert.equal(span.stdout_stream_sha256, sha256(raw));
        assert.equal(span.stdout_bytes, raw.length);
      });
    }
  }
});

// Measured on test/fixtures/secret-free/outputs.txt: docs/secrets.md quotes this figure.
const FALSE_POSITIVE_LIMIT = 0.01;

describe("secret-free outputs", () => {
  test(`hex hashes, git SHAs, UUIDs, base64 test data, npm integrity strings: at most ${FALSE_POSITIVE_LIMIT * 100}% of lines redacted`, () => {
    const lines = readFileSync(repoPath("test/fixtures/secret-free/outputs.txt"), "utf8").trimEnd().split("\n");
    const redacted = lines.filter((line) => redactText(line, BUILTIN_RULES).count > 0);
    assert.ok(lines.length >= 2000);
    assert.ok(redacted.length / lines.length <= FALSE_POSITIVE_LIMIT, `${redacted.length} of ${lines.length}: ${redacted.slice(0, 3).join("\n")}`);
  });
});
