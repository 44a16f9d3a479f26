#!/usr/bin/env python3
"""The benchmark's stand-in for Tool Previews Lie's reference wrapper: `python3 bench/reference_wrap.py CMD [ARGS...]`.

It works the way Tool Previews Lie's wrapper does, which is the point of comparing with it: subprocess.run captures
both streams whole into memory, and only then are they measured (byte counts, an 8192-byte head cap, SHA-256
hashes, a 512-character preview decoded with replacement). One JSON line goes to stdout. Memory therefore grows
with the output; toolspan streams and should not.

One deliberate difference: the whole-stream SHA-256 is always computed (Tool Previews Lie skips it for a clipped
stream), so both wrappers do the same hashing work and the timings compare like with like. It is reported as
`stdout_stream_sha256` / `stderr_stream_sha256`, next to the `*_sha256` of Tool Previews Lie's schema that is null when clipped.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

CAP = 8192
PREVIEW_CHARS = 512
HASH_WINDOW = 256


def hex_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def measure(data: bytes) -> dict:
    """Everything the span records about one stream, computed from the stream held whole in memory."""
    clipped = len(data) > CAP
    kept = data[:CAP]
    whole = hex_sha256(data)
    return {
        "bytes": len(data),
        "cap": CAP,
        "truncated": clipped,
        "sha256": None if clipped else whole,
        "stream_sha256": whole,
        "head_sha256": hex_sha256(data[:HASH_WINDOW]) if data else None,
        "tail_sha256": hex_sha256(data[-HASH_WINDOW:]) if data else None,
        "preview": kept.decode("utf-8", "replace")[:PREVIEW_CHARS],
    }


def wrap(argv: list[str]) -> dict:
    finished = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    span: dict = {
        "span_type": "tool",
        "tool_name": os.path.basename(argv[0]),
        "argv": argv,
        "cwd": os.getcwd(),
        "returncode": finished.returncode,
    }
    clipped = False
    for name, data in (("stdout", finished.stdout), ("stderr", finished.stderr)):
        figures = measure(data)
        clipped = clipped or figures["truncated"]
        preview = figures.pop("preview")
        for key, value in figures.items():
            span[f"{name}_{key}"] = value
        span[f"preview_{name}"] = preview
    span["ok_preview"] = finished.returncode == 0 and not clipped
    return span


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: reference_wrap.py CMD [ARGS...]", file=sys.stderr)
        return 2
    print(json.dumps(wrap(sys.argv[1:]), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
