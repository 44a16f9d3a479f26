// A call's arguments checked against the tool's own input schema, the one tools/list publishes, so what a client is
// told and what the server takes cannot drift apart; what is wrong is said in one line naming the argument.
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchema, McpTool } from "./tool.js";

/** Why `args` do not fit `tool`'s input schema, or null when they do. */
export type ArgumentCheck = (args: unknown) => string | null;

/** The checks of `tools`, compiled once, by name. */
export function argumentChecks(tools: readonly McpTool[]): Map<string, ArgumentCheck> {
  const validator = new AjvJsonSchemaValidator();
  return new Map(
    tools.map((tool) => {
      const validate = validator.getValidator(tool.inputSchema);
      const known = Object.keys((tool.inputSchema.properties as JsonSchema | undefined) ?? {});
      const check: ArgumentCheck = (args) => {
        if (typeof args === "object" && args !== null && !Array.isArray(args)) {
          const unknown = Object.keys(args).find((name) => !known.includes(name));
          if (unknown !== undefined) return `${tool.name} takes no argument ${JSON.stringify(unknown)} (it takes ${known.join(", ")})`;
        }
        const result = validate(args);
        if (result.valid) return null;
        // Ajv says `data/offset must be integer`: name the argument, not Ajv's variable.
        const why = (result.errorMessage ?? "invalid").replace(/\bdata\//g, "").replace(/\bdata\b/g, "the arguments");
        return `invalid arguments for ${tool.name}: ${why}`;
      };
      return [tool.name, check];
    }),
  );
}
