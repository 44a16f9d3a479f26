// The one base of every expected failure (bad input, a file that cannot be used), so a caller can tell them from bugs.

/** An expected failure: the message says in one line what is wrong and names the argument or file. A CLI prints it and
 * exits 2; anything else thrown is a bug. A library error names a library option (`option`, e.g. `maxLineBytes`),
 * never a command-line flag: a CLI that prints it shows its own flag for that option instead. */
export class ToolspanError extends Error {
  constructor(
    message: string,
    readonly option?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Whether `error` is a failure of the system call named by `syscall` (ENOENT opening a named file, EACCES): the
 * user's to fix, like bad input, not a bug. */
export function isSystemError(error: unknown): error is NodeJS.ErrnoException & { code: string; syscall: string } {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && typeof (error as NodeJS.ErrnoException).syscall === "string";
}
