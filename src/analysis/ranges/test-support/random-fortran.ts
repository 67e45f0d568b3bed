/**
 * Random small Fortran subroutines for the range analysis' property test:
 * integer scalars, two arrays with declared bounds, assignments with +, -,
 * *, /, MOD, MIN, MAX, ABS, IF/ELSE with compound conditions, counted DO
 * loops (constant or variable bounds, steps 1, -1, 2) with EXIT and
 * CYCLE, DO WHILE loops (which may not end), GOTO forward and backward and
 * into and out of IF blocks, calls that may change their arguments and a
 * COMMON variable, READ, and STOP. Decisions come from `pick`, a stream of
 * numbers in [0, 1) (fast-check provides it, so failures shrink).
 */
export interface RandomFortran {
  text: string;
  /** Dummy arguments, in order (the run gives them values). */
  params: string[];
}

const SCALARS = ["k", "m", "n", "p", "q"];
const INDICES = ["i", "j"];

export function randomFortran(pick: () => number, size = 14): RandomFortran {
  const g = new Gen(pick);
  const body = g.block(size, 0, [], []);
  const lines = [
    "subroutine r(k, m, n)",
    "  integer k, m, n, p, q, i, j, c",
    "  integer x(10), y(0:5, 3)",
    "  common /cb/ c",
    ...body,
    // Jumps "into the next IF block" that found none go to the end.
    ...g.leftover().map((l) => `${l} continue`),
    "end subroutine",
  ];
  return { text: lines.join("\n") + "\n", params: ["k", "m", "n"] };
}

class Gen {
  labels = { next: 10 };
  /**
   * Forward labels promised but not yet placed: to a list (by id), or to
   * the next IF block with the same enclosing loops (list -1), a jump into
   * a guarded region (never into a DO loop, which Fortran forbids).
   */
  private promised: { label: number; list: number; loops: string }[] = [];
  private listId = 0;

  constructor(private readonly pick: () => number) {}

  private n(k: number): number {
    return Math.floor(this.pick() * k) % k;
  }

  private of<T>(xs: readonly T[]): T {
    return xs[this.n(xs.length)]!;
  }

  private scalar(): string {
    return this.of([...SCALARS, "c"]);
  }

  private readable(loopVars: string[]): string {
    return this.of([...SCALARS, ...loopVars, "c"]);
  }

  expr(lv: string[], depth = 0): string {
    const v = () => this.readable(lv);
    const c = () => String(this.n(13) - 4);
    switch (this.n(depth > 1 ? 3 : 11)) {
      case 0:
        return c();
      case 1:
        return v();
      case 2:
        return `${v()} ${this.of(["+", "-"])} ${this.n(5)}`;
      case 3:
        return `${v()} * ${this.of(["2", "3", "-1"])}`;
      case 4:
        return `${this.expr(lv, depth + 1)} ${this.of(["+", "-"])} ${this.expr(lv, depth + 1)}`;
      case 5:
        return `${v()} / ${this.of(["2", "3", "-2"])}`;
      case 6:
        return `mod(${v()}, ${this.of(["3", "5", "-4"])})`;
      case 7:
        return `${this.of(["min", "max"])}(${this.expr(lv, depth + 1)}, ${this.expr(lv, depth + 1)})`;
      case 8:
        return `abs(${v()})`;
      case 9:
        return `x(${this.subscript(lv, 1, 10)})`;
      default:
        return `y(${this.subscript(lv, 0, 5)}, ${this.subscript(lv, 1, 3)})`;
    }
  }

  /** Subscripts near the bounds, so that many runs stay in bounds and some facts are tight. */
  subscript(lv: string[], lo: number, hi: number): string {
    const v = this.readable(lv);
    switch (this.n(5)) {
      case 0:
        return String(lo + this.n(hi - lo + 1));
      case 1:
        return v;
      case 2:
        return `${v} + ${this.n(4)}`;
      case 3:
        return `${this.n(3) + 1} - ${v}`;
      default:
        return `${v} ${this.of(["+", "-"])} ${this.readable(lv)}`;
    }
  }

  cond(lv: string[], depth = 0): string {
    const k = this.n(depth > 0 ? 1 : 5);
    if (k === 1) return `${this.cond(lv, 1)} .and. ${this.cond(lv, 1)}`;
    if (k === 2) return `${this.cond(lv, 1)} .or. ${this.cond(lv, 1)}`;
    if (k === 3) return `.not. (${this.cond(lv, 1)})`;
    return `${this.readable(lv)} ${this.of(["<", "<=", ">", ">=", "==", "/="])} ${this.expr(lv, 2)}`;
  }

