// Asks a yes/no question at the terminal: the question on stderr (stdout may be a report), one line read from stdin.
import { createInterface } from "node:readline/promises";

/** True only for an answer of y or yes; anything else, or end of input, is no. */
export async function askYesNo(question: string): Promise<boolean> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const closed = new Promise<string>((resolve) => prompt.once("close", () => resolve("")));
  try {
    const answer = await Promise.race([prompt.question(question), closed]);
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    prompt.close();
  }
}
