// Whether an OpenTelemetry SDK could be listening, asked without loading anything of OpenTelemetry.

// Where @opentelemetry/api 1.x keeps what an SDK registered; absent means every span would be a no-op.
const OTEL_API_GLOBAL = Symbol.for("opentelemetry.js.api.1");

/** True once any copy of @opentelemetry/api 1.x has registered a global (a tracer provider, a context manager). */
export const otelRegistered = (): boolean => OTEL_API_GLOBAL in globalThis;
