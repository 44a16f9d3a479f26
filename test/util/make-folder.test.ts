import assert from "node:assert/strict";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { makeFolder } from "../../src/util/make-folder.js";

test("makes a folder and its missing parents, each with the mode; an existing folder is fine", () => {
  const root = mkdtempSync(join(tmpdir(), "toolspan-make-folder-"));
  const deep = join(root, "a", "b", "c");
  makeFolder(deep, 0o700);
  assert.ok(statSync(deep).isDirectory());
  assert.equal(statSync(join(root, "a")).mode & 0o777, 0o700 & ~process.umask());
  makeFolder(deep, 0o700);
});

test("a file in the way, or a parent that is a file, is the system's error", () => {
  const root = mkdtempSync(join(tmpdir(), "toolspan-make-folder-"));
  const file = join(root, "file");
  writeFileSync(file, "");
  assert.throws(() => makeFolder(file), { code: "EEXIST" });
  assert.throws(() => makeFolder(join(file, "below")), { code: "ENOTDIR" });
});

test("a folder that cannot be made under /proc fails at once (Node's recursive mkdir never returns there)", { skip: !existsSync("/proc/self") }, () => {
  assert.throws(() => makeFolder("/proc/toolspan-nope/store"), { code: "ENOENT", syscall: "mkdir" });
});
