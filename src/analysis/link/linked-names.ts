import type { Procedure, Program } from "../../ir/program.js";
import { basename, dirname } from "../../util/path.js";
import { callableByName, callsDummy, nameKey, resolveInFile } from "./resolve-in-file.js";

/** One file of a run: `usable` is false when it has errors (its procedures then resolve as unknown). */
export interface LinkInput {
  program: Program;
  usable: boolean;
}

/** What a called name, not defined in the caller's file, reaches among the other files of the run. */
export type Resolution =
  | { kind: "found"; proc: Procedure; program: Program }
  /** Defined in no other file (of the caller's language). */
  | { kind: "none" }
  /** Defined in several files and none is preferred: which one the linker takes is not known. */
  | { kind: "ambiguous"; files: string[] }
  /** Defined in a file with errors, whose analysis is not trusted. */
  | { kind: "broken"; file: string };

/**
 * Resolves procedure names across the files of one run, as a linker would
 * for the files given together. A name defined in the caller's own file
 * is that one (resolve-in-file.ts, with Fortran's host and module rules).
 * Otherwise among the other files of the same language: the only
 * definition; of several, the only one in the caller's directory (codes
 * ship alternatives in other directories); else ambiguous. A Fortran name
 * defined in no Fortran file may be a C function with gfortran's name for
 * it (`wtime` is `wtime_`). A module
 * procedure of another file is reached only from a unit that USEs its
 * module; an internal procedure and a C `static` function never.
 */
export class LinkedNames {
  /** Per language, name key to its definitions in every file. */
  private readonly defs = new Map<string, { proc: Procedure; input: LinkInput }[]>();
  private readonly inFile = new Map<Program, Map<string, Procedure[]>>();

  constructor(readonly inputs: readonly LinkInput[]) {
    for (const input of inputs) {
      const { program } = input;
      const own = callableByName(program);
      this.inFile.set(program, own);
      const modules = new Set(program.procedures.filter((p) => p.kind === "module").map((p) => p.name.toLowerCase()));
      for (const [k, procs] of own)
        for (const proc of procs) {
          if (proc.host !== undefined && !modules.has(proc.host.toLowerCase())) continue; // internal procedure
          if (program.file.language === "c" && program.globals.get(proc.name)?.attrs.save) continue; // static function
          const dk = `${program.file.language}:${k}`;
          this.defs.set(dk, [...(this.defs.get(dk) ?? []), { proc, input }]);
        }
    }
  }

  /** The procedure a call reaches, in the caller's file or another one; undefined when not known. */
  resolve(name: string, caller: Procedure, program: Program): Procedure | undefined {
    const via = useAlias(caller, name, program);
    if (via) {
      const mine = (this.ownDefinitions(via.remote, program) ?? []).filter((p) => p.host?.toLowerCase() === via.module);
      if (mine.length === 1) return mine[0];
      const r = this.resolveOther(name, caller, program);
      return r.kind === "found" ? r.proc : undefined;
    }
    const own = this.ownDefinitions(name, program);
    if (own) return resolveInFile(own, caller, name);
    const r = this.resolveOther(name, caller, program);
    return r.kind === "found" ? r.proc : undefined;
  }

  /** The caller's file's procedures of that name, if any. */
  ownDefinitions(name: string, program: Program): Procedure[] | undefined {
    return this.inFile.get(program)?.get(nameKey(program.file.language, name));
  }

  /** A name the caller's file does not define, among the other files. */
  resolveOther(name: string, caller: Procedure, program: Program): Resolution {
    return this.among(this.otherDefinitions(name, caller, program), program);
  }

  /** Which of the definitions `cands` a call from `program` reaches: one, none, or one of several. */
  private among(cands: readonly { proc: Procedure; input: LinkInput }[], program: Program): Resolution {
    if (cands.length === 0) return { kind: "none" };
    let pick = cands;
    if (pick.length > 1) {
      const dir = dirname(program.file.path);
      pick = cands.filter((d) => dirname(d.input.program.file.path) === dir);
    }
    if (pick.length !== 1) return { kind: "ambiguous", files: [...new Set(cands.map((d) => basename(d.input.program.file.path)))] };
    const d = pick[0]!;
    if (!d.input.usable) return { kind: "broken", file: d.input.program.file.path };
    return { kind: "found", proc: d.proc, program: d.input.program };
  }

  /**
   * Every definition an ambiguous call may reach (NPB LU ships rhs.f and
   * rhs_vec.f side by side; its makefile links one): the linker takes one
   * of them, whichever it is. Null when the name is not ambiguous, or
   * when a definition is in a file with errors (not analyzed).
   */
  alternatives(name: string, caller: Procedure, program: Program): Procedure[] | null {
    if (useAlias(caller, name, program) || this.ownDefinitions(name, program)) return null;
    const cands = this.otherDefinitions(name, caller, program);
    if (this.among(cands, program).kind !== "ambiguous") return null;
    return cands.every((d) => d.input.usable) ? cands.map((d) => d.proc) : null;
  }

  /** The definitions of a name in the files other than the caller's that the caller may reach. */
  private otherDefinitions(name: string, caller: Procedure, program: Program): { proc: Procedure; input: LinkInput }[] {
    const lang = program.file.language;
    if (callsDummy(caller, name)) return [];
    // A name the unit has through USE is what its module has under the remote name, never an external
    // of the same name (found by fuzzing: `use m, only: work => bump` and a generic `work` of m reached
    // an external `work` of another file, and m's bump, which writes a module counter, was never seen).
    const via = useAlias(caller, name, program);
    if (via) return (this.defs.get(`fortran:${via.remote}`) ?? []).filter((d) => d.proc.host?.toLowerCase() === via.module);
    let all = this.defs.get(`${lang}:${nameKey(lang, name)}`) ?? [];
    // A Fortran call no Fortran file defines reaches the C function gfortran links it to: the
    // name in lower case with an underscore (NPB's wtime.c defines wtime_ for `call wtime(t)`).
    if (all.length === 0 && lang === "fortran") all = this.defs.get(`c:${name.toLowerCase()}_`) ?? [];
    const uses = usedModules(caller, program);
    return all.filter((d) => d.input.program !== program && (d.proc.host === undefined || uses.has(d.proc.host.toLowerCase())));
  }
}

/** The modules a unit sees: its own USEs and its host's. */
function usedModules(caller: Procedure, program: Program): Set<string> {
  const out = new Set(caller.uses.map((m) => m.toLowerCase()));
  for (const m of hostOf(caller, program)?.uses ?? []) out.add(m.toLowerCase());
  return out;
}

/** What a Fortran unit (or its host) has under `name` through USE: the module and the name there (Procedure.useNames). */
export function useAlias(caller: Procedure, name: string, program: Program): { module: string; remote: string } | undefined {
  if (caller.language !== "fortran") return undefined;
  const k = name.toLowerCase();
  return caller.useNames?.get(k) ?? hostOf(caller, program)?.useNames?.get(k);
}

/** The unit a contained procedure is in (a module first, else a host procedure of that name). */
export function hostOf(caller: Procedure, program: Program): Procedure | undefined {
  if (caller.host === undefined) return undefined;
  return program.procedures.find((p) => p.name === caller.host && p.kind !== "subroutine" && p.kind !== "function") ?? program.procedures.find((p) => p.name === caller.host);
}
