// The MCP server's memory and reads: `toolspan mcp` under the SDK's own client, a `run` whose command streams SIZE
// bytes of log-like text (every byte stored, 16,000 kept), then a `read_output` of 16,000 bytes from the middle and
// a `search_output` over the whole stream. The server's peak RSS (VmHWM) after runs of SIZE/10 and SIZE says
// whether memory stays flat; its rchar (bytes it read through read(2)) around each call says what each reads.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { MiB, sizeLabel } from "./options.js";

export interface McpMemoryResult {
  size: number;
  /** Peak RSS in bytes: once the server is up, after a 1 MiB run, after a SIZE/10 run, after the SIZE run, and after
   * the read and search. */
  peakStarted: number;
  peakSmall: number;
  peakTenth: number;
  peakLarge: number;
  peakAfterReads: number;
  /** RSS sampled every 100 ms during the SIZE run: the largest seen. */
  rssMaxDuringLarge: number;
  runSeconds: number;
  /** read_output of `readBytes` bytes at the middle of the stream: what the server read, and how long it took. */
  readBytes: number;
  readRchar: number;
  readMs: number;
  /** search_output over the whole stream (a pattern no line holds). */
  searchRchar: number;
  searchSeconds: number;
}

// A line of a passing test run, as `yes` repeats it with its newline.
const LINE = "tests/test_mod.py::test_case PASSED                                    [ 50%]";
const LINE_BYTES = LINE.length + 1;

function procField(pid: number, file: "status" | "io", field: string): number {
  const text = readFileSync(`/proc/${pid}/${file}`, "utf8");
  const found = new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(text);
  if (found === null) throw new Error(`no ${field} in /proc/${pid}/${file}`);
  return Number(found[1]) * (file === "status" ? 1024 : 1);
}

/** Runs the whole measurement once, with a toolspan home of its own (removed after). */
export async function measureMcpMemory(root: string, size: number, log: (line: string) => void): Promise<McpMemoryResult> {
  const home = mkdtempSync(join(tmpdir(), "toolspan-mcp-bench-"));
  const env = Object.fromEntries(Object.entries({ ...process.env, TOOLSPAN_HOME: home }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const transport = new StdioClientTransport({ command: process.execPath, args: [join(root, "bin/toolspan.js"), "mcp"], env, cwd: root, stderr: "inherit" });
  const client = new Client({ name: "toolspan-bench", version: "0.0.0" });
  await client.connect(transport);
  const pid = transport.pid!;
  const peak = (): number => procField(pid, "status", "VmHWM");
  const rchar = (): number => procField(pid, "io", "rchar");
  const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, any>> => {
    const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 3_600_000 });
    if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Record<string, any>;
  };
  const stream = (bytes: number): string => `yes '${LINE}' | head -c ${bytes}`;
  try {
    await client.listTools();
    const peakStarted = peak();
    await call("run", { command: stream(MiB) });
    const peakSmall = peak();
    await call("run", { command: stream(Math.round(size / 10)), timeout_seconds: 3600 });
    const peakTenth = peak();
    log(`mcp: peak RSS ${mib(peakStarted)} started, ${mib(peakSmall)} after a 1 MiB run, ${mib(peakTenth)} after ${mib(size / 10)}; streaming ${sizeLabel(size)} ...`);
    let rssMaxDuringLarge = 0;
    // Sampling, not synchronisation: the run's answer is what the benchmark waits for.
    const sampler = setInterval(() => {
      rssMaxDuringLarge = Math.max(rssMaxDuringLarge, procField(pid, "status", "VmRSS"));
    }, 100);
    const started = process.hrtime.bigint();
    const ran = await call("run", { command: stream(size), timeout_seconds: 3600 }).finally(() => clearInterval(sampler));
    const runSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    if (ran.stdout.bytes !== size) throw new Error(`the run counted ${ran.stdout.bytes} bytes, expected ${size}`);
    const peakLarge = peak();

    const readBytes = 16_000;
    const beforeRead = rchar();
    const readStarted = process.hrtime.bigint();
    const read = await call("read_output", { span_id: ran.span_id, offset: Math.floor(size / 2 / LINE_BYTES) * LINE_BYTES, length: readBytes });
    const readMs = Number(process.hrtime.bigint() - readStarted) / 1e6;
    const readRchar = rchar() - beforeRead;
    if (!read.text.startsWith(LINE)) throw new Error("read_output did not return the stream's bytes");

    const beforeSearch = rchar();
    const searchStarted = process.hrtime.bigint();
    const searched = await call("search_output", { span_id: ran.span_id, pattern: "FAILED", literal: true });
    const searchSeconds = Number(process.hrtime.bigint() - searchStarted) / 1e9;
    const searchRchar = rchar() - beforeSearch;
    if (searched.matches.length !== 0) throw new Error("search_output found a line no line holds");
    return { size, peakStarted, peakSmall, peakTenth, peakLarge, peakAfterReads: peak(), rssMaxDuringLarge, runSeconds, readBytes, readRchar, readMs, searchRchar, searchSeconds };
  } finally {
    await client.close();
    rmSync(home, { recursive: true, force: true });
  }
}

