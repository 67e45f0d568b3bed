import type { Sym } from "../../ir/symbol.js";
import type { Procedure } from "../../ir/program.js";
import type { Loop, Stmt } from "../../ir/stmt.js";
import { walkStmts } from "../../ir/walk.js";
import { RefTable } from "../refs/ref.js";
import { RefWriter } from "../refs/ref-writer.js";
import { buildVarTable } from "../refs/vars.js";
import { NO_SUMMARIES, type SummaryLookup } from "../summaries/summary.js";
import type { BasicBlock, BlockRole, Cfg, CfgLoop } from "./cfg.js";
import { lowerStatementRefs } from "./stmt-refs.js";

interface OpenLoop {
  loop: Loop;
  index: number;
  /** Where CYCLE goes: the latch (do, while, forever) or the test (do-until). */
  next: number;
  /** Where EXIT goes. */
  exit: number;
}

/**
 * Builds the control flow graph of a procedure (seed 002 §2: "control flow
 * analysis divides the program into basic blocks and finds the flow
 * graph") and, in the same walk, its references, so that each block lists
 * them in execution order. A DO loop becomes
 *
 *     preheader: read lower, upper, step; define the index   (loop-init)
 *     header:    the trip test                                <-+
 *     body ...                                                  |
 *     latch:     read and define the index                   (loop-step)
 *     exit:      after the loop (from the header)
 *
 * with the bounds read once before the loop, as Fortran evaluates them.
 * Jumps (GOTO, computed and arithmetic IF, ERR=/END=, alternate returns,
 * EXIT, CYCLE, RETURN, STOP) become edges; STOP goes to a `halt` block that
 * has no successor (nothing is used after the program ends).
 */
/** `untaken`: C globals no pointer can reach in the whole program (ProgramLink.untakenGlobal): writes through pointers leave them alone. */
export function buildCfg(proc: Procedure, summaries: SummaryLookup = NO_SUMMARIES, untaken?: (s: Sym) => boolean): Cfg {
  return new Builder(proc, summaries, untaken).build();
}

class Builder {
  readonly blocks: BasicBlock[] = [];
  readonly loops: CfgLoop[] = [];
  readonly refs;
  readonly w: RefWriter;
  private cur: number;
  private readonly exit: number;
  private readonly halt: number;
  private readonly open: OpenLoop[] = [];
  /** C switch statements being lowered: where `break` goes. */
  private readonly switches: number[] = [];
  /** Innermost construct a C `break` leaves: "loop" or "switch". */
  private readonly breakables: ("loop" | "switch")[] = [];
  private readonly labels = new Map<string, number>();
  private readonly jumps: { from: number; label: string }[] = [];
  private readonly targets = new Set<string>();

  constructor(
    private readonly proc: Procedure,
    summaries: SummaryLookup,
    untaken?: (s: Sym) => boolean,
  ) {
    const vars = buildVarTable(proc, untaken, summaries);
    this.refs = new RefTable(vars);
    this.w = new RefWriter(this.refs, proc, summaries);
    this.w.onRef = (r) => this.blocks[r.block]!.refs.push(r.id);
    const entry = this.newBlock("entry");
    this.exit = this.newBlock("exit", -1);
    this.halt = this.newBlock("halt", -1);
    this.cur = entry;
  }

  build(): Cfg {
    walkStmts(this.proc.body, (s) => {
      for (const l of jumpLabels(s)) this.targets.add(l);
    });
    this.stmts(this.proc.body);
    this.edge(this.cur, this.exit);
    for (const j of this.jumps) {
      // An undefined label is a front-end error; going to the exit keeps the graph well formed.
      this.edge(j.from, this.labels.get(j.label) ?? this.exit);
    }
    this.finishLoops();
    return {
      proc: this.proc,
      blocks: this.blocks,
      entry: 0,
      exit: this.exit,
      halt: this.halt,
      loops: this.loops,
      loopIndex: new Map(this.loops.map((l) => [l.loop.id, l.index])),
      refs: this.refs,
      vars: this.refs.vars,
      calls: this.w.calls,
      succs: this.blocks.map((b) => b.succs),
      preds: this.blocks.map((b) => b.preds),
    };
  }

