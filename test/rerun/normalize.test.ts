import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import fc from "fast-check";
import { NORMALIZATIONS, normalizeForDiff } from "../../src/rerun/normalize.js";
import { repoPath } from "../helpers/repo.js";

describe("normalizeForDiff", () => {
  const table: [string, string][] = [
    ["started 2025-01-02T03:04:05.678Z ok", "started <TIMESTAMP> ok"],
    ["at 2025-01-02 03:04:05,123+02:00 ok", "at <TIMESTAMP> ok"],
    ["2025/01/02 03:04:05 listening", "<TIMESTAMP> listening"],
    ['127.0.0.1 - - [02/Jan/2025:03:04:05 +0000] "GET /"', '127.0.0.1 - - [<TIMESTAMP>] "GET /"'],
    ["Date: Thu, 02 Jan 2025 03:04:05 GMT", "Date: <TIMESTAMP>"],
    ["Jan  2 03:04:05 host sshd[1234]: accepted", "<TIMESTAMP> host sshd[<PID>]: accepted"],
    ["at 03:04:05.678 done", "at <TIME> done"],
    ["1 failed, 380 passed in 3.21s", "1 failed, 380 passed in <DURATION>"],
    ["took 0.42 seconds", "took <DURATION>"],
    ["setup 12ms, teardown 250us, total 1m2.5s", "setup <DURATION>, teardown <DURATION>, total <DURATION>"],
    ["waited 3 secs", "waited <DURATION>"],
    ["<object at 0x7ffd1234abcd>", "<object at 0x<ADDR>>"],
    ["worker (pid 4242) and PID=77, pid: 9", "worker (pid <PID>) and PID=<PID>, pid: <PID>"],
    ["[31337] started", "[<PID>] started"],
    ["wrote /tmp/pytest-of-root/pytest-12/report.xml", "wrote <TMP>"],
    ["in /var/folders/xy/abc123/T/tmpq1:3", "in <TMP>:3"],
    ["/private/tmp/x.log and /var/tmp/y", "<TMP> and <TMP>"],
    ["C:\\Users\\ann\\AppData\\Local\\Temp\\pytest-1\\a.txt", "<TMP>"],
  ];
  for (const [input, output] of table) test(JSON.stringify(input), () => assert.equal(normalizeForDiff(input), output));

  test("plain text, test ids and small numbers are left alone", () => {
    const plain = [
      "tests/test_billing.py::test_refund_rounding FAILED                         [100%]",
      "test_param[100] PASSED [ 42%]",
      "tests/test_billing.py:88: AssertionError",
      "E       AssertionError: assert Decimal('10.01') == Decimal('10.00')",
      "exit code 0x1, 8192 bytes, 3 passed, version 1.2.3, /home/tmp/file, 5 secrets",
    ].join("\n");
    assert.equal(normalizeForDiff(plain), plain);
  });

  test("two runs differing only in times, durations, pids, addresses and temp paths normalise equal", () => {
    const run = (n: number, pid: number) =>
      `2025-01-0${n}T10:0${n}:00Z start pid ${pid}\nobj 0x7f00${pid}aa\nok in ${n}.${n}s\n/tmp/run-${pid}/out\n`;
    assert.notEqual(run(1, 100), run(2, 200));
    assert.equal(normalizeForDiff(run(1, 100)), normalizeForDiff(run(2, 200)));
  });

  test("property: text without digits is unchanged", () => {
    fc.assert(fc.property(fc.string().map((s) => s.replace(/[0-9]/g, "")), (text) => assert.equal(normalizeForDiff(text), text)));
  });

  test("docs/rerun.md lists every rule", () => {
    const page = readFileSync(repoPath("docs/rerun.md"), "utf8");
    for (const rule of NORMALIZATIONS) assert.ok(page.includes(`\`${rule.id}\``), `docs/rerun.md names ${rule.id}`);
  });
});