  /** A statement list of about `size` statements at nesting `depth`; `loops` name the open loops (unique per loop). */
  block(size: number, depth: number, lv: string[], loops: string[]): string[] {
    const id = ++this.listId;
    const pad = "  ".repeat(depth + 1);
    const out: string[] = [];
    const mine: number[] = [];
    let left = size;
    while (left > 0) {
      const here = this.promised.filter((p) => p.list === id);
      // Place a promised forward label here, sometimes.
      if (here.length && this.n(3) === 0) {
        const p = here[0]!;
        this.promised = this.promised.filter((x) => x !== p);
        out.push(`${p.label} ${pad.slice(String(p.label).length + 1)}continue`);
        mine.push(p.label);
        left--;
        continue;
      }
      const k = this.n(depth >= 2 ? 9 : 16);
      left--;
      if (k <= 3) out.push(`${pad}${this.scalar()} = ${this.expr(lv)}`);
      else if (k === 4) out.push(`${pad}x(${this.subscript(lv, 1, 10)}) = ${this.expr(lv, 1)}`);
      else if (k === 5) out.push(`${pad}y(${this.subscript(lv, 0, 5)}, ${this.subscript(lv, 1, 3)}) = ${this.expr(lv, 1)}`);
      else if (k === 6) out.push(`${pad}call ext(${this.scalar()})`);
      else if (k === 7) {
        // A GOTO: backward to a label of this list, forward to a label placed later in this or an enclosing list,
        // or into an IF block placed later (the label is promised to a list opened below).
        const back = mine;
        if (back.length && this.n(2) === 0) out.push(`${pad}if (${this.cond(lv)}) goto ${this.of(back)}`);
        else {
          const label = this.labels.next++;
          this.promised.push({ label, list: this.n(2) === 0 ? id : -1, loops: loops.join(",") });
          out.push(`${pad}if (${this.cond(lv)}) goto ${label}`);
        }
      } else if (k === 8) {
        if (loops.length && this.n(2) === 0) out.push(`${pad}if (${this.cond(lv)}) ${this.of(["exit", "cycle"])}`);
        else if (this.n(4) === 0) out.push(`${pad}if (${this.cond(lv)}) stop`);
        else out.push(`${pad}read *, ${this.scalar()}`);
      } else if (k <= 11) {
        const inner = Math.max(1, Math.floor(left / 2));
        left -= inner;
        out.push(`${pad}if (${this.cond(lv)}) then`);
        out.push(...this.blockAdopting(inner, depth + 1, lv, loops));
        if (this.n(2) === 0) {
          out.push(`${pad}else`);
          out.push(...this.block(Math.max(1, Math.floor(inner / 2)), depth + 1, lv, loops));
        }
        out.push(`${pad}end if`);
      } else if (k <= 14) {
        const free = INDICES.filter((x) => !lv.includes(x));
        if (!free.length) continue;
        const idx = free[0]!;
        const inner = Math.max(1, Math.floor(left / 2));
        left -= inner;
        const step = this.of(["", "", ", -1", ", 2"]);
        const lo = step === ", -1" ? this.of(["5", "10", `${this.scalar()}`]) : this.of(["1", "0", `${this.scalar()}`]);
        const hi = step === ", -1" ? this.of(["1", `${this.scalar()}`]) : this.of(["5", "10", `${this.scalar()}`, `${this.scalar()} + 2`]);
        out.push(`${pad}do ${idx} = ${lo}, ${hi}${step}`);
        out.push(...this.block(inner, depth + 1, [...lv, idx], [...loops, `${idx}#${this.listId}`]));
        out.push(`${pad}end do`);
      } else {
        const inner = Math.max(1, Math.floor(left / 2));
        left -= inner;
        out.push(`${pad}do while (${this.cond(lv)})`);
        out.push(...this.block(inner, depth + 1, lv, [...loops, `while#${this.listId}`]));
        out.push(`${pad}end do`);
      }
    }
    // Labels promised to this list and not placed yet go at its end.
    for (const p of this.promised.filter((x) => x.list === id)) out.push(`${p.label} ${pad.slice(String(p.label).length + 1)}continue`);
    this.promised = this.promised.filter((x) => x.list !== id);
    return out;
  }

  leftover(): number[] {
    return this.promised.map((p) => p.label);
  }

  /** An IF block that takes one label promised "into the next IF block" (a jump into a guarded region). */
  private blockAdopting(size: number, depth: number, lv: string[], loops: string[]): string[] {
    const orphan = this.promised.find((p) => p.list < 0 && p.loops === loops.join(","));
    const lines = this.block(size, depth, lv, loops);
    if (orphan) {
      this.promised = this.promised.filter((p) => p !== orphan);
      const pad = "  ".repeat(depth + 1);
      const at = this.n(lines.length + 1);
      // Not inside a nested construct: only between this list's own statements.
      const line = lines[at];
      const ok = line === undefined || (line.startsWith(pad) && line[pad.length] !== " " && !/^(end|else)/.test(line.slice(pad.length)));
      lines.splice(ok ? at : lines.length, 0, `${orphan.label} ${pad.slice(String(orphan.label).length + 1)}continue`);
    }
    return lines;
  }
}
