import type { LoadOptions } from "../driver/load-program.js";
import { optList, optString, type ParsedArgs } from "./options.js";

export function loadOptionsFrom(p: ParsedArgs): { ok: true; opts: LoadOptions } | { ok: false; error: string } {
  const opts: LoadOptions = { includeDirs: optList(p, "include") };
  const form = optString(p, "form");
  if (form !== undefined) {
    if (form !== "fixed" && form !== "free") return { ok: false, error: `--form must be 'fixed' or 'free', not '${form}'` };
    opts.form = form;
  }
  const defines = new Map<string, string>();
  for (const d of optList(p, "define")) {
    const eq = d.indexOf("=");
    const name = eq >= 0 ? d.slice(0, eq) : d;
    if (!/^[A-Za-z_]\w*$/.test(name)) return { ok: false, error: `-D needs NAME or NAME=VALUE, not '${d}'` };
    defines.set(name, eq >= 0 ? d.slice(eq + 1) : "1");
  }
  if (defines.size) opts.defines = defines;
  const max = optString(p, "max-file-size");
  if (max !== undefined) {
    const mb = Number(max);
    if (!(mb > 0) || !Number.isFinite(mb)) return { ok: false, error: `--max-file-size takes a size in MB, not '${max}'` };
    opts.maxFileBytes = Math.floor(mb * 1024 * 1024);
  }
  const undef = optList(p, "undefine");
  if (undef.length) opts.undefines = undef;
  return { ok: true, opts };
}
