/**
 * A small command-line parser: `-I DIR`, `-IDIR`, `--form fixed`,
 * `--form=fixed`, flags, repeated options, and `--` ending the options.
 * Errors are returned, not thrown, so commands can print usage and exit 2.
 */
export interface OptionSpec {
  /** Long name without dashes ("form") or a short one-letter name ("I"). */
  name: string;
  /** Other spellings, e.g. ["o"] for --output. */
  aliases?: string[];
  /** Takes a value (the next argument or `=value`). */
  value?: boolean;
  /** May repeat; values accumulate. */
  multiple?: boolean;
}

export interface ParsedArgs {
  positional: string[];
  /** Flags map to true; valued options to their (last) value; multiple options to all values. */
  options: Map<string, string | true | string[]>;
}

export type ParseResult = { ok: true; args: ParsedArgs } | { ok: false; error: string };

export function parseArgs(argv: string[], specs: OptionSpec[]): ParseResult {
  const byName = new Map<string, OptionSpec>();
  for (const s of specs) {
    byName.set(s.name, s);
    for (const a of s.aliases ?? []) byName.set(a, s);
  }
  const positional: string[] = [];
  const options = new Map<string, string | true | string[]>();
  const set = (spec: OptionSpec, v: string | true) => {
    if (spec.multiple && typeof v === "string") {
      const cur = options.get(spec.name);
      options.set(spec.name, [...(Array.isArray(cur) ? cur : []), v]);
    } else options.set(spec.name, v);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") {
      positional.push(...argv.slice(i + 1));
      break;
    }
    if (a === "-" || !a.startsWith("-")) {
      positional.push(a);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      if (eq >= 0) inline = a.slice(eq + 1);
    } else {
      name = a.slice(1, 2);
      if (a.length > 2) inline = a.slice(2);
      if (!byName.has(name) && byName.has(a.slice(1))) {
        name = a.slice(1);
        inline = undefined;
      }
    }
    const spec = byName.get(name);
    if (!spec) return { ok: false, error: `unknown option '${a}'` };
    if (!spec.value) {
      if (inline !== undefined) return { ok: false, error: `option '${a}' takes no value` };
      set(spec, true);
      continue;
    }
    let v = inline;
    if (v === undefined) {
      if (i + 1 >= argv.length) return { ok: false, error: `option '${a}' needs a value` };
      v = argv[++i]!;
    }
    set(spec, v);
  }
  return { ok: true, args: { positional, options } };
}

export function optString(p: ParsedArgs, name: string): string | undefined {
  const v = p.options.get(name);
  return typeof v === "string" ? v : undefined;
}

export function optList(p: ParsedArgs, name: string): string[] {
  const v = p.options.get(name);
  return Array.isArray(v) ? v : typeof v === "string" ? [v] : [];
}

export function optFlag(p: ParsedArgs, name: string): boolean {
  return p.options.get(name) === true;
}
