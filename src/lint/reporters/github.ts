// GitHub Actions workflow commands: each finding becomes an annotation on the file and line.
import { spanSuffix, type Reporter, type Write } from "./reporter.js";

// The escaping GitHub's runner applies to workflow command data and properties.
const escapeData = (text: string): string => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

export function githubReporter(write: Write): Reporter {
  return {
    finding(file, finding) {
      const command = finding.severity === "error" ? "error" : "warning";
      write(
        `::${command} file=${escapeProperty(file)},line=${finding.line},title=${escapeProperty(`toolspan ${finding.rule}`)}::${escapeData(finding.message + spanSuffix(finding))}\n`,
      );
    },
    end() {},
  };
}
