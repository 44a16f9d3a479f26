// SARIF 2.1.0 as GitHub code scanning reads it, streamed: the rules up front, results as they come.
import { readFileSync } from "node:fs";
import { isAbsolute, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ruleDocsPath, type Rule } from "../rule.js";
import type { Reporter, Write } from "./reporter.js";

const PACKAGE_ROOT = new URL("../../../../", import.meta.url);

function ruleHelp(rule: Rule): string {
  try {
    return readFileSync(fileURLToPath(new URL(ruleDocsPath(rule.id), PACKAGE_ROOT)), "utf8");
  } catch {
    return rule.description;
  }
}

function ruleEntry(rule: Rule): object {
  const help = ruleHelp(rule);
  return {
    id: rule.id,
    name: rule.id,
    shortDescription: { text: rule.description },
    fullDescription: { text: rule.description },
    help: { text: help, markdown: help },
    defaultConfiguration: { level: rule.severity === "error" ? "error" : "warning" },
    properties: { tags: ["toolspan", "tool-span-contract"] },
  };
}

// Code scanning maps results onto the repository by relative URI: paths under the working directory become
// relative, and every path is percent-encoded so spaces, '#' and '%' make a valid URI.
function artifactUri(file: string): string {
  if (file === "-") return "stdin";
  const fromCwd = relative(process.cwd(), file);
  const path = isAbsolute(file) && !fromCwd.startsWith("..") ? fromCwd : file;
  const encoded = path.split(sep).map(encodeURIComponent).join("/");
  return isAbsolute(path) ? `file://${encoded}` : encoded;
}

export function sarifReporter(write: Write, rules: readonly Rule[], version: string): Reporter {
  const index = new Map(rules.map((rule, position) => [rule.id, position]));
  const head = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{ tool: { driver: { name: "toolspan", version, semanticVersion: version, rules: rules.map(ruleEntry) } }, results: "RESULTS" }],
  };
  const [before, after] = JSON.stringify(head).split('"RESULTS"') as [string, string];
  write(`${before}[`);
  let first = true;
  return {
    finding(file, finding) {
      const result: Record<string, unknown> = {
        ruleId: finding.rule,
        ruleIndex: index.get(finding.rule) ?? -1,
        level: finding.severity === "error" ? "error" : "warning",
        message: { text: finding.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: artifactUri(file) },
              region: { startLine: finding.line },
            },
          },
        ],
      };
      // SARIF has no place for a span inside a line: the ids go in the result's property bag.
      if (finding.traceId || finding.spanId) result.properties = { traceId: finding.traceId, spanId: finding.spanId };
      write(`${first ? "" : ","}\n${JSON.stringify(result)}`);
      first = false;
    },
    end() {
      write(`]${after}\n`);
    },
  };
}
