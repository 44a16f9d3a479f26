// What every output format implements: findings arrive in order; `end` closes the output.
import type { Finding } from "../lint-line.js";

export interface Counts {
  errors: number;
  warnings: number;
  files: number;
  lines: number;
}

export interface Reporter {
  finding(file: string, finding: Finding): void;
  end(counts: Counts): void;
}

/** Where a reporter writes. */
export type Write = (text: string) => void;

/** ` (span 5b8aa5a2d2c872e8)` for a finding about a span of an OTLP line, else nothing. */
export const spanSuffix = (finding: Finding): string => (finding.spanId ? ` (span ${finding.spanId})` : "");
