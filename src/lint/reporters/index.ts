// One reporter per output format, by the name --format takes. Each is loaded when chosen: a run prints one format,
// and every module loaded at start-up costs the CLI's start-up time.
import type { Reporter, Write } from "./reporter.js";

export type StartReporter = (write: Write, version: string) => Reporter;

export const REPORTERS: Record<string, () => Promise<StartReporter>> = {
  text: async () => {
    const { textReporter } = await import("./text.js");
    return (write) => textReporter(write);
  },
  jsonl: async () => {
    const { jsonlReporter } = await import("./jsonl.js");
    return (write) => jsonlReporter(write);
  },
  sarif: async () => {
    const [{ sarifReporter }, { RULES }] = await Promise.all([import("./sarif.js"), import("../rules/index.js")]);
    return (write, version) => sarifReporter(write, RULES, version);
  },
  github: async () => {
    const { githubReporter } = await import("./github.js");
    return (write) => githubReporter(write);
  },
};

/** The --format names, the default first. */
export const FORMATS = Object.keys(REPORTERS);
