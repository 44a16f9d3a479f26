// One reporter per output format, by the name --format takes.
import { RULES } from "../rules/index.js";
import { githubReporter } from "./github.js";
import { jsonlReporter } from "./jsonl.js";
import type { Reporter, Write } from "./reporter.js";
import { sarifReporter } from "./sarif.js";
import { textReporter } from "./text.js";

export const REPORTERS: Record<string, (write: Write, version: string) => Reporter> = {
  text: (write) => textReporter(write),
  jsonl: (write) => jsonlReporter(write),
  sarif: (write, version) => sarifReporter(write, RULES, version),
  github: (write) => githubReporter(write),
};

/** The --format names, the default first. */
export const FORMATS = Object.keys(REPORTERS);
