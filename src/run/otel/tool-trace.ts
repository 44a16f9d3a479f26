// One OpenTelemetry span per command, through @opentelemetry/api only. run-tool loads this module only when an
// SDK registered itself, so a run without OpenTelemetry pays nothing and needs no API installed.
import type { Context, Span, TextMapPropagator } from "@opentelemetry/api";
import type { ToolSpan } from "../../contract/span.js";
import { contractAttributes } from "../../formats/otlp/contract-attributes.js";
import { errorType, semanticAttributes, spanName } from "../../formats/otlp/tool-span-semantics.js";
import { VERSION } from "../../util/version.js";

/** How the span joins a trace. */
export interface TraceOptions {
  /** A W3C `traceparent` to be the parent (the CLI passes $TRACEPARENT); without it, the active context. */
  traceparent?: string;
  /** The W3C `tracestate` that goes with `traceparent`. */
  tracestate?: string;
  /** Record the command's arguments (`process.command_args`, `toolspan.argv`); off by default, as the
   * conventions advise for arguments that were not sanitised. */
  recordArgs?: boolean;
}

/** A started span: its id, the variables that make the command's own spans its children, and its end. */
export interface ToolTrace {
  spanId: string;
  env: { TRACEPARENT: string; TRACESTATE?: string };
  end(record: ToolSpan, pid: number | null): void;
}

type Api = typeof import("@opentelemetry/api");

async function loadApi(): Promise<Api | null> {
  try {
    return await import("@opentelemetry/api");
  } catch {
    return null; // the peer dependency is not installed: run untraced
  }
}

async function w3cPropagator(): Promise<TextMapPropagator> {
  const { W3CTraceContextPropagator } = await import("@opentelemetry/core");
  return new W3CTraceContextPropagator();
}

function finish(api: Api, span: Span, record: ToolSpan, pid: number | null, recordArgs: boolean): void {
  const fields: Record<string, unknown> = { ...record };
  const semantic = semanticAttributes(fields, recordArgs);
  if (!recordArgs) delete fields.argv;
  span.setAttributes({ ...semantic, ...contractAttributes(fields) });
  if (pid !== null) span.setAttribute("process.pid", pid);
  const failure = errorType(fields);
  if (failure !== null) span.setStatus({ code: api.SpanStatusCode.ERROR, message: record.error ?? `exit code ${record.returncode}` });
  span.end();
}

/** Starts the command's span; null when @opentelemetry/api cannot be loaded or gives no valid span context. */
export async function startToolTrace(toolName: string, options: TraceOptions): Promise<ToolTrace | null> {
  const api = await loadApi();
  if (api === null) return null;
  const propagator = await w3cPropagator();
  const parent: Context = options.traceparent
    ? propagator.extract(api.ROOT_CONTEXT, { traceparent: options.traceparent, tracestate: options.tracestate }, api.defaultTextMapGetter)
    : api.context.active();
  const span = api.trace
    .getTracer("toolspan", VERSION)
    .startSpan(spanName({ tool_name: toolName }), { kind: api.SpanKind.INTERNAL }, parent);
  const carrier: Record<string, string> = {};
  propagator.inject(api.trace.setSpan(parent, span), carrier, api.defaultTextMapSetter);
  if (carrier.traceparent === undefined) {
    span.end();
    return null; // no valid span context: nothing to join
  }
  return {
    spanId: span.spanContext().spanId,
    env: { TRACEPARENT: carrier.traceparent, ...(carrier.tracestate ? { TRACESTATE: carrier.tracestate } : {}) },
    end: (record, pid) => finish(api, span, record, pid, options.recordArgs === true),
  };
}
