import type { SpanRule } from "../rule.js";
import { RULE_IDS } from "../rule-ids.js";

// Head and tail hashes are the only way a re-run can prove it reproduced a clipped stream. A transcript span
// cannot have them (the transcript never held the bytes that were cut): that is said by its rerun verdict, not
// reported here as a broken record.
export const clippedWithoutPartialHashes: SpanRule = {
  id: RULE_IDS.clippedWithoutPartialHashes,
  severity: "error",
  description: "a clipped stream without both head and tail hashes: a re-run can't be verified",
  messages: { missing: "{stream} is clipped but {which} absent: a re-run cannot be verified" },
  check({ streams, transcript }, report) {
    if (transcript) return;
    for (const s of streams) {
      if (s.truncated !== true) continue;
      const absent: string[] = [];
      if (typeof s.headSha256 !== "string") absent.push(`${s.stream}_head_sha256`);
      if (typeof s.tailSha256 !== "string") absent.push(`${s.stream}_tail_sha256`);
      if (absent.length === 0) continue;
      const which = absent.length === 2 ? `${absent[0]} and ${absent[1]} are` : `${absent[0]} is`;
      report({ messageId: "missing", stream: s.stream, data: { stream: s.stream, which } });
    }
  },
};
