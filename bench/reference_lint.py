#!/usr/bin/env python3
"""Tool Previews Lie's truncation linter, rewritten for the benchmark: same checks, same streaming.

It reads the file line by line with json.loads, checks the six required keys, the flag against
bytes and cap, a full hash on a clipped stream and ok_preview after a clip, prints each problem and
a count. Like Tool Previews Lie's, it stops on the first line that is not JSON."""
import json
import sys

REQUIRED = ("stdout_bytes", "stderr_bytes", "stdout_cap", "stderr_cap", "stdout_truncated", "stderr_truncated")


def check(span, number, out):
    found = 0
    if span.get("span_type") != "tool":
        return 0
    absent = [key for key in REQUIRED if key not in span]
    if absent:
        out.write(f"L{number}: missing {absent}\n")
        return 1
    for stream in ("stdout", "stderr"):
        size, cap, flag = span[f"{stream}_bytes"], span[f"{stream}_cap"], span[f"{stream}_truncated"]
        if cap is not None and size > cap and flag is not True:
            out.write(f"L{number}: {stream} clipped without flag\n")
            found += 1
        if cap is not None and size <= cap and flag is True:
            out.write(f"L{number}: {stream} flag set under cap\n")
            found += 1
        if flag and span.get(f"{stream}_sha256"):
            out.write(f"L{number}: full {stream} hash on clipped stream\n")
            found += 1
    if span.get("ok_preview") is True and (span["stdout_truncated"] or span["stderr_truncated"]):
        out.write(f"L{number}: ok_preview true while truncated\n")
        found += 1
    return found


def main(path):
    total = 0
    out = sys.stdout
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            raw = raw.strip()
            if raw:
                total += check(json.loads(raw), number, out)
    out.write(f"issues={total}\n")
    return 1 if total else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.stderr.write("usage: reference_lint.py run.jsonl\n")
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