const mib = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MiB`;

/** The section of BENCHMARKS.md. */
export function mcpSection(input: { date: Date; loadBefore: string; loadAfter: string; command: string; result: McpMemoryResult }): string {
  const { result } = input;
  const grew = result.peakLarge - result.peakTenth;
  return [
    "## toolspan mcp",
    "",
    `Measured ${input.date.toISOString().slice(0, 10)} with \`${input.command}\`; load average ${input.loadBefore} before, ${input.loadAfter} after.`,
    `One \`toolspan mcp\` under the MCP SDK's own client; \`run\` of \`yes LINE | head -c N\` (${LINE_BYTES}-byte lines), then \`read_output\` of ${result.readBytes} bytes`,
    `from the middle of the ${sizeLabel(result.size)} stream and \`search_output\` over all of it. Peak RSS is the server's VmHWM; bytes read are its rchar.`,
    "",
    "| what | figure |",
    "|---|---|",
    `| peak RSS, server started | ${mib(result.peakStarted)} |`,
    `| peak RSS after a 1 MiB run | ${mib(result.peakSmall)} |`,
    `| peak RSS after a ${mib(result.size / 10)} run | ${mib(result.peakTenth)} |`,
    `| peak RSS after the ${sizeLabel(result.size)} run | ${mib(result.peakLarge)} (largest RSS sampled during it: ${mib(result.rssMaxDuringLarge)}) |`,
    `| the ${sizeLabel(result.size)} run | ${result.runSeconds.toFixed(1)} s (${(result.size / MiB / result.runSeconds).toFixed(0)} MiB/s, every byte hashed and stored) |`,
    `| read_output of ${result.readBytes} bytes | ${result.readRchar} bytes read by the server, ${result.readMs.toFixed(1)} ms |`,
    `| search_output over ${sizeLabel(result.size)} | ${mib(result.searchRchar)} read, ${result.searchSeconds.toFixed(1)} s |`,
    `| peak RSS after the read and the search | ${mib(result.peakAfterReads)} |`,
    "",
    `- Memory stays flat while a run streams ${sizeLabel(result.size)}: ten times the bytes of the ${mib(result.size / 10)} run grew the peak by ${mib(grew)} (target: flat, under 16 MiB): ${grew < 16 * MiB ? "**met**" : "**NOT met**"}.`,
    `  What the first large run adds over the 1 MiB one (${mib(result.peakTenth - result.peakSmall)}) is the streaming working set (pipe reads, hashing, the heap at its steady size), paid once.`,
    `- read_output reads only its range: ${result.readRchar} bytes for ${result.readBytes} asked (the range, a few bytes either side for character boundaries, and the request itself), not the ${sizeLabel(result.size)} blob: ${result.readRchar < 1 * MiB ? "**met**" : "**NOT met**"}.`,
    `- search_output reads the whole stored stream once, as it must to find a line anywhere in it.`,
    "",
  ].join("\n");
}
