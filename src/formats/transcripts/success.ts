// When an agent says it is done. Conservative on purpose: only plain claims of success, since a false "declared
// success" would rank a clipped result above others that matter as much.
const SUCCESS = /\b(?:all (?:\d+ )?tests? (?:now )?pass(?:ed|es)?|tests? (?:now )?pass(?:ed|es)?|(?:is|are|been|now) (?:fixed|resolved)|fixed|done|successfully|task (?:is )?complete(?:d)?)\b/i;

/** The text claims success: "all tests pass", "fixed", "done", "successfully", … */
export function declaresSuccess(text: string): boolean {
  return SUCCESS.test(text);
}
