// Secrets on a command line, for a span that must not carry them. Each word is searched with the same rules as
// the previews, and so is the command line the words make, joined by spaces: a rule that reads a flag and its
// value (`mysql … -pPASS`, `curl -u user:PASS`, `aws configure set aws_secret_access_key KEY`) sees them together.
// A word that follows a secret-naming flag (`--token VALUE`) is replaced whole.
import { applyRedactions, findRedactions, mergeRedactions, redactionMarker, type Redaction } from "./redact-text.js";
import { SECRET_FLAG_NAMES, type RedactRule } from "./rules.js";

/** A flag whose next word is its value: `--token`, `--password`, `--client-secret`, `--api-key`, `-p` is not. */
const SECRET_FLAG = new RegExp(`^--?[A-Za-z0-9_-]{0,32}(?:${SECRET_FLAG_NAMES})$`, "i");
const FLAG_RULE = "password-flag";

/** What the rules find on the joined command line, as finds in each word: a find is kept to the word it starts in
 * (one that starts on a space, in the next word), since a value that runs to the end of a line (a header's)
 * would otherwise take the words after it. */
function lineFinds(argv: readonly string[], rules: readonly RedactRule[]): Redaction[][] {
  const starts: number[] = [];
  let line = "";
  for (const word of argv) {
    starts.push(line.length + (line.length > 0 ? 1 : 0));
    line += (line.length > 0 ? " " : "") + word;
  }
  const perWord: Redaction[][] = argv.map(() => []);
  let index = 0;
  for (const find of findRedactions(line, rules)) {
    while (index + 1 < argv.length && starts[index + 1]! <= find.start) index++;
    let word = index;
    // Starting on the space after this word: the find is the next word's.
    if (find.start >= starts[word]! + argv[word]!.length) word++;
    if (word >= argv.length) continue;
    const start = Math.max(find.start - starts[word]!, 0);
    const end = Math.min(find.end - starts[word]!, argv[word]!.length);
    if (end > start) perWord[word]!.push({ start, end, rule: find.rule });
  }
  return perWord;
}

/** `argv` with its secrets replaced by `[REDACTED:<rule>]`, and how many were. The program (`argv[0]`) is kept. */
export function redactArgv(argv: readonly string[], rules: readonly RedactRule[]): { argv: string[]; count: number } {
  const fromLine = lineFinds(argv, rules);
  let count = 0;
  const out = argv.map((word, index) => {
    if (index === 0) return word;
    if (SECRET_FLAG.test(argv[index - 1]!) && word !== "" && !word.startsWith("-")) {
      count++;
      return redactionMarker(FLAG_RULE);
    }
    const redacted = applyRedactions(word, mergeRedactions([...findRedactions(word, rules), ...fromLine[index]!]));
    count += redacted.markers.length;
    return redacted.text;
  });
  return { argv: out, count };
}
