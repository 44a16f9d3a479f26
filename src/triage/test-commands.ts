// What "test output" looks like, as data: the commands that run tests and the lines test runners print.
// is-test-run.ts reads these lists; adding a runner adds a word here.

/** Programs that run tests whatever their arguments (the basename of argv[0], or the span's tool_name). */
export const TEST_RUNNERS: ReadonlySet<string> = new Set([
  "ava",
  "bats",
  "cargo-nextest",
  "ctest",
  "jasmine",
  "jest",
  "karma",
  "mocha",
  "nose2",
  "nosetests",
  "nox",
  "pest",
  "phpunit",
  "prove",
  "py.test",
  "pytest",
  "rspec",
  "tap",
  "tox",
  "trial",
  "vitest",
]);

/** Programs that run tests when one of their first two words (after `run`) names a test target:
 * `go test`, `cargo nextest run`, `npm test`, `npm run test:unit`, `make check`, `gradle :app:test`, `dotnet test`. */
export const TEST_TARGET_TOOLS: ReadonlySet<string> = new Set([
  "bazel",
  "bun",
  "cabal",
  "cargo",
  "dart",
  "deno",
  "dotnet",
  "flutter",
  "go",
  "gradle",
  "gradlew",
  "just",
  "lein",
  "make",
  "mix",
  "mvn",
  "mvnw",
  "npm",
  "playwright",
  "pnpm",
  "rake",
  "sbt",
  "stack",
  "swift",
  "task",
  "yarn",
  "zig",
]);

/** A target or script name that means "the tests": `test`, `tests`, `check`, `test:unit`, `:app:test`, `nextest`. */
export const TEST_TARGET = /(^|:)(test|tests|check|spec|nextest|verify)([:_-][\w.:-]*)?$/;

/** Words that only lead to the script name with a package manager: `npm run test:unit`. */
export const RUN_WORDS: ReadonlySet<string> = new Set(["run", "run-script"]);

/** Interpreters whose script (first word that is not an option) may be a test script; `-m` names a module. */
export const INTERPRETERS: ReadonlySet<string> = new Set(["bash", "bun", "deno", "node", "perl", "php", "py", "python", "python3", "ruby", "sh", "tsx", "ts-node", "zsh"]);

/** Shells whose `-c SCRIPT` is read for the commands it runs: `["sh","-c","cd repo && pytest -q"]`. */
export const SHELLS: ReadonlySet<string> = new Set(["ash", "bash", "dash", "sh", "zsh"]);

/** Modules that run tests under `python -m`. */
export const TEST_MODULES: ReadonlySet<string> = new Set(["nose2", "pytest", "tox", "unittest"]);

/** Interpreter flags that make the run a test run by themselves (`node --test`). */
export const TEST_FLAGS: ReadonlySet<string> = new Set(["--test"]);

/** A script file whose name says it runs tests: `run-tests.mjs`, `test_api.py`, `spec_helper.rb`, `tests.sh`. */
export const TEST_SCRIPT = /(^|[-_.])(tests?|specs?)([-_.]|$)/i;

/** Programs that run the rest of argv: a value is the word that must follow (`uv run pytest`), [] none (`npx jest`). */
export const WRAPPERS: Readonly<Record<string, readonly string[]>> = {
  bundle: ["exec"],
  bunx: [],
  command: [],
  doas: [],
  env: [],
  exec: [],
  hatch: ["run"],
  nice: [],
  nohup: [],
  npm: ["exec"],
  npx: [],
  pdm: ["run"],
  pipenv: ["run"],
  pnpm: ["exec", "dlx"],
  pnpx: [],
  poetry: ["run"],
  rye: ["run"],
  stdbuf: [],
  sudo: [],
  time: [],
  timeout: [],
  uv: ["run"],
  uvx: [],
  "xvfb-run": [],
  yarn: ["exec", "dlx"],
};

/** Lines test runners print near the start of their output, where a head-kept preview still shows them. */
export const TEST_OUTPUT_PATTERNS: readonly RegExp[] = [
  /=+ test session starts =+/, // pytest
  /^collected \d+ items?/m, // pytest
  /^running \d+ tests?$/m, // cargo test
  /^(ok|not ok) \d+ /m, // TAP: node --test, prove, bats
  /^=== RUN {3}\S/m, // go test -v
  /^--- (PASS|FAIL): \S/m, // go test
  /^ ?(PASS|FAIL) {1,2}\S+\.(test|spec)\.[cm]?[jt]sx?\b/m, // jest, vitest
  /^\s*\d+ (passing|failing) \(\d/m, // mocha
  /^Ran \d+ tests? in /m, // unittest
  /^test result: (ok|FAILED)\./m, // cargo test
  /^Test Suites?: /m, // jest
];

/** Words a preview shows when the failure was within what the agent saw. */
export const FAILURE_PATTERN = /\b(FAIL(ED|URE|URES)?|ERRORS?|[Ee]rror:|Traceback|panicked|not ok|\d+ failed|\d+ failing)\b/;
