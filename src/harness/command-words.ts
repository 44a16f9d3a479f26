// The words of a shell command as a rules check needs them: every word, and the program names without their folder.
// Shell operators and quotes separate words, so `a && b`, `(b)` and `"b"` all yield b: a check that looks for a
// rule's first word among them errs towards leaving a call to the harness's own rules.
const WORDS = /[^\s;&|()<>'"`]+/g;

/** Every word of `command`, and each word's last path part (`/usr/bin/rm` gives `/usr/bin/rm` and `rm`). */
export function commandWords(command: string): Set<string> {
  const words = new Set<string>();
  for (const word of command.match(WORDS) ?? []) {
    words.add(word);
    words.add(word.slice(word.lastIndexOf("/") + 1));
  }
  return words;
}
