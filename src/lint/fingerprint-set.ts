// A set of strings kept as 64-bit fingerprints with the line each was first seen on: about 12 bytes
// an entry, so a file of millions of spans can be checked for repeated ids in constant-ish memory.
// Two strings share a fingerprint with odds of about n²/2^65: a false repeat is possible, but rare.

function fingerprint(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= text.length;
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a ^= a >>> 16;
  return [a >>> 0, (b ^ (b >>> 13)) >>> 0];
}

export class FingerprintSet {
  private keys = new Uint32Array(2 * 1024);
  private lines = new Uint32Array(1024);
  private used = new Uint8Array(1024);
  private size = 0;

  /** Adds `text` first seen on `line`; returns the earlier line when it was already there, else null. */
  add(text: string, line: number): number | null {
    if ((this.size + 1) * 4 > this.lines.length * 3) this.grow();
    const [high, low] = fingerprint(text);
    const mask = this.lines.length - 1;
    for (let slot = (high ^ low) & mask; ; slot = (slot + 1) & mask) {
      if (!this.used[slot]) {
        this.used[slot] = 1;
        this.keys[2 * slot] = high;
        this.keys[2 * slot + 1] = low;
        this.lines[slot] = line;
        this.size++;
        return null;
      }
      if (this.keys[2 * slot] === high && this.keys[2 * slot + 1] === low) return this.lines[slot]!;
    }
  }

  private grow(): void {
    const { keys, lines, used } = this;
    const capacity = lines.length * 2;
    this.keys = new Uint32Array(2 * capacity);
    this.lines = new Uint32Array(capacity);
    this.used = new Uint8Array(capacity);
    const mask = capacity - 1;
    for (let old = 0; old < used.length; old++) {
      if (!used[old]) continue;
      const high = keys[2 * old]!;
      const low = keys[2 * old + 1]!;
      let slot = (high ^ low) & mask;
      while (this.used[slot]) slot = (slot + 1) & mask;
      this.used[slot] = 1;
      this.keys[2 * slot] = high;
      this.keys[2 * slot + 1] = low;
      this.lines[slot] = lines[old]!;
    }
  }
}
