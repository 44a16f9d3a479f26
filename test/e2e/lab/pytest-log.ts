// A stand-in for a long `pytest -v` run, cut to an exact byte size, for measuring where a harness clips.

/** The last line of every log: the one a model needs, and the one a head cap loses first. */
export const FAILED_LINE =
  "FAILED tests/test_billing.py::test_refund_rounding - AssertionError: assert Decimal('10.01') == Decimal('10.00')";

const HEADER = [
  "============================= test session starts ==============================",
  "platform linux -- Python 3.11.7, pytest-8.3.2, pluggy-1.5.0",
  "rootdir: /work/repo",
  "collected 9999 items",
  "",
].join("\n");

const FOOTER = [
  "tests/test_billing.py::test_refund_rounding FAILED                         [100%]",
  "",
  "=================================== FAILURES ===================================",
  "    def test_refund_rounding():",
  '>       assert refund == Decimal("10.00")',
  "E       AssertionError: assert Decimal('10.01') == Decimal('10.00')",
  "=========================== short test summary info ============================",
  FAILED_LINE,
].join("\n");

const MODULES = ["billing", "invoices", "refunds", "ledger", "currency", "tax"];

/** A passing line padded, as pytest pads, to exactly `width` bytes with its newline (width >= 64). */
function passedLine(index: number, width: number): string {
  const module = MODULES[index % MODULES.length]!;
  const name = `tests/test_${module}.py::test_${module}_case_${String(index).padStart(4, "0")} PASSED`;
  const percent = ` [${String(index % 100).padStart(3)}%]\n`;
  return `${name}${" ".repeat(width - name.length - percent.length)}${percent}`;
}

/** `bytes` bytes of ASCII (bytes = characters): a header, passing lines, the failure, FAILED_LINE and "\n" last. */
export function pytestLog(bytes: number): string {
  const fixed = HEADER.length + 1 + FOOTER.length + 1;
  if (bytes < fixed) throw new RangeError(`a pytest log needs at least ${fixed} bytes`);
  const lines: string[] = [];
  let left = bytes - fixed;
  // 80-byte lines while two more fit, then one or two lines (64 to 127 bytes) that take up exactly what is left.
  for (; left >= 160; left -= 80) lines.push(passedLine(lines.length, 80));
  if (left >= 128) {
    lines.push(passedLine(lines.length, 64));
    left -= 64;
  }
  if (left > 0) lines.push(left >= 64 ? passedLine(lines.length, left) : `${" ".repeat(left - 1)}\n`);
  return `${HEADER}\n${lines.join("")}${FOOTER}\n`;
}
