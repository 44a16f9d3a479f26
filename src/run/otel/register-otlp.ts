// The CLI's own OpenTelemetry SDK: spans go over OTLP/HTTP (JSON) to a Collector. Loaded only when asked for,
// so `wrap` without OpenTelemetry starts as fast as before.
import type { ExportResult } from "@opentelemetry/core";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-base";

/** Where spans go: `endpoint` is a base URL as OTEL_EXPORTER_OTLP_ENDPOINT is (`/v1/traces` is added); without
 * it the exporter reads the OTEL_EXPORTER_OTLP_* variables itself. */
export interface OtlpExportOptions {
  endpoint?: string;
  serviceName?: string;
  /** Told of an export that failed: toolspan goes on, the span is lost. */
  onError: (message: string) => void;
}

/** Flushes what is pending and stops; call before the process exits. */
export type ShutdownOtlp = () => Promise<void>;

/** An export's limit when no variable sets one. The SDK's own default, 10 s, held every wrap back that long
 * while a Collector was down; a Collector on loopback or the LAN answers in milliseconds. */
const DEFAULT_EXPORT_TIMEOUT_MS = 2000;

/** The export limit the OTLP variables give (milliseconds, as the specification has them: the traces one first),
 * else DEFAULT_EXPORT_TIMEOUT_MS; a value that is not a number > 0 is passed over, as the SDK passes it over. */
function exportTimeoutMs(env: NodeJS.ProcessEnv): number {
  for (const name of ["OTEL_EXPORTER_OTLP_TRACES_TIMEOUT", "OTEL_EXPORTER_OTLP_TIMEOUT"]) {
    const raw = env[name]?.trim();
    const value = Number(raw);
    if (raw && Number.isFinite(value) && value > 0) return value;
  }
  return DEFAULT_EXPORT_TIMEOUT_MS;
}

const tracesUrl = (endpoint: string): string => (/\/v1\/traces\/?$/.test(endpoint) ? endpoint : `${endpoint.replace(/\/+$/, "")}/v1/traces`);

// The SDK reports a failed export to a global handler that is silent by default; a user who set an endpoint
// wants to hear that nothing arrived.
function reportingFailures(exporter: SpanExporter, onError: (message: string) => void): SpanExporter {
  return {
    export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
      exporter.export(spans, (result) => {
        if (result.error) onError(result.error.message);
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

// Past the exporter's own limit, shutdown stops waiting: the exporter reports its timeout itself before then, so
// this only bounds an exporter that would not keep to its limit.
const SHUTDOWN_MARGIN_MS = 250;

/** Registers a global tracer provider that exports each span as it ends. Its shutdown resolves within the export
 * limit (and a small margin) whether or not the Collector answered. */
export async function registerOtlpExport(options: OtlpExportOptions): Promise<ShutdownOtlp> {
  const [{ trace }, { BasicTracerProvider, SimpleSpanProcessor }, { OTLPTraceExporter }, { defaultResource, resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  // Retries included: the exporter stops retrying at this deadline.
  const timeoutMillis = exportTimeoutMs(process.env);
  const exporter = new OTLPTraceExporter({ timeoutMillis, ...(options.endpoint ? { url: tracesUrl(options.endpoint) } : {}) });
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ "service.name": options.serviceName || "toolspan" })),
    spanProcessors: [new SimpleSpanProcessor(reportingFailures(exporter, options.onError))],
  });
  trace.setGlobalTracerProvider(provider);
  return async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        options.onError(`no answer within ${timeoutMillis} ms; the span was not sent`);
        resolve();
      }, timeoutMillis + SHUTDOWN_MARGIN_MS).unref();
    });
    await Promise.race([provider.shutdown(), late]);
    clearTimeout(timer);
  };
}
