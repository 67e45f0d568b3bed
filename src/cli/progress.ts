import type { CliIO } from "./command.js";

/**
 * A one-line progress indicator on stderr, shown only when stderr is a
 * terminal and there is more than one file (so logs and pipes stay clean).
 */
export class Progress {
  private readonly active: boolean;
  private last = 0;
  constructor(
    private readonly io: CliIO,
    private readonly total: number,
    private readonly verb: string,
  ) {
    this.active = io.stderrIsTTY && total > 1;
  }

  step(done: number, current: string): void {
    if (!this.active) return;
    const now = Date.now();
    if (done < this.total && now - this.last < 50) return;
    this.last = now;
    const width = 24;
    const filled = Math.round((done / this.total) * width);
    const bar = "#".repeat(filled) + "-".repeat(width - filled);
    const name = current.length > 40 ? "..." + current.slice(-37) : current;
    this.io.stderr(`\r[${bar}] ${done}/${this.total} ${this.verb} ${name}`.padEnd(100) + "\r");
  }

  done(): void {
    if (this.active) this.io.stderr(" ".repeat(100) + "\r");
  }
}
