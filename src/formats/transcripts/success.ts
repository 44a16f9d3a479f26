// When an agent says it is done. Conservative on purpose: only plain claims of success, since a false "declared
// success" would rank a clipped result above others that matter as much. A claim is read a sentence at a time,
// and a sentence that hedges, denies, asks or plans ("probably running successfully now", "what needs to be done",
// "I haven't fixed it") claims nothing.
const CLAIM =
  /\b(?:all (?:\d+ )?tests? (?:now )?pass(?:ed|es)?|tests? (?:now )?pass(?:ed|es)?|(?:is|are|been|now) (?:fixed|resolved)|fixed|successfully|task (?:is )?complete(?:d)?)\b|(?:^|\b(?:i'm|i am|we're|we are|all|everything is|it's|that's|now|is|are) )done\b/i;
const HEDGE = /\b(?:not|no|never|probably|maybe|perhaps|might|may|should|would|could|if|whether|unless|let me|let's|need to|needs to|will|yet|seems?|appears?|hopefully)\b|n't\b|\?/i;
// Sentence ends: ., ! or ? before a space, and line breaks.
const SENTENCE_END = /(?<=[.!?])\s+|\n+/;

/** The text claims success: "all tests pass", "fixed", "done", "successfully", … in a sentence that does not hedge. */
export function declaresSuccess(text: string): boolean {
  return text.split(SENTENCE_END).some((sentence) => CLAIM.test(sentence.trim()) && !HEDGE.test(sentence));
}
