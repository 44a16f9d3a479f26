// Secrets on a command line, for a span that must not carry them: each word is searched with the same rules as
// the previews, and a word that follows a secret-naming flag (`--token VALUE`) is replaced whole, since the rules
// see one word at a time.
import { redactionMarker, redactText } from "./redact-text.js";
import { SECRET_FLAG_NAMES, type RedactRule } from "./rules.js";

/** A flag whose next word is its value: `--token`, `--password`, `--client-secret`, `--api-key`, `-p` is not. */
const SECRET_FLAG = new RegExp(`^--?[A-Za-z0-9_-]{0,32}(?:${SECRET_FLAG_NAMES})$`, "i");
const FLAG_RULE = "password-flag";

/** `argv` with its secrets replaced by `[REDACTED:<rule>]`, and how many were. The program (`argv[0]`) is kept. */
export function redactArgv(argv: readonly string[], rules: readonly RedactRule[]): { argv: string[]; count: number } {
  let count = 0;
  const out = argv.map((word, index) => {
    if (index === 0) return word;
    if (SECRET_FLAG.test(argv[index - 1]!) && word !== "" && !word.startsWith("-")) {
      count++;
      return redactionMarker(FLAG_RULE);
    }
    const redacted = redactText(word, rules);
    count += redacted.count;
    return redacted.text;
  });
  return { argv: out, count };
}
