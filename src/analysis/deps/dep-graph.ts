import type { Cfg } from "../cfg/cfg.js";
import type { RefId } from "../refs/ref.js";
import type { Dependence, DepKind, DepOptions, Direction } from "./dependence.js";

/** Kind codes: bit 1 = the source is a use, bit 0 = the sink is a definition (see kindCode). */
const KINDS: readonly DepKind[] = ["flow", "output", "input", "anti"];

/** The code of the kind of a dependence from a `source` reference to a `sink` one. */
export function kindCode(source: "def" | "use", sink: "def" | "use"): number {
  return (source === "use" ? 2 : 0) | (sink === "def" ? 1 : 0);
}

/** What the array dependence analysis learns about one edge. */
export interface Refinement {
  distance?: (number | null)[];
  direction?: Direction[];
  test?: string;
  /** Proved independent: the edge does not exist. */
  removed?: boolean;
}

/**
 * The dependence edges of one procedure, stored by column in typed arrays:
 * with arrays as whole variables a procedure of NPB has tens of thousands
 * of edges, and objects per edge would dominate time and memory. `edge(i)`
 * gives an edge as a Dependence object; `refine` records what the array
 * analysis proves about an edge without copying the graph.
 */
export class DependenceGraph {
  private kinds: Uint8Array;
  private sources: Int32Array;
  private sinks: Int32Array;
  /** HIR loop id of the carrier, -1 for loop-independent. */
  private carriers: Int32Array;
  private definites: Uint8Array;
  private refinements = new Map<number, Refinement>();
  /** Number of edges. */
  size = 0;

  constructor(
    readonly cfg: Cfg,
    readonly options: Required<DepOptions>,
  ) {
    // NPB procedures have about ten edges per reference; start there and double when needed.
    const n = Math.max(256, 8 * cfg.refs.size);
    this.kinds = new Uint8Array(n);
    this.sources = new Int32Array(n);
    this.sinks = new Int32Array(n);
    this.carriers = new Int32Array(n);
    this.definites = new Uint8Array(n);
  }

  /** Adds an edge; `kind` is a kindCode, `carrier` a HIR loop id or -1. */
  push(kind: number, source: RefId, sink: RefId, carrier: number, definite: boolean): void {
    if (this.size === this.sources.length) this.grow();
    const i = this.size++;
    this.kinds[i] = kind;
    this.sources[i] = source;
    this.sinks[i] = sink;
    this.carriers[i] = carrier;
    this.definites[i] = definite ? 1 : 0;
  }

  kind(i: number): DepKind {
    return KINDS[this.kinds[i]!]!;
  }
  source(i: number): RefId {
    return this.sources[i]!;
  }
  sink(i: number): RefId {
    return this.sinks[i]!;
  }
  carrier(i: number): number | null {
    const c = this.carriers[i]!;
    return c < 0 ? null : c;
  }
  definite(i: number): boolean {
    return this.definites[i] === 1;
  }

  /** Edge i as an object (with the array analysis' refinement, if any). */
  edge(i: number): Dependence {
    const d: Dependence = { kind: this.kind(i), var: this.cfg.refs.refs[this.sinks[i]!]!.var, source: this.sources[i]!, sink: this.sinks[i]!, carrier: this.carrier(i), definite: this.definite(i) };
    const r = this.refinements.get(i);
    if (r?.distance) d.distance = r.distance;
    if (r?.direction) d.direction = r.direction;
    if (r?.test) d.test = r.test;
    return d;
  }

  /** Indices of the edges the array analysis has not removed. */
  *indices(): IterableIterator<number> {
    for (let i = 0; i < this.size; i++) if (!this.refinements.get(i)?.removed) yield i;
  }

  /** Every edge as an object: convenient for small graphs and tests. */
  edges(filter?: (i: number) => boolean): Dependence[] {
    const out: Dependence[] = [];
    for (const i of this.indices()) if (!filter || filter(i)) out.push(this.edge(i));
    return out;
  }

  /** What the array analysis recorded about edge i, if anything (removed edges included). */
  refinement(i: number): Refinement | undefined {
    return this.refinements.get(i);
  }

  refine(i: number, r: Refinement): void {
    this.refinements.set(i, { ...this.refinements.get(i), ...r });
  }

  private grow(): void {
    const n = this.sources.length * 2;
    const bytes = (a: Uint8Array) => {
      const b = new Uint8Array(n);
      b.set(a);
      return b;
    };
    const ints = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.kinds = bytes(this.kinds);
    this.sources = ints(this.sources);
    this.sinks = ints(this.sinks);
    this.carriers = ints(this.carriers);
    this.definites = bytes(this.definites);
  }
}
