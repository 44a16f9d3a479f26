// The tools of `toolspan mcp`, by name: adding one is a module and a line here.
import type { McpTool } from "../tool.js";
import { listSpans } from "./spans.js";
import { readOutput } from "./read-output.js";
import { runCommand } from "./run.js";
import { searchOutput } from "./search-output.js";

export const TOOLS: readonly McpTool[] = [runCommand, readOutput, searchOutput, listSpans];
