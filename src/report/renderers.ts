// One renderer per --format, by the name the option takes.
import type { RunReport } from "./report-file.js";
import { renderJson } from "./render-json.js";
import { renderMarkdown } from "./render-markdown.js";
import { renderText } from "./render-text.js";

export const REPORT_RENDERERS: Record<string, (report: RunReport) => string> = {
  text: renderText,
  json: renderJson,
  markdown: renderMarkdown,
};

/** The --format names, the default first. */
export const REPORT_FORMATS = Object.keys(REPORT_RENDERERS);
