import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { commandRunsTests, isTestRun, previewShowsTests, programName } from "../../src/triage/is-test-run.js";

const TEST_COMMANDS: string[][] = [
  ["pytest", "-q"],
  ["py.test"],
  ["/usr/local/bin/jest", "--ci"],
  ["vitest", "run"],
  ["mocha"],
  ["go", "test", "./..."],
  ["cargo", "test"],
  ["cargo", "nextest", "run"],
  ["npm", "test"],
  ["npm", "run", "test:unit"],
  ["pnpm", "test"],
  ["yarn", "test"],
  ["yarn", "jest"],
  ["bundle", "exec", "rspec"],
  ["phpunit"],
  ["ctest", "--output-on-failure"],
  ["tox", "-e", "py311"],
  ["python", "-m", "pytest", "-x"],
  ["python3.11", "-u", "-m", "unittest"],
  ["python", "manage.py", "test"],
  ["make", "test"],
  ["make", "-j4", "check"],
  ["gradle", ":app:test"],
  ["./gradlew", "test"],
  ["mvn", "-q", "test"],
  ["dotnet", "test"],
  ["node", "--test"],
  ["node", "examples/demo/run-tests.mjs"],
  ["npx", "jest"],
  ["uv", "run", "pytest"],
  ["env", "CI=1", "timeout", "600", "pytest"],
  ["sh", "-c", "cd repo && pytest -q"],
  ["bash", "-lc", "npm ci; npm test"],
  ["JEST.CMD"],
];

const OTHER_COMMANDS: string[][] = [
  ["ls", "-l", "tests/"],
  ["cat", "test_api.py"],
  ["go", "build", "./..."],
  ["cargo", "build"],
  ["npm", "install"],
  ["npm", "run", "build"],
  ["make"],
  ["make", "install"],
  ["python", "setup.py", "build"],
  ["python", "-m", "pip", "install", "pytest"],
  ["node", "server.js"],
  ["sh", "-c", "echo pytest"],
  ["uv", "pip", "install", "pytest"],
  ["git", "checkout", "test"],
  [],
  // Names of Object's own properties are programs like any other, not wrappers.
  ["constructor"],
  ["constructor", "pytest"],
  ["__proto__", "pytest"],
];

describe("commandRunsTests", () => {
  for (const argv of TEST_COMMANDS) test(`test run: ${JSON.stringify(argv)}`, () => assert.equal(commandRunsTests(argv), true));
  for (const argv of OTHER_COMMANDS) test(`not a test run: ${JSON.stringify(argv)}`, () => assert.equal(commandRunsTests(argv), false));
  test("deeply nested shells stop: no unbounded recursion", () => {
    let script = "pytest";
    for (let i = 0; i < 10; i++) script = `sh -c ${script}`;
    assert.equal(commandRunsTests(["sh", "-c", script]), false);
  });
});

describe("isTestRun", () => {
  test("a test runner's tool_name is enough, whatever argv ran", () => {
    assert.equal(isTestRun("pytest", ["node", "fake.mjs"], []), true);
    assert.equal(isTestRun("node", ["node", "fake.mjs"], []), false);
  });
  test("a preview with a test runner's own lines is enough", () => {
    assert.equal(isTestRun("Bash", null, ["============================= test session starts ==============================\n"]), true);
    assert.equal(isTestRun("Bash", null, ["running 12 tests\ntest a ... ok\n"]), true);
    assert.equal(isTestRun("Bash", null, ["total 12\ndrwxr-xr-x tests\n"]), false);
  });
  test("previewShowsTests knows TAP, go and mocha", () => {
    assert.equal(previewShowsTests("TAP version 13\nok 1 - adds\n"), true);
    assert.equal(previewShowsTests("=== RUN   TestAdd\n"), true);
    assert.equal(previewShowsTests("  3 passing (12ms)\n"), true);
    assert.equal(previewShowsTests("ok\n"), false);
  });
  test("programName drops the folder, case, .exe and the python minor version", () => {
    assert.equal(programName("/usr/bin/python3.11"), "python3");
    assert.equal(programName("C:\\tools\\Pytest.EXE"), "pytest");
  });
});
