// The first action for a converted span: the span is triaged as `toolspan triage` would triage it in the file
// `--out` writes, so the two always agree. Audit keeps no copy of the decision table.
import type { SpanObject } from "../contract/span-fields.js";
import { triageRules } from "../triage/triage-file.js";
import { triageItem } from "../triage/triage-line.js";
import type { AuditSpan } from "./to-span.js";

/** The table's row for a span and what it says to do. */
export interface FirstAction {
  row: string;
  action: string;
  notFirst: string;
}

let rules: ReturnType<typeof triageRules> | undefined;

/** The most misleading row that applies to `span`, or null where none does. */
export function firstAction(span: AuditSpan): FirstAction | null {
  rules ??= triageRules();
  // Through JSON, as triage reads the line: a key left undefined is absent there too.
  const parsed = JSON.parse(JSON.stringify(span)) as SpanObject;
  const match = triageItem({ kind: "record", line: 1, record: parsed }, rules).span?.matches[0];
  return match ? { row: match.row.id, action: match.row.firstAction, notFirst: match.row.notFirst } : null;
}
