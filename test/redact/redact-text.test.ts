import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import { findRedactions, redactPreview, redactText } from "../../src/redact/redact-text.js";
import { BUILTIN_RULES } from "../../src/redact/rules.js";
import { measureBuffer } from "../../src/meter/stream-meter.js";
import { repoPath } from "../helpers/repo.js";

const KEY = "ghp_aBcdEfGhIjKlMnOpQrStUvWxYz0123456789";

/** Every substring of `secret` of `length` characters or more that `text` holds. */
const leaks = (text: string, secret: string, length = 4): string[] => {
  const found: string[] = [];
  for (let i = 0; i + length <= secret.length; i++) if (text.includes(secret.slice(i, i + length))) found.push(secret.slice(i, i + length));
  return found;
};

describe("redactText", () => {
  test("replaces a secret by its rule's marker and counts it", () => {
    assert.deepEqual(redactText(`token ${KEY} here`, BUILTIN_RULES), { text: "token [REDACTED:github-token] here", count: 1 });
  });

  test("a secret two rules find is one redaction, named by the first rule that finds it", () => {
    const { text, count } = redactText(`GITHUB_TOKEN=${KEY}`, BUILTIN_RULES);
    assert.equal(count, 1);
    assert.equal(text, "GITHUB_TOKEN=[REDACTED:github-token]");
  });

  test("overlapping finds are merged, so no tail of the longer one is left", () => {
    const text = `Authorization: token ${KEY}, more`;
    const [only, ...rest] = findRedactions(text, BUILTIN_RULES);
    assert.deepEqual(rest, []);
    assert.equal(text.slice(only!.start, only!.end), `token ${KEY}`);
  });
});

describe("colour codes (CSI sequences) around and inside a secret", () => {
  const ESC = "\x1b";
  test("a token between SGR codes is found, and only its own characters are replaced", () => {
    const text = `./a.sh:3:${ESC}[01;31m${ESC}[K${KEY}${ESC}[m${ESC}[K and ${ESC}[1m${KEY}${ESC}[0m`;
    assert.deepEqual(redactText(text, BUILTIN_RULES), {
      text: `./a.sh:3:${ESC}[01;31m${ESC}[K[REDACTED:github-token]${ESC}[m${ESC}[K and ${ESC}[1m[REDACTED:github-token]${ESC}[0m`,
      count: 2,
    });
  });

  test("a code inside a token is replaced with it; the text around keeps its codes", () => {
    const text = `${ESC}[32mok${ESC}[0m ${KEY.slice(0, 10)}${ESC}[1m${KEY.slice(10)}${ESC}[0m!`;
    assert.equal(redactText(text, BUILTIN_RULES).text, `${ESC}[32mok${ESC}[0m [REDACTED:github-token]${ESC}[0m!`);
  });

  test("property: wrapping each word of a text in colour codes hides no secret the plain text shows", () => {
    const secrets = [KEY, "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "AKIAIOSFODNN7EXAMPLE", "glpat-xYz12AbCdEfGhIjKlMnOp"];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...secrets, "plain", "words", "=", ":"), { maxLength: 8 }), fc.constantFrom(`${ESC}[1m`, `${ESC}[01;31m${ESC}[K`, `${ESC}[0m`, `${ESC}[38;5;196m`), (words, code) => {
        const coloured = words.map((word) => `${code}${word}${ESC}[0m`).join(" ");
        const { text } = redactText(coloured, BUILTIN_RULES);
        for (const secret of secrets) assert.deepEqual(leaks(text, secret, 8), [], text);
        assert.equal(text.replace(/\[REDACTED:[a-z0-9-]+\]/g, "").includes(ESC), words.length > 0, "the codes stay");
      }),
    );
  });
});

