// --span ID, for the commands that find a span in a run file by its span_id: the library names it `spanId`.
import type { OptionSpec } from "./option-parser.js";

export const SPAN_OPTION = {
  name: "span",
  kind: "string",
  value: "ID",
  libraryName: "spanId",
  help: "the span with this span_id in FILE (instead of FILE:LINE)",
} as const satisfies OptionSpec;
