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

/** Registers a global tracer provider that exports each span as it ends. */
export async function registerOtlpExport(options: OtlpExportOptions): Promise<ShutdownOtlp> {
  const [{ trace }, { BasicTracerProvider, SimpleSpanProcessor }, { OTLPTraceExporter }, { defaultResource, resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const exporter = new OTLPTraceExporter(options.endpoint ? { url: tracesUrl(options.endpoint) } : {});
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ "service.name": options.serviceName || "toolspan" })),
    spanProcessors: [new SimpleSpanProcessor(reportingFailures(exporter, options.onError))],
  });
  trace.setGlobalTracerProvider(provider);
  return () => provider.shutdown();
}
