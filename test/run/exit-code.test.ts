import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { shellReturnCode, wrapExitCode, type ExitFacts } from "../../src/run/exit-code.js";

describe("shellReturnCode", () => {
  test("an exit code is reported as it is", () => {
    assert.equal(shellReturnCode(0, null), 0);
    assert.equal(shellReturnCode(3, null), 3);
    assert.equal(shellReturnCode(255, null), 255);
  });

  test("death by signal N is 128+N, as a shell reports it", () => {
    assert.equal(shellReturnCode(null, "SIGHUP"), 129);
    assert.equal(shellReturnCode(null, "SIGINT"), 130);
    assert.equal(shellReturnCode(null, "SIGKILL"), 137);
    assert.equal(shellReturnCode(null, "SIGSEGV"), 139);
    assert.equal(shellReturnCode(null, "SIGTERM"), 143);
  });

  test("a process that never ran has no return code", () => {
    assert.equal(shellReturnCode(null, null), null);
  });
});

describe("wrapExitCode", () => {
  const facts = (over: Partial<ExitFacts>): ExitFacts => ({
    returncode: 0,
    error: null,
    timed_out: false,
    stalled: false,
    idleTimedOut: false,
    notFound: false,
    ...over,
  });

  test("the command's own code passes through, 0 included", () => {
    assert.equal(wrapExitCode(facts({})), 0);
    assert.equal(wrapExitCode(facts({ returncode: 1 })), 1);
    assert.equal(wrapExitCode(facts({ returncode: 143 })), 143);
  });

  test("toolspan's timeout and idle limit give 124 whatever the command's status", () => {
    assert.equal(wrapExitCode(facts({ returncode: 143, timed_out: true })), 124);
    assert.equal(wrapExitCode(facts({ returncode: 137, timed_out: true })), 124);
    assert.equal(wrapExitCode(facts({ returncode: 143, stalled: true, idleTimedOut: true })), 124);
  });

  test("a pipe stall alone keeps the command's own code", () => {
    assert.equal(wrapExitCode(facts({ returncode: 0, stalled: true })), 0);
    assert.equal(wrapExitCode(facts({ returncode: 2, stalled: true })), 2);
  });

  test("a command that was not found gives 127; one that could not be executed 126", () => {
    assert.equal(wrapExitCode(facts({ returncode: null, error: "ENOENT: nope: command not found", notFound: true })), 127);
    assert.equal(wrapExitCode(facts({ returncode: null, error: "ENOENT: working directory cannot be used: /gone" })), 126);
    assert.equal(wrapExitCode(facts({ returncode: null, error: "EACCES: ./x: permission denied (not executable)" })), 126);
    assert.equal(wrapExitCode(facts({ returncode: null, error: "ENOEXEC: ./x: not an executable format" })), 126);
  });
});
