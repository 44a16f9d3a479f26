import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { previewDiff, type PreviewDiffInput } from "../../src/rerun/preview-diff.js";

const input = (preview: string, next: string, more: Partial<PreviewDiffInput> = {}): PreviewDiffInput => ({
  stream: "stdout",
  preview,
  newKeptPrefix: Buffer.from(next),
  complete: true,
  previewChars: 512,
  binary: false,
  ...more,
});

describe("previewDiff", () => {
  test("the same text gives no diff", () => {
    const result = previewDiff(input("a\nb\n", "a\nb\n"));
    assert.deepEqual(result, { stream: "stdout", kind: "text", normalized: true, changed: false, patch: "", newPreview: "a\nb\n" });
  });

  test("a changed line gives a unified diff naming both sides", () => {
    const result = previewDiff(input("a\nb\nc\n", "a\nB\nc\n"));
    assert.equal(result.kind, "text");
    if (result.kind !== "text") return;
    assert.equal(result.changed, true);
    assert.match(result.patch, /^--- stored preview_stdout\n\+\+\+ rerun stdout\n@@ -1,3 \+1,3 @@\n a\n-b\n\+B\n c\n$/);
  });

  test("noise is normalised away, unless normalising is off", () => {
    const old = "started 2025-01-01T00:00:00Z\n3 passed in 0.10s\n";
    const now = "started 2025-02-03T04:05:06Z\n3 passed in 1.95s\n";
    assert.equal((previewDiff(input(old, now)) as { changed: boolean }).changed, false);
    const raw = previewDiff(input(old, now, { normalize: false }));
    assert.equal(raw.kind === "text" && raw.changed, true);
    assert.match((raw as { patch: string }).patch, /\+3 passed in 1\.95s/);
  });

  test("the new side is cut as the preview was: preview_chars code points, a cut character as U+FFFD", () => {
    const result = previewDiff(input("héllo", "héllo world", { previewChars: 5 }));
    assert.equal(result.kind === "text" && result.changed, false);
    const cut = previewDiff(input("h\uFFFD", "", { newKeptPrefix: Buffer.from("hé").subarray(0, 2) }));
    assert.equal(cut.kind === "text" && cut.newPreview, "h\uFFFD");
  });

  test("binary streams are never diffed as text", () => {
    assert.deepEqual(previewDiff(input("", "\u0000\u0001", { binary: true })), { stream: "stdout", kind: "binary" });
  });
});
