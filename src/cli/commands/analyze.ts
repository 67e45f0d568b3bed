import { formatDiagnostic } from "../../diagnostics/diagnostic.js";
import { loadProgram } from "../../driver/load-program.js";
import { FortranCache } from "../../frontend/fortran/source-reader.js";
import { buildFileReport, type FileReport } from "../../report/file-report.js";
import { renderAnalyzeText } from "../../report/text-report.js";
import { optFlag, parseArgs } from "../args.js";
import { EXIT_INPUT_ERROR, EXIT_OK, EXIT_USAGE, type CliIO, type Command } from "../command.js";
import { INPUT_OPTIONS, INPUT_OPTIONS_HELP, loadOptionsFrom } from "../input-options.js";
import { nodeHost } from "../node-host.js";
import { Progress } from "../progress.js";

const usage = `Usage: doall analyze FILE... [options]

Lists every loop of each file: file:line, index variable and bounds,
nesting depth and enclosing loop, and whether it is a candidate for
parallelization.

Options:
  --json             print the JSON report ({"files": [...]}) on stdout
${INPUT_OPTIONS_HELP}
  -h, --help         show this help

Exit status: 0 on success, 1 if a file has errors, 2 on usage errors.
`;

export const analyzeCommand: Command = {
  name: "analyze",
  summary: "list the loops of Fortran/C files and what doall knows about them",
  usage,
  run(argv: string[], io: CliIO): number {
    const parsed = parseArgs(argv, [...INPUT_OPTIONS, { name: "json" }, { name: "help", aliases: ["h"] }]);
    if (!parsed.ok) {
      io.stderr(`doall analyze: ${parsed.error}\n${usage}`);
      return EXIT_USAGE;
    }
    const p = parsed.args;
    if (optFlag(p, "help")) {
      io.stdout(usage);
      return EXIT_OK;
    }
    const lo = loadOptionsFrom(p);
    if (!lo.ok) {
      io.stderr(`doall analyze: ${lo.error}\n`);
      return EXIT_USAGE;
    }
    if (p.positional.length === 0) {
      io.stderr(`doall analyze: no input files\n${usage}`);
      return EXIT_USAGE;
    }
    const host = nodeHost(io.cwd);
    lo.opts.fortranCache = new FortranCache();
    const json = optFlag(p, "json");
    const reports: FileReport[] = [];
    let failed = false;
    const progress = new Progress(io, p.positional.length, "analyzing");
    p.positional.forEach((file, i) => {
      progress.step(i, file);
      const loaded = loadProgram(file, host, lo.opts);
      const diags = [...loaded.diagnostics, ...(loaded.program?.diagnostics ?? [])];
      for (const d of diags) io.stderr(formatDiagnostic(d, file) + "\n");
      if (diags.some((d) => d.severity === "error")) failed = true;
      const r = buildFileReport(file, loaded.program, loaded.diagnostics);
      reports.push(r);
      if (!json && loaded.program) io.stdout(renderAnalyzeText(r));
    });
    progress.done();
    if (json) io.stdout(JSON.stringify({ files: reports }, null, 2) + "\n");
    return failed ? EXIT_INPUT_ERROR : EXIT_OK;
  },
};
