import { execFileSync } from "node:child_process";

// What is measured: the sources of output (zeros, log-like text) and the three ways of consuming them.
//
// Every candidate runs the very same source command, so they differ only in what consumes the pipe. The source
// is run directly (no shell) under toolspan and the reference; only the floor needs `sh` to build its pipe.

/** A command that writes exactly `bytes` bytes to stdout (`bytes` is a number, or "N" when quoting the command). */
export interface Source {
  kind: "zero" | "text";
  argv: (bytes: string) => string[];
}

export const SOURCES: readonly Source[] = [
  // The cheapest possible producer: the kernel hands out zeros.
  { kind: "zero", argv: (bytes) => ["head", "-c", bytes, "/dev/zero"] },
  // Log-like UTF-8 lines, so toolspan's UTF-8 check does real work; faster through a pipe than `head` above.
  { kind: "text", argv: (bytes) => [python(), "bench/gen_text.py", bytes] },
];

export type CandidateName = "floor" | "toolspan" | "reference";

/** One way of consuming a source: how to run it, and how to read the whole-stream hash it reports. */
export interface Candidate {
  name: CandidateName;
  /** What the table calls it. */
  label: string;
  argv: (source: readonly string[]) => string[];
  /** The hex SHA-256 of the source's whole stdout, as the candidate reported it. */
  digest: (stdout: string) => string;
  /** The stdout byte count the candidate reported, when it reports one. */
  bytes: (stdout: string) => number | null;
}

export const CANDIDATES: readonly Candidate[] = [
  {
    // One pipe and one SHA-256 pass, nothing else: the least any honest wrapper can cost. openssl's SHA-256 is the
    // fast one (coreutils sha256sum is about 3x slower here and would flatter everyone).
    name: "floor",
    label: "floor (openssl dgst)",
    argv: (source) => ["sh", "-c", `${shellJoin(source)} | openssl dgst -sha256`],
    digest: (stdout) => {
      const match = /=\s*([0-9a-f]{64})\s*$/.exec(stdout.trim());
      if (!match) throw new Error(`floor: no digest in ${JSON.stringify(stdout)}`);
      return match[1]!;
    },
    bytes: () => null,
  },
  {
    name: "toolspan",
    label: "toolspan wrap --json",
    argv: (source) => ["node", "bin/toolspan.js", "wrap", "--json", "--", ...source],
    digest: (stdout) => spanString(stdout, "stdout_stream_sha256"),
    bytes: (stdout) => spanNumber(stdout, "stdout_bytes"),
  },
  {
    // Tool Previews Lie's approach: subprocess.run holds the whole output in memory, then hashes it.
    name: "reference",
    label: "reference (python)",
    argv: (source) => [python(), "bench/reference_wrap.py", ...source],
    digest: (stdout) => spanString(stdout, "stdout_stream_sha256"),
    bytes: (stdout) => spanNumber(stdout, "stdout_bytes"),
  },
];

// The span is the last line of the wrapper's stdout.
function spanValue(stdout: string, key: string): unknown {
  const lines = stdout.trim().split("\n");
  const span = JSON.parse(lines[lines.length - 1] ?? "") as Record<string, unknown>;
  return span[key];
}

function spanString(stdout: string, key: string): string {
  const value = spanValue(stdout, key);
  if (typeof value !== "string") throw new Error(`span has no string ${key}: ${stdout.slice(0, 300)}`);
  return value;
}

function spanNumber(stdout: string, key: string): number {
  const value = spanValue(stdout, key);
  if (typeof value !== "number") throw new Error(`span has no number ${key}: ${stdout.slice(0, 300)}`);
  return value;
}

let pythonPath: string | null = null;

/** The interpreter `python3` resolves to. Run directly because a version manager's shim (pyenv's is a bash
 * script) can add ~150 ms to every start, which would be charged to the reference wrapper. */
export function python(): string {
  pythonPath ??= execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
  return pythonPath;
}

/** Quotes each word for a POSIX shell, so the floor runs exactly the argv the others run. */
export function shellJoin(argv: readonly string[]): string {
  return argv.map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`)).join(" ");
}

/** Start-up cost: a bare Node start against wrapping a command that does nothing. */
export const STARTUP = {
  bare: ["node", "-e", "0"],
  wrap: ["node", "bin/toolspan.js", "wrap", "--json", "--", "true"],
} as const;
