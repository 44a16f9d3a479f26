// What a lint rule is: metadata first, then a check over one untrusted span (ESLint's shape, as data).
import type { StreamName } from "../contract/span.js";
import type { OtlpSpan } from "../formats/otlp/spans-from-line.js";
import type { TraceIdentity } from "./finding.js";
import type { SpanView } from "../contract/span-fields.js";
import { shortened } from "../util/code-points.js";

export type Severity = "error" | "warning";
export type SeveritySetting = Severity | "off";

/** What a check reports: a message id and the data its template needs. */
export interface Report {
  messageId: string;
  data?: Record<string, string | number>;
  stream?: StreamName;
}

/** A rule over one span at a time. `check` calls `report` for each finding (ESLint's context.report). */
export interface SpanRule {
  id: string;
  severity: Severity;
  /** One line naming the problem. */
  description: string;
  /** Templates by message id; `{name}` is replaced by `data.name`. */
  messages: Record<string, string>;
  check(view: SpanView, report: (report: Report) => void): void;
  /** Looks at each span of an OTLP line that carries no toolspan record (another writer's tool span). */
  checkTrace?(span: OtlpSpan, report: (report: Report) => void): void;
}

/** The figures a file-level rule sees of each tool span, in line order. */
export interface SpanIdentity {
  line: number;
  runId: string | null;
  spanId: string | null;
  /** The OpenTelemetry span, for a span read from an OTLP line. */
  trace?: TraceIdentity;
}

/** A rule over a whole file: it keeps its own state from span to span. */
export interface FileRule {
  id: string;
  severity: Severity;
  description: string;
  messages: Record<string, string>;
  /** A fresh checker for one file; it is called once per tool span, in line order. */
  start(): (span: SpanIdentity) => Report[];
}

export type Rule = SpanRule | FileRule;

export const isFileRule = (rule: Rule): rule is FileRule => "start" in rule;

/** The docs page of a rule, relative to the package root. */
export const ruleDocsPath = (id: string): string => `docs/rules/${id}.md`;

/** An untrusted value shown in a message: short, and safe for any JSON (a deeply nested array would make
 * JSON.stringify throw, a large one would fill the report). */
export function showValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(shortened(value));
  if (typeof value === "object") return "an object";
  return String(value);
}

/** Fills a message template. */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
}
