// How a budget of bytes the harness will pass on is shared between stdout and stderr once both lengths are known.
import type { StreamName } from "../contract/span.js";
import type { SettledKeep } from "../meter/keep.js";

/**
 * Each stream's cap under a `budget` both must fit in together. Nothing is clipped when both fit; otherwise a
 * stream shorter than half the budget keeps all of itself and the other takes the rest, else each takes half. A
 * clipped stream keeps its head and its tail (a failing test's summary is at its end).
 */
export function planKeep(budget: number, bytes: Record<StreamName, number>): Record<StreamName, SettledKeep> {
  const room = Math.max(0, budget);
  const keep = "head+tail" as const;
  if (bytes.stdout + bytes.stderr <= room) {
    return { stdout: { cap: room - bytes.stderr, keep }, stderr: { cap: room - bytes.stdout, keep } };
  }
  const half = Math.floor(room / 2);
  if (bytes.stderr <= half) return { stdout: { cap: room - bytes.stderr, keep }, stderr: { cap: bytes.stderr, keep } };
  if (bytes.stdout <= half) return { stdout: { cap: bytes.stdout, keep }, stderr: { cap: room - bytes.stdout, keep } };
  return { stdout: { cap: room - half, keep }, stderr: { cap: half, keep } };
}
