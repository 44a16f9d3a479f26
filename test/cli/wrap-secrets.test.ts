import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { nodeFixture, sha256 } from "../helpers/fixtures.js";
import { parseSpan } from "../helpers/span.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-wrap-secrets-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;

const KEY = "ghp_aBcdEfGhIjKlMnOpQrStUvWxYz0123456789";
const printKey = (...parts: string[]): string[] => nodeFixture("split-write.mjs", ...parts);

async function wrapJson(args: string[], argv: string[], cwd?: string) {
  const result = await runCli(["wrap", "--json", ...args, "--", ...argv], cwd ? { cwd } : {});
  return { result, span: result.code === 2 ? null : parseSpan(result.stdout) };
}

/** A folder holding toolspan.config.json with `config`. */
function configDir(config: unknown): string {
  const dir = join(scratch, `config-${++count}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "toolspan.config.json"), JSON.stringify(config));
  return dir;
}

describe("wrap: redaction and preview policy", () => {
  test("by default a secret is redacted in the preview; the hashes are of the raw bytes", async () => {
    const { span } = await wrapJson([], printKey(`token ${KEY}\n`));
    assert.equal(span!.preview_stdout, "token [REDACTED:github-token]\n");
    assert.equal(span!.preview_redactions, 1);
    assert.equal(span!.redaction, "on");
    assert.equal(span!.stdout_sha256, sha256(`token ${KEY}\n`));
  });

  test("a key written in two writes (two chunks) is still redacted", async () => {
    const { span } = await wrapJson([], printKey("token ", KEY.slice(0, 17), `${KEY.slice(17)}\n`));
    assert.equal(span!.preview_stdout, "token [REDACTED:github-token]\n");
  });

  test("a key starting 10 characters before the preview limit leaves no prefix", async () => {
    const { span } = await wrapJson(["--preview", "40"], printKey(`${"x".repeat(29)} ${KEY} tail\n`));
    assert.ok(!span!.preview_stdout.includes("ghp_"), span!.preview_stdout);
    assert.equal(span!.preview_redactions, 1);
  });

  test("--redact off writes the raw preview and says so", async () => {
    const { span } = await wrapJson(["--redact", "off"], printKey(`token ${KEY}\n`));
    assert.equal(span!.preview_stdout, `token ${KEY}\n`);
    assert.equal(span!.redaction, "off");
    assert.equal(span!.preview_redactions, 0);
  });

  test("--no-preview and \"preview\": false give hash-only spans; --no-preview with --preview is a usage error", async () => {
    const { span } = await wrapJson(["--no-preview"], printKey("hello\n"));
    assert.deepEqual([span!.preview_stdout, span!.preview_stderr, span!.preview_chars], ["", "", 0]);
    const fromConfig = await wrapJson([], printKey("hello\n"), configDir({ preview: false }));
    assert.equal(fromConfig.span!.preview_stdout, "");
    assert.equal((await wrapJson(["--no-preview", "--preview", "5"], ["true"])).result.code, 2);
  });

  test("toolspan.config.json redact: built-ins off by id, patterns of one's own", async () => {
    const dir = configDir({ redact: { off: ["github-token"], patterns: [{ id: "acme-id", pattern: "ACME-[0-9]{24}" }] } });
    const { span } = await wrapJson([], printKey(`${KEY} ACME-012345678901234567890123\n`), dir);
    assert.equal(span!.preview_stdout, `${KEY} [REDACTED:acme-id]\n`);
  });

  test("config patterns that backtrack exponentially in JavaScript run on RE2: on 5,000 a's the span is written at once", async () => {
    const patterns = [
      { id: "alternation", pattern: "(a|a)*b" },
      { id: "runs", pattern: "a*a*a*a*a*a*a*a*b" },
      { id: "nested", pattern: "(a+)+b" },
      { id: "acme", pattern: "(?<![a-z])acme_(?<secret>[0-9]{4})" },
    ];
    const started = performance.now();
    const { result, span } = await wrapJson([], printKey(`${"a".repeat(5000)}\n`), configDir({ redact: { patterns } }));
    const seconds = (performance.now() - started) / 1000;
    assert.equal(result.code, 0, result.stderr.toString());
    assert.ok(seconds < 5, `the wrap took ${seconds.toFixed(1)} s`);
    assert.equal(span!.preview_stdout, "a".repeat(512));
    // RE2 runs the lookbehind and reports the secret group as JavaScript would.
    const short = await wrapJson([], printKey(`acme_1234 xacme_5678 ${"-".repeat(20)}\n`), configDir({ redact: { patterns } }));
    // The marker is longer than the secret, and the preview holds no more bytes than were kept: the end is cut.
    assert.match(short.span!.preview_stdout, /^acme_\[REDACTED:acme\] xacme_5678 -+$/);
  });

  test("a config pattern RE2 cannot run (a lookahead, a backreference), or an unknown id, is a usage error before anything runs", async () => {
    for (const redact of [{ patterns: [{ id: "ahead", pattern: "a(?=b)" }] }, { patterns: [{ id: "back", pattern: "(a)\\1" }] }, { off: ["nope"] }]) {
      const { result } = await wrapJson([], ["true"], configDir({ redact }));
      assert.equal(result.code, 2);
      assert.match(result.stderr.toString(), /toolspan\.config\.json/);
    }
  });

  test("a typo in the config is one line naming the key and the nearest known one, before anything runs", async () => {
    for (const [config, message] of [
      [{ redact: { pattern: [{ id: "acme-id", pattern: "ACME" }] } }, 'unknown key "redact.pattern"; did you mean "redact.patterns"?'],
      [{ redcat: { off: ["jwt"] } }, 'unknown key "redcat"; did you mean "redact"?'],
      [{ redact: { patterns: [{ id: "acme-id", patern: "ACME" }] } }, 'unknown key "redact.patterns[0].patern"; did you mean "redact.patterns[0].pattern"?'],
      [{ "pre\u001b[2J": false }, 'unknown key "pre\\u001b[2J" (the file takes rules, redact, preview)'],
      [{ colour: true }, 'unknown key "colour" (the file takes rules, redact, preview)'],
    ] as const) {
      const dir = configDir(config);
      const result = await runCli(["wrap", "--", "sh", "-c", "touch ran"], { cwd: dir });
      assert.deepEqual([result.code, result.stderr.toString()], [2, `toolspan: toolspan.config.json: ${message}\n`]);
      assert.equal(existsSync(join(dir, "ran")), false, "nothing ran");
    }
  });

  test("a redacted span lints clean", async () => {
    const run = join(scratch, "redacted.jsonl");
    await runCli(["wrap", "--out", run, "--run-id", "r1", "--cap", "30", "--", ...printKey(`PASSWORD=hunter2 ${KEY}\n`)]);
    await runCli(["wrap", "--out", run, "--run-id", "r1", "--keep", "head+tail", "--cap", "40", "--", ...printKey(`x ${KEY} middle ${KEY} end\n`)]);
    const lint = await runCli(["lint", "--max-warnings", "0", run]);
    assert.equal(lint.code, 0, lint.stdout.toString());
  });
});
