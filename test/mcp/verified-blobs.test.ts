// The memory of verified blobs against a write that lands in the same tick of the file system's clock as the look
// that was remembered: such a write leaves size and times as they were, and must still be caught. Kernels with
// fine-grained times hide the race, so the store is put on a file system whose times are whole seconds (ext4 with
// 128-byte inodes) where this machine can mount one.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, before, test } from "node:test";
import { VerifiedBlobs } from "../../src/mcp/verified-blobs.js";
import { blobPath } from "../../src/store/blob-path.js";

const scratch = mkdtempSync(join(tmpdir(), "toolspan-verified-"));
const mountPoint = join(scratch, "coarse");
let dir = join(scratch, "fine");
let mounted = false;

before(() => {
  const image = join(scratch, "coarse.img");
  try {
    writeFileSync(image, Buffer.alloc(0));
    execFileSync("truncate", ["-s", "16M", image]);
    execFileSync("mkfs.ext4", ["-q", "-F", "-I", "128", image], { stdio: "pipe" });
    mkdirSync(mountPoint);
    execFileSync("mount", ["-o", "loop", image, mountPoint], { stdio: "pipe" });
    mounted = true;
    dir = mountPoint;
  } catch {
    // Not root, or no loop devices: the race is then tried on the ordinary temporary folder.
  }
  mkdirSync(join(dir, "tmp"), { recursive: true });
});
after(() => {
  if (mounted) execFileSync("umount", [mountPoint]);
  rmSync(scratch, { recursive: true, force: true });
});

// One blob of `text` in the store and the span that names it.
function storedBlob(text: string) {
  const bytes = Buffer.from(text);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const path = blobPath(dir, sha256);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  return { bytes, path, span: { stdout_blob: `sha256:${sha256}`, stdout_stream_sha256: sha256, stdout_bytes: bytes.length } };
}

test("a same-size write right after a blob is remembered is caught, every time", async () => {
  if (mounted) assert.equal(statSync(mountPoint, { bigint: true }).mtimeNs % 1_000_000_000n, 0n, "times are whole seconds there");
  for (let round = 0; round < 20; round += 1) {
    const { bytes, path, span } = storedBlob(`round ${round}: ${"x".repeat(4000)}\n`);
    const blobs = new VerifiedBlobs(dir);
    await blobs.written(span.stdout_blob, bytes.length);
    const bad = Buffer.from(bytes);
    bad[0] = 0x58;
    writeFileSync(path, bad);
    await assert.rejects(blobs.verified(span, "stdout"), /is damaged or tampered/, `round ${round}`);
  }
});

test("a blob written and read back whole is still the one verified", async () => {
  const { bytes, span } = storedBlob("settled\n");
  const blobs = new VerifiedBlobs(dir);
  await blobs.written(span.stdout_blob, bytes.length);
  assert.deepEqual((await blobs.verified(span, "stdout")).bytes, bytes.length);
  assert.deepEqual((await blobs.verified(span, "stdout")).bytes, bytes.length);
});
