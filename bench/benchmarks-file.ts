// BENCHMARKS.md is a short header and one section per benchmark, each between two HTML comments, so a run of
// one benchmark can rewrite its own section and keep the other's exactly as it was.

export const SECTIONS = ["wrap", "lint", "hook", "mcp", "instructions"] as const;
export type SectionName = (typeof SECTIONS)[number];

const begin = (name: SectionName): string => `<!-- bench:${name}:begin (written by bench/run.ts) -->`;
const end = (name: SectionName): string => `<!-- bench:${name}:end -->`;

const HEADER = `# Benchmarks

Five benchmarks, each in its own section, written by the run that measured it; the harness is \`bench/run.ts\`.
\`npm run bench\` runs all five and rewrites this file; \`npm run bench -- --only wrap\` (or \`--only lint\`, \`--only hook\`, \`--only mcp\`,
\`--only instructions\`) runs one and
rewrites only its section, between its \`bench:…:begin\` and \`bench:…:end\` comments.

- [toolspan wrap](#toolspan-wrap): wrapping a command, against one pipe into \`openssl dgst\` and Tool Previews Lie's
  Python wrapper.
- [toolspan lint](#toolspan-lint): linting traces of 100k and 1M spans, against Tool Previews Lie's Python linter,
  \`jq\` and a bare \`JSON.parse\` loop.
- [toolspan hook](#toolspan-hook): what the harness hook adds to a shell call, against the bare call and wrap alone.
- [toolspan mcp](#toolspan-mcp): the MCP server's memory while a run streams 1 GiB, and what a read of a range reads.
- [toolspan instructions](#toolspan-instructions): start-up, lint and triage counted in instructions by callgrind,
  which the machine's load does not move, beside an earlier commit.
`;

const PLACEHOLDER: Record<SectionName, string> = {
  wrap: "## toolspan wrap\n\nNot measured yet: `npm run bench -- --only wrap` writes this section.\n",
  lint: "## toolspan lint\n\nNot measured yet: `npm run bench -- --only lint` writes this section.\n",
  hook: "## toolspan hook\n\nNot measured yet: `npm run bench -- --only hook` writes this section.\n",
  mcp: "## toolspan mcp\n\nNot measured yet: `npm run bench -- --only mcp` writes this section.\n",
  instructions: "## toolspan instructions\n\nNot measured yet: `npm run bench -- --only instructions` writes this section.\n",
};

/** The section `name` of an existing BENCHMARKS.md (without its comments), or null when it has none. */
export function extractSection(markdown: string, name: SectionName): string | null {
  const from = markdown.indexOf(begin(name));
  const to = markdown.indexOf(end(name));
  if (from === -1 || to === -1 || to < from) return null;
  return markdown.slice(from + begin(name).length, to).replace(/^\n+/, "").replace(/\n+$/, "\n");
}

/**
 * The whole file: the sections in `fresh` as given, the others kept from `existing`. Throws when a section
 * must be kept but `existing` has no such section (a file from before the sections, or edited by hand), so
 * that a partial run never drops measured figures; a file that does not exist yet gets a placeholder.
 */
export function composeBenchmarks(existing: string | null, fresh: Partial<Record<SectionName, string>>): string {
  const parts = SECTIONS.map((name) => {
    let body = fresh[name];
    if (body === undefined) {
      const kept = existing === null ? PLACEHOLDER[name] : extractSection(existing, name);
      if (kept === null) {
        throw new Error(
          `BENCHMARKS.md has no ${begin(name)} … ${end(name)} section to keep; run the full benchmark (npm run bench) to rewrite the whole file`,
        );
      }
      body = kept;
    }
    return `${begin(name)}\n${body.replace(/\n+$/, "")}\n${end(name)}\n`;
  });
  return `${HEADER}\n${parts.join("\n")}`;
}
