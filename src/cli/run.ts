#!/usr/bin/env node
import { processIO, runCli } from "./main.js";
import { tuneJit } from "../node/jit-flags.js";

// Entry point of the `doall` binary. The compiler settings first: nothing of the analyzer has run yet.
tuneJit();
runCli(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
