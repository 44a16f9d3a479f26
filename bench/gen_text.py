#!/usr/bin/env python3
"""Writes exactly N bytes of log-like UTF-8 text to stdout, fast: `python3 bench/gen_text.py N`.

The benchmark pipes this into every candidate (the floor, toolspan, the reference wrapper), so it must be cheap
next to them: it builds one ~64 KiB block of lines once and writes it over and over. It is Python rather than
Node because GNU time's peak RSS is the largest process in the measured tree, source included: a Node source
(~50 MiB) would hide the wrappers' own figures at small sizes, a Python one (~10 MiB) does not.

The output is deterministic (a fixed seed), so every run of a size hashes the same, and it is valid UTF-8 to the
last byte, so toolspan measures it as text.
"""
from __future__ import annotations

import random
import sys
from datetime import datetime, timedelta, timezone

BLOCK_TARGET = 64 * 1024
START = datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)


def log_line(rng: random.Random, index: int) -> str:
    """One line shaped like a test runner's or a service's log, some with non-ASCII characters."""
    stamp = (START + timedelta(milliseconds=137 * index)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    level = rng.choice(["INFO ", "INFO ", "INFO ", "DEBUG", "WARN ", "ERROR"])
    worker = f"worker-{rng.randrange(8)}"
    req = f"{rng.getrandbits(32):08x}"
    message = rng.choice([
        f"GET /api/v1/items/{rng.randrange(10000)} status=200 dur_ms={rng.random() * 40:.2f}",
        f"POST /api/v1/orders status=201 dur_ms={rng.random() * 90:.2f} user=zoë",
        f"tests/test_billing.py::test_invoice_{rng.randrange(300)} PASSED ✓",
        f"tests/test_sync.py::test_retry_{rng.randrange(50)} FAILED ✗ AssertionError: expected 3 → got 2",
        f"cache miss key=résumé:{req} refilling from origin",
        f"compiled src/module_{rng.randrange(120)}.ts in {rng.randrange(900)} ms — 0 errors",
        f"retrying connection to db-primary (attempt {1 + rng.randrange(5)}/5) … backoff 250 ms",
    ])
    return f"{stamp} {level} [{worker}] req={req} {message}\n"


def build_block() -> bytes:
    """Whole lines up to just under 64 KiB, so repeating the block never splits a line or a character."""
    rng = random.Random(0x5EED)
    lines: list[bytes] = []
    size = 0
    index = 0
    while True:
        line = log_line(rng, index).encode("utf-8")
        if size + len(line) > BLOCK_TARGET:
            return b"".join(lines)
        lines.append(line)
        size += len(line)
        index += 1


def cut_block(block: bytes, length: int) -> bytes:
    """The first `length` bytes, with a character the cut would split replaced by spaces: still valid UTF-8."""
    piece = bytearray(block[:length])
    start = length
    while start > 0 and piece[start - 1] & 0xC0 == 0x80:  # back over continuation bytes
        start -= 1
    if start > 0 and piece[start - 1] >= 0xC0:
        lead = piece[start - 1]
        needed = 4 if lead >= 0xF0 else 3 if lead >= 0xE0 else 2
        if length - (start - 1) < needed:
            piece[start - 1:] = b" " * (length - (start - 1))
    return bytes(piece)


def main() -> int:
    try:
        size = int(sys.argv[1])
        if size < 0:
            raise ValueError
    except (IndexError, ValueError):
        print("usage: python3 bench/gen_text.py BYTES", file=sys.stderr)
        return 2
    block = build_block()
    out = sys.stdout.buffer
    try:
        left = size
        while left >= len(block):
            out.write(block)  # large writes bypass the buffer and go straight to the fd
            left -= len(block)
        if left:
            out.write(cut_block(block, left))
        out.flush()
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away: not an error for a benchmark source
    return 0


if __name__ == "__main__":
    sys.exit(main())