  private newBlock(role: BlockRole, loop = this.open.length ? this.open[this.open.length - 1]!.index : -1): number {
    const id = this.blocks.length;
    this.blocks.push({ id, refs: [], stmts: [], succs: [], preds: [], loop, role });
    return id;
  }

  private edge(a: number, b: number): void {
    const A = this.blocks[a]!;
    if (A.succs.includes(b)) return;
    A.succs.push(b);
    this.blocks[b]!.preds.push(a);
  }

  /** Ends the current block with a jump: what follows is unreachable until a label. */
  private deadEnd(): void {
    this.cur = this.newBlock("body");
  }

  /** Runs f with the references it makes going to `block`. */
  private emitIn(block: number, stmt: Stmt | null, f: () => void): void {
    this.w.block = block;
    this.w.stmt = stmt;
    f();
  }

  private stmts(list: readonly Stmt[]): void {
    for (const s of list) this.stmt(s);
  }

  private stmt(s: Stmt): void {
    if (s.label !== undefined && this.targets.has(s.label)) {
      const b = this.newBlock("body");
      this.edge(this.cur, b);
      this.cur = b;
      this.labels.set(s.label, b);
    }
    this.blocks[this.cur]!.stmts.push(s);
    switch (s.kind) {
      case "loop":
        return this.loop(s);
      case "if": {
        this.emitIn(this.cur, s, () => this.w.useExpr(s.cond));
        const from = this.cur;
        const join = this.newBlock("body");
        this.branch(from, s.then, join);
        if (s.else.length) this.branch(from, s.else, join);
        else this.edge(from, join);
        this.cur = join;
        return;
      }
      case "switch":
        return this.switchStmt(s);
      case "block":
        return this.stmts(s.body);
      case "goto":
        this.jumps.push({ from: this.cur, label: s.target });
        return this.deadEnd();
      case "computed-goto":
      case "arith-if": {
        this.emitIn(this.cur, s, () => this.w.useExpr(s.kind === "arith-if" ? s.expr : s.index));
        for (const l of s.targets) this.jumps.push({ from: this.cur, label: l });
        if (s.kind === "arith-if") return this.deadEnd();
        return this.fallThrough();
      }
      case "return":
        this.emitIn(this.cur, s, () => s.value && this.w.useExpr(s.value));
        this.edge(this.cur, this.exit);
        return this.deadEnd();
      case "stop":
        this.emitIn(this.cur, s, () => {
          if (s.code) this.w.useExpr(s.code);
          this.w.ioState(s.span, "io");
        });
        this.edge(this.cur, this.halt);
        return this.deadEnd();
      case "exit": {
        const target = this.breakTarget(s.loopId);
        if (target !== undefined) this.edge(this.cur, target);
        return this.deadEnd();
      }
      case "cycle": {
        const o = s.loopId === null ? this.open[this.open.length - 1] : this.open.find((x) => x.loop.id === s.loopId);
        if (o) this.edge(this.cur, o.next);
        return this.deadEnd();
      }
      default: {
        this.emitIn(this.cur, s, () => lowerStatementRefs(this.w, s));
        const jumps = s.kind === "io" ? s.jumpLabels : s.kind === "call" ? (s.altReturns ?? []) : [];
        if (jumps.length) {
          for (const l of jumps) this.jumps.push({ from: this.cur, label: l });
          this.fallThrough();
        }
      }
    }
  }

  private fallThrough(): void {
    const b = this.newBlock("body");
    this.edge(this.cur, b);
    this.cur = b;
  }

  private branch(from: number, body: readonly Stmt[], join: number): void {
    this.cur = this.newBlock("body");
    this.edge(from, this.cur);
    this.stmts(body);
    this.edge(this.cur, join);
  }

  private breakTarget(loopId: number | null): number | undefined {
    if (loopId !== null) return this.open.find((o) => o.loop.id === loopId)?.exit;
    // C `break`: the innermost loop or switch.
    const kind = this.breakables[this.breakables.length - 1];
    if (kind === "switch") return this.switches[this.switches.length - 1];
    return this.open[this.open.length - 1]?.exit;
  }

