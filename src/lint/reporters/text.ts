// `FILE:LINE: severity rule-id message`, one a line, then the counts (as ruff and shellcheck print).
import { plural } from "../../formats/plural.js";
import { escapeControls } from "../../formats/safe-text.js";
import { spanSuffix, type Counts, type Reporter, type Write } from "./reporter.js";


export function textReporter(write: Write): Reporter {
  return {
    finding(file, finding) {
      // A file name, a message quoting a line or a span id cannot break the one-finding-a-line shape.
      write(`${escapeControls(file)}:${finding.line}: ${finding.severity} ${finding.rule} ${escapeControls(finding.message + spanSuffix(finding))}\n`);
    },
    end(counts: Counts) {
      write(
        `${plural(counts.errors, "error")}, ${plural(counts.warnings, "warning")} in ${plural(counts.files, "file")} (${plural(counts.lines, "line")})\n`,
      );
    },
  };
}
