// "Is this test output?": from the command (argv, tool_name) first, then from what the preview shows.
import {
  INTERPRETERS,
  RUN_WORDS,
  SHELLS,
  TEST_FLAGS,
  TEST_MODULES,
  TEST_OUTPUT_PATTERNS,
  TEST_RUNNERS,
  TEST_SCRIPT,
  TEST_TARGET,
  TEST_TARGET_TOOLS,
  WRAPPERS,
} from "./test-commands.js";

// A shell script nests commands; three levels is more than any real wrapper uses, and bounds the work.
const MAX_DEPTH = 3;

/** The program name as the lists spell it: `/usr/bin/python3.11` → `python3`, `JEST.CMD` → `jest`. */
export function programName(word: string): string {
  const base = word.slice(Math.max(word.lastIndexOf("/"), word.lastIndexOf("\\")) + 1).toLowerCase();
  return base.replace(/\.(exe|cmd|bat)$/, "").replace(/^(python\d?)\.\d+$/, "$1");
}

const isOption = (word: string): boolean => word.startsWith("-") && word !== "-";
// Words a wrapper takes before the command: options, VAR=value, a duration (`timeout 600`).
const isWrapperArgument = (word: string): boolean => isOption(word) || /^[A-Za-z_]\w*=/.test(word) || /^\d+(\.\d+)?[smhd]?$/.test(word);

/** The words of argv after leading wrappers (`npx`, `uv run`, `env A=1`, `timeout 600`). */
function unwrap(words: readonly string[]): readonly string[] {
  let rest = words;
  for (let guard = 0; guard < 8 && rest.length > 0; guard++) {
    // Own keys only: a command named `constructor` or `__proto__` would find Object's and read it as a wrapper.
    const name = programName(rest[0]!);
    const follow = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name]! : undefined;
    if (follow === undefined) break;
    let i = 1;
    if (follow.length > 0) {
      if (!follow.includes(rest[1] ?? "")) break;
      i = 2;
    }
    while (i < rest.length && isWrapperArgument(rest[i]!)) i++;
    rest = rest.slice(i);
  }
  return rest;
}

/** The simple commands of a shell script, each split into words: quotes dropped, no expansion. */
function scriptCommands(script: string): string[][] {
  return script
    .slice(0, 4096)
    .split(/&&|\|\||[;|\n]/)
    .map((command) => command.replace(/["'()]/g, " ").trim().split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
}

function interpreterRunsTests(words: readonly string[], program: string, depth: number): boolean {
  for (let i = 1; i < words.length; i++) {
    const word = words[i]!;
    if (TEST_FLAGS.has(word)) return true;
    if (word === "-m") return TEST_MODULES.has(words[i + 1] ?? "");
    // `-c`, `-lc`, `-ec`: a shell's script follows.
    if (SHELLS.has(program) && /^-[a-z]*c[a-z]*$/.test(word)) return scriptCommands(words[i + 1] ?? "").some((command) => commandRunsTests(command, depth + 1));
    // `python manage.py test`: a script whose first word names a test target runs the tests too.
    if (!isOption(word)) return TEST_SCRIPT.test(programName(word)) || TEST_TARGET.test(words.slice(i + 1).find((next) => !isOption(next)) ?? "");
  }
  return false;
}

function targetRunsTests(words: readonly string[]): boolean {
  const positional = words.slice(1).filter((word) => !isOption(word) && !RUN_WORDS.has(word));
  return positional.slice(0, 2).some((word) => TEST_TARGET.test(word) || TEST_RUNNERS.has(programName(word)));
}

/** True when argv runs a test suite, as far as its words tell. */
export function commandRunsTests(argv: readonly string[], depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const words = unwrap(argv);
  if (words.length === 0) return false;
  const program = programName(words[0]!);
  if (TEST_RUNNERS.has(program)) return true;
  if (TEST_TARGET_TOOLS.has(program) && targetRunsTests(words)) return true;
  return INTERPRETERS.has(program) && interpreterRunsTests(words, program, depth);
}

/** True when a preview shows a test runner's own lines. */
export const previewShowsTests = (preview: string): boolean => TEST_OUTPUT_PATTERNS.some((pattern) => pattern.test(preview));

/** The span is a test run: its tool_name is a test runner, its argv runs tests, or a preview shows test output. */
export function isTestRun(toolName: string | null, argv: readonly string[] | null, previews: readonly string[]): boolean {
  if (toolName !== null && TEST_RUNNERS.has(programName(toolName))) return true;
  if (argv !== null && commandRunsTests(argv)) return true;
  return previews.some(previewShowsTests);
}
