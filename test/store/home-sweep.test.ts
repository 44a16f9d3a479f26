import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sweepHome } from "../../src/store/home-sweep.js";
import { scratchPaths } from "../helpers/scratch.js";

const fresh = scratchPaths("toolspan-home-sweep-");
const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

function blob(home: string, fill: string, bytes: number, ageDays: number): string {
  const hex = fill.repeat(64).slice(0, 64);
  const path = join(home, "store", "sha256", hex.slice(0, 2), hex.slice(2));
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, Buffer.alloc(bytes));
  const when = new Date(now - ageDays * DAY);
  utimesSync(path, when, when);
  return hex;
}

function runFile(home: string, name: string, blobs: string[], ageDays: number): string {
  const path = join(home, "runs", "claude-code", name);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, blobs.map((hex) => JSON.stringify({ span_type: "tool", stdout_blob: `sha256:${hex}` })).join("\n") + "\n");
  const when = new Date(now - ageDays * DAY);
  utimesSync(path, when, when);
  return path;
}

test("old run files go, then unnamed blobs, then the oldest named blobs while over budget; links and junk stay", async () => {
  const home = fresh("home");
  const a = blob(home, "a", 100, 10);
  const b = blob(home, "b", 100, 5);
  const c = blob(home, "c", 100, 2);
  const orphan = blob(home, "d", 100, 3);
  const young = blob(home, "e", 100, 0);
  const live = runFile(home, "live.jsonl", [a, b, c], 1);
  const stale = runFile(home, "stale.jsonl", [orphan], 40);
  const outside = fresh("outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "precious"), "x");
  symlinkSync(outside, join(home, "store", "sha256", "ff"));
  writeFileSync(join(home, "store", "sha256", ".DS_Store"), "junk");
  const result = await sweepHome(home, { budgetBytes: 250, keepDays: 30, now });
  assert.deepEqual(result.removedRuns, [stale]);
  assert.ok(existsSync(live));
  const gone = (hex: string) => !existsSync(join(home, "store", "sha256", hex.slice(0, 2), hex.slice(2)));
  assert.ok(gone(orphan), "a blob no remaining run file names goes");
  assert.ok(!gone(young), "a blob stored in the last day stays: its span may not be written yet");
  assert.ok(gone(a) && gone(b), "over budget, the least recently stored go first");
  assert.ok(!gone(c));
  assert.equal(result.storeBytes, 200);
  assert.ok(existsSync(join(outside, "precious")), "a link is never followed");
  assert.ok(existsSync(join(home, "store", "sha256", ".DS_Store")));
});

test("a dry run removes nothing and says what it would", async () => {
  const home = fresh("home");
  const orphan = blob(home, "9", 10, 3);
  const result = await sweepHome(home, { budgetBytes: 1e9, keepDays: 30, now, dryRun: true });
  assert.equal(result.removedBlobs.length, 1);
  assert.ok(existsSync(join(home, "store", "sha256", orphan.slice(0, 2), orphan.slice(2))));
});
