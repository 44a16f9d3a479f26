// The library entry: re-exports only.
export {
  CONTRACT_ID,
  DEFAULT_CAP,
  DEFAULT_HASH_WINDOW,
  DEFAULT_PREVIEW_CHARS,
  EMPTY_SHA256,
  ENCODINGS,
  KEEP_POLICIES,
  STREAMS,
} from "./contract/constants.js";
export type { CoreSpan, Encoding, KeepPolicy, OwnSpanKeys, StreamName, ToolSpan } from "./contract/span.js";
export { StreamMeter, measureBuffer, type StreamMeasure, type StreamMeterOptions } from "./meter/stream-meter.js";
export { Utf8Check } from "./meter/utf8-check.js";
export { buildPreview } from "./meter/preview.js";
export { runTool, type KeptSink, type RunToolOptions, type RunToolResult } from "./run/run-tool.js";
export { RunFile } from "./run/append-record.js";
export { CORE_KEYS, OWN_KEYS } from "./contract/keys.js";
export { clipMarker } from "./run/marker.js";
export { ATTRIBUTE_TABLE, attributeName, contractKey } from "./formats/otlp/attribute-map.js";
export { contractAttributes, recordFromAttributes, type AttributeValue } from "./formats/otlp/contract-attributes.js";
export { decodeAnyValue, decodeAttributes, normaliseId } from "./formats/otlp/decode.js";
export { isOtlpRequest, spansFromLine, spansFromRequest, type OtlpSpan } from "./formats/otlp/spans-from-line.js";
export { requestFromRecord } from "./formats/otlp/request-from-record.js";
export { CONVERT_TARGETS, convertValue, type ConvertTarget } from "./formats/otlp/convert-record.js";
export { opensDocument } from "./formats/json-document.js";
export type { TraceOptions } from "./run/otel/tool-trace.js";
