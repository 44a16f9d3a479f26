// Which processes of a process group are still alive, read from /proc: a zombie (exited, not yet reaped by an init
// that reaps lazily) still answers kill(-group, 0), so that is no test of "nothing is left running".
import { readdirSync, readFileSync } from "node:fs";

/** The pids of the group's members that are not zombies. */
export function liveGroupMembers(group: number): number[] {
  const live: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, so read after its last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(pgrp) === group && state !== "Z" && state !== "X") live.push(Number(name));
  }
  return live;
}
