// A stand-in for `pytest -v`: 380 tests pass, then one fails, and the failure is printed after
// about 24 KB of passing lines, well past a wrapper's 8192-byte cap. Deterministic on purpose.
const modules = ["billing", "invoices", "refunds", "ledger", "currency", "tax"];
const lines = ["============================= test session starts ==============================",
  "platform linux -- Python 3.11.7, pytest-8.3.2, pluggy-1.5.0",
  "rootdir: /work/repo",
  "collected 381 items",
  ""];
for (let i = 0; i < 380; i++) {
  const module = modules[i % modules.length];
  const percent = String(Math.floor(((i + 1) * 100) / 381)).padStart(3);
  lines.push(`tests/test_${module}.py::test_${module}_case_${String(i).padStart(3, "0")} PASSED     [${percent}%]`);
}
lines.push(
  "tests/test_billing.py::test_refund_rounding FAILED                         [100%]",
  "",
  "=================================== FAILURES ===================================",
  "_____________________________ test_refund_rounding _____________________________",
  "",
  "    def test_refund_rounding():",
  "        refund = compute_refund(Decimal(\"10.005\"), policy=\"bankers\")",
  ">       assert refund == Decimal(\"10.00\")",
  "E       AssertionError: assert Decimal('10.01') == Decimal('10.00')",
  "",
  "tests/test_billing.py:88: AssertionError",
  "=========================== short test summary info ============================",
  "FAILED tests/test_billing.py::test_refund_rounding - AssertionError: assert Decimal('10.01') == Decimal('10.00')",
  "======================== 1 failed, 380 passed in 3.21s =========================",
);
process.stdout.write(`${lines.join("\n")}\n`);
process.exitCode = 1;
