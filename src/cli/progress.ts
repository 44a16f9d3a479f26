// A one-line progress display for long runs, on stderr, only when a person is watching it.

export interface Progress {
  add(bytes: number, lines: number): void;
  done(): void;
}

const NONE: Progress = { add() {}, done() {} };

/** Redraws at most four times a second; does nothing when stderr is not a terminal. */
export function progressOnStderr(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return NONE;
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  let drawn = false;
  const draw = (): void => {
    const seconds = Math.max((performance.now() - started) / 1000, 0.001);
    const mb = bytes / (1 << 20);
    stream.write(
      `\r\x1b[2K${mb.toFixed(1)} MiB, ${lines} lines  (${(mb / seconds).toFixed(1)} MiB/s, ${Math.round(lines / seconds)} lines/s)`,
    );
    drawn = true;
  };
  const timer = setInterval(draw, 250);
  timer.unref();
  return {
    add(moreBytes, moreLines) {
      bytes += moreBytes;
      lines += moreLines;
    },
    done() {
      clearInterval(timer);
      if (drawn) stream.write("\r\x1b[2K");
    },
  };
}
