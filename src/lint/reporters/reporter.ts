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
