// Whether a call's result was clipped, and what shows it: SWE-agent's own two copies where the transcript has
// them, else a marker from the table in the text the model saw.
import type { ClipEvidence } from "../contract/span.js";
import { findClipMatch } from "../formats/clip-markers.js";
import type { TranscriptCall, TranscriptFormat } from "../formats/transcripts/call.js";
import { TRANSCRIPT_FORMATS } from "../formats/transcripts/formats.js";

/** True when the model saw only part of what the command wrote (exactly so where the transcript keeps both). */
export function isExactClip(call: TranscriptCall): call is TranscriptCall & { fullOutput: string; keptOutput: string } {
  return call.fullOutput !== undefined && call.keptOutput !== undefined && Buffer.byteLength(call.keptOutput) < Buffer.byteLength(call.fullOutput);
}

/** The evidence of a clip in `call`'s result, or null where none is evident. */
export function clipEvidence(call: TranscriptCall, format: TranscriptFormat, harnessVersion: string | null): ClipEvidence | null {
  const { harness: own, fileTools } = TRANSCRIPT_FORMATS[format];
  const seen = call.stderr === "" ? call.stdout : `${call.stdout}\n${call.stderr}`;
  const match = findClipMatch(seen);
  const ownMarker = match !== null && match.marker.harness.includes(own);
  // The harness marking a part the agent asked for cut nothing more than the agent did.
  if (ownMarker && call.requestedPart !== undefined) return null;
  if (match !== null && (ownMarker || !fileTools.includes(call.toolName))) {
    // The transcript's version says which version wrote the marker only when the marker is its harness's own.
    const version = ownMarker ? harnessVersion : null;
    const groups = { ...match.groups };
    // A marker that states its limit but not the whole: the harness's own count of lines, where it kept one.
    if (ownMarker && call.lineCounts !== undefined && groups.capLines !== undefined && groups.totalLines === undefined) {
      groups.totalLines = call.lineCounts.total;
      groups.omittedLines = call.lineCounts.total - call.lineCounts.kept;
    }
    // What the harness's header said of the whole, where the reader took that header off the text; a whole no
    // larger than what the marker says was dropped is no whole of it (an edited or damaged header).
    if (ownMarker) {
      for (const [name, value] of Object.entries(call.headerFigures ?? {})) groups[name as keyof typeof groups] ??= value;
      if (typeof groups.originalTokens === "number" && typeof groups.droppedTokens === "number" && groups.originalTokens <= groups.droppedTokens) delete groups.originalTokens;
    }
    const evidence: ClipEvidence = { harness: match.marker.harness, version, versions: match.marker.versions, marker: match.marker.id, groups };
    const caveat = match.marker.caveat;
    const notes = [ownMarker && caveat !== undefined && fromVersion(harnessVersion, caveat.since) ? caveat.note : undefined, call.clipNote];
    const note = notes.filter((text) => text !== undefined).join("; ");
    if (note !== "") evidence.note = note;
    return evidence;
  }
  if (isExactClip(call)) return { harness: own, version: harnessVersion, versions: "any", marker: "history-differs", groups: {} };
  return null;
}

// A transcript that names no version may be of any: the caveat is said.
function fromVersion(version: string | null, since: string): boolean {
  const named = (version ?? "").split(".").map((part) => Number.parseInt(part, 10));
  const [major, minor] = since.split(".").map(Number) as [number, number];
  if (Number.isNaN(named[0])) return true;
  // "2" or "2.x" names no minor: it may be any of that major's.
  const namedMinor = named[1] === undefined || Number.isNaN(named[1]) ? Number.POSITIVE_INFINITY : named[1];
  return named[0]! > major || (named[0] === major && namedMinor >= minor);
}
