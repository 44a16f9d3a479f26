// A marked block in a file toolspan does not parse: appended after a blank line, taken out with it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { markedBlock } from "../../../src/harness/init/marked-block.js";

const first = markedBlock("# a: begin", "# a: end");
const second = markedBlock("# b: begin", "# b: end");

test("each of two blocks comes out alone, leaving one blank line between what is left; both out: the text as it was", () => {
  const user = 'model = "x"\n';
  const both = second.append(first.append(user, "# a: begin\nA = 1\n# a: end\n"), "# b: begin\nB = 1\n# b: end\n");
  assert.equal(both, 'model = "x"\n\n# a: begin\nA = 1\n# a: end\n\n# b: begin\nB = 1\n# b: end\n');
  assert.equal(first.without(both), 'model = "x"\n\n# b: begin\nB = 1\n# b: end\n');
  assert.equal(second.without(both), 'model = "x"\n\n# a: begin\nA = 1\n# a: end\n');
  assert.equal(second.without(first.without(both)), user);
  assert.equal(first.without("# a: begin\nA = 1\n# a: end\n"), "", "a block that is the whole file");
});