  private switchStmt(s: Extract<Stmt, { kind: "switch" }>): void {
    this.emitIn(this.cur, s, () => {
      this.w.useExpr(s.selector);
      for (const c of s.cases) {
        for (const v of c.values ?? []) this.w.useExpr(v);
        for (const r of c.ranges ?? []) for (const x of r) if (x) this.w.useExpr(x);
      }
    });
    const from = this.cur;
    const after = this.newBlock("body");
    this.switches.push(after);
    this.breakables.push("switch");
    let prevEnd = -1;
    for (const c of s.cases) {
      this.cur = this.newBlock("body");
      this.edge(from, this.cur);
      if (s.fallthrough && prevEnd >= 0) this.edge(prevEnd, this.cur);
      this.stmts(c.body);
      if (s.fallthrough) prevEnd = this.cur;
      else this.edge(this.cur, after);
    }
    if (prevEnd >= 0) this.edge(prevEnd, after);
    if (!s.cases.some((c) => c.values === null)) this.edge(from, after);
    this.switches.pop();
    this.breakables.pop();
    this.cur = after;
  }

  private loop(s: Loop): void {
    // Preheader: bounds read once, index initialized (C: the init statements).
    this.emitIn(this.cur, s, () => {
      if (s.form === "do") {
        if (s.lower) this.w.useExpr(s.lower);
        if (s.upper) this.w.useExpr(s.upper);
        if (s.step) this.w.useExpr(s.step);
        if (s.index) this.w.ref("def", s.index, null, true, "loop-init", s.span, { loopId: s.id });
      }
    });
    if (s.init) this.stmts(s.init);
    const preheader = this.cur;
    const parent = this.open.length ? this.open[this.open.length - 1]!.index : -1;
    const exitBlock = this.newBlock("body");
    const index = this.loops.length;
    const cl: CfgLoop = { index, loop: s, header: -1, latches: [], blocks: [], parent, depth: parent >= 0 ? this.loops[parent]!.depth + 1 : 1, exits: [], preheader };
    this.loops.push(cl);
    const o: OpenLoop = { loop: s, index, next: -1, exit: exitBlock };
    this.open.push(o);
    this.breakables.push("loop");
    const header = this.newBlock("header");
    cl.header = header;
    this.edge(preheader, header);
    const latch = this.newBlock("latch");
    o.next = latch;
    if (s.form === "while") this.emitIn(header, s, () => s.cond && this.w.useExpr(s.cond));
    if (s.form !== "do-until" && s.form !== "forever") this.edge(header, exitBlock);
    this.cur = this.newBlock("body");
    this.edge(header, this.cur);
    this.stmts(s.body);
    this.edge(this.cur, latch);
    this.cur = latch;
    this.emitIn(latch, s, () => {
      if (s.form === "do" && s.index) {
        this.w.ref("use", s.index, null, true, "loop-step", s.endSpan, { loopId: s.id });
        this.w.ref("def", s.index, null, true, "loop-step", s.endSpan, { loopId: s.id });
      }
    });
    if (s.update) this.stmts(s.update);
    if (s.form === "do-until") {
      this.emitIn(this.cur, s, () => s.cond && this.w.useExpr(s.cond));
      this.edge(this.cur, exitBlock);
    }
    this.edge(this.cur, header);
    this.open.pop();
    this.breakables.pop();
    this.cur = exitBlock;
  }

  private finishLoops(): void {
    const members: number[][] = this.loops.map(() => []);
    for (const b of this.blocks) for (let l = b.loop; l >= 0; l = this.loops[l]!.parent) members[l]!.push(b.id);
    for (const cl of this.loops) {
      cl.blocks = members[cl.index]!;
      const inside = new Set(cl.blocks);
      cl.latches = this.blocks[cl.header]!.preds.filter((p) => inside.has(p));
      const exits: number[] = [];
      for (const b of cl.blocks) for (const t of this.blocks[b]!.succs) if (!inside.has(t) && !exits.includes(t)) exits.push(t);
      cl.exits = exits;
    }
  }
}

function jumpLabels(s: Stmt): string[] {
  switch (s.kind) {
    case "goto":
      return [s.target];
    case "computed-goto":
    case "arith-if":
      return s.targets;
    case "io":
      return s.jumpLabels;
    case "call":
      return s.altReturns ?? [];
    default:
      return [];
  }
}