describe("redactPreview: the preview limit and the end of the kept bytes", () => {
  for (const before of [1, 5, 10, 20, 39]) {
    test(`a key starting ${before} characters before the preview limit leaves no prefix of itself`, () => {
      const window = `${"x".repeat(99 - before)} ${KEY} and text after it`;
      const { preview, redactions } = redactPreview(window, 100, window.length, BUILTIN_RULES);
      assert.equal(redactions, 1);
      assert.deepEqual(leaks(preview, KEY), []);
      assert.equal(preview, `${"x".repeat(99 - before)} [REDACTED:github-token]`.slice(0, 100));
    });
  }

  for (const [name, secret] of [
    ["github", KEY],
    ["AWS key id", "AKIAIOSFODNN7EXAMPLE"],
    ["OpenAI", "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90T3BlbkFJUv12Wx34Yz56"],
    ["Anthropic", "sk-ant-api03-Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90"],
    ["Stripe", "sk_live_4eC39HqLyjWDarjtT1zdp7dc"],
    ["JWT", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"],
  ] as const) {
    test(`a ${name} key cut by the end of the kept bytes does not leak its first half`, () => {
      for (const cut of [8, 12, Math.floor(secret.length / 2), secret.length - 1]) {
        const window = `log: ${secret.slice(0, cut)}`;
        const { preview } = redactPreview(window, 512, window.length, BUILTIN_RULES);
        assert.deepEqual(leaks(preview, secret.slice(0, cut), 6), [], `cut after ${cut}: ${preview}`);
      }
    });
  }

  test("a PEM block cut before its END line is redacted to the end", () => {
    const window = "$ cat key.pem\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\naFDrBz9vFqU4yQoV";
    const { preview } = redactPreview(window, 512, window.length, BUILTIN_RULES);
    assert.equal(preview, "$ cat key.pem\n[REDACTED:private-key]");
  });

  test("the preview stays within the limit and within the kept bytes, even when a marker is longer than its secret", () => {
    const window = "PASSWORD=abc";
    const { preview, redactions } = redactPreview(window, 512, Buffer.byteLength(window), BUILTIN_RULES);
    assert.equal(redactions, 1);
    assert.ok(Buffer.byteLength(preview) <= Buffer.byteLength(window));
    assert.ok(!preview.includes("abc"));
    const long = `${KEY} ${"y".repeat(600)}`;
    assert.ok([...redactPreview(long, 30, long.length, BUILTIN_RULES).preview].length <= 30);
  });

  test("at a seam (the start of a kept tail), the rest of a secret whose start was dropped is redacted", () => {
    const head = "export OPENAI_API_KEY=sk-proj-Ab12";
    const tail = "Cd34Ef56Gh78Ij90Kl12Mn34Op56 done";
    const { preview } = redactPreview(head + tail, 512, 100, BUILTIN_RULES, [head.length]);
    assert.equal(preview, "export OPENAI_API_KEY=[REDACTED:openai-api-key][REDACTED:cut-token] done");
    assert.equal(redactPreview(tail, 512, 100, BUILTIN_RULES, []).preview, tail, "only at a seam");
  });

  test("without rules, or without a secret, the preview is the raw first characters", () => {
    assert.deepEqual(redactPreview(`${KEY}xyz`, 10, 100, []), { preview: KEY.slice(0, 10), redactions: 0 });
    assert.deepEqual(redactPreview("plain text", 5, 100, BUILTIN_RULES), { preview: "plain", redactions: 0 });
  });

  test("a secret found only past the preview limit is not counted", () => {
    const window = `${"z".repeat(50)} ${KEY}`;
    assert.deepEqual(redactPreview(window, 20, window.length, BUILTIN_RULES), { preview: "z".repeat(20), redactions: 0 });
  });
});

describe("a private key cut by a seam: every cut position", () => {
  const log = (lines: number): string => Array.from({ length: lines }, (_, i) => `step ${i}: ok\n`).join("");
  const keys = {
    "an RSA key (PKCS#1)": readFileSync(repoPath("test/fixtures/secrets/private-key.pem.txt"), "utf8"),
    "an EC key (PKCS#8)": generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }) as string,
  };
  for (const [name, pem] of Object.entries(keys)) {
    // The key in the second half, so a head+tail seam can fall anywhere in it while the head stays in the preview.
    const data = Buffer.from(`${log(name.startsWith("an RSA") ? 70 : 25)}$ cat key.pem\n${pem}$ echo done\ndone\n`);
    const runs = new Set<string>();
    for (const line of pem.split("\n").filter((each) => /^[A-Za-z0-9+/=]{20,}$/.test(each))) for (let i = 0; i + 20 <= line.length; i++) runs.add(line.slice(i, i + 20));
    for (const keep of ["tail", "head+tail"] as const) {
      test(`${name}, --keep ${keep}: at no cap does a 20-character run of its base64 body reach the preview`, () => {
        const leaked: number[] = [];
        for (let cap = 2; cap < data.length; cap++) {
          const { preview } = measureBuffer(data, { cap, keep, redact: BUILTIN_RULES });
          for (let i = 0; i + 20 <= preview.length; i++) {
            if (runs.has(preview.slice(i, i + 20))) {
              leaked.push(cap);
              break;
            }
          }
        }
        assert.ok(runs.size > 100);
        assert.deepEqual(leaked, []);
      });
    }
  }
});
