import { cleanSpan, ruleTester } from "../../helpers/lint.js";

ruleTester("invalid-json", {
  valid: [
    { name: "a clean tool span", span: cleanSpan() },
    { name: "a JSON object that is not a tool span", span: '{"span_type":"llm","model":"x"}' },
    { name: "an empty object", span: "{}" },
    { name: "a blank line", span: "" },
    { name: "a whitespace-only line", span: " \t  " },
    { name: "an object with surrounding whitespace", span: '  {"span_type":"agent"}  ' },
  ],
  invalid: [
    { name: "a line cut in the middle of an object", span: '{"span_type": "tool", "stdout_bytes": 1', errors: [{ messageId: "syntax", message: /^not JSON: / }] },
    { name: "an object followed by garbage", span: '{"span_type":"tool"} trailing', errors: [{ messageId: "syntax" }] },
    { name: "two objects on one line", span: "{}{}", errors: [{ messageId: "syntax" }] },
    { name: "plain text", span: "Traceback (most recent call last):", errors: [{ messageId: "syntax" }] },
    { name: "single quotes", span: "{'span_type': 'tool'}", errors: [{ messageId: "syntax" }] },
    { name: "a NaN value", span: '{"stdout_bytes": NaN}', errors: [{ messageId: "syntax" }] },
    { name: "a byte-order mark that is not at the start of the file", span: '\uFEFF{"span_type":"tool"}', errors: [{ messageId: "syntax" }] },
    { name: "a JSON array", span: "[1, 2, 3]", errors: [{ messageId: "notObject", message: "a JSON array, not an object" }] },
    { name: "a JSON string", span: '"span"', errors: [{ messageId: "notObject", message: "a JSON string" }] },
    { name: "a JSON number", span: "42", errors: [{ messageId: "notObject", message: "a JSON number" }] },
    { name: "JSON null", span: "null", errors: [{ messageId: "notObject", message: "a JSON null" }] },
    { name: "JSON true", span: "true", errors: [{ messageId: "notObject", message: "a JSON boolean" }] },
  ],
});
