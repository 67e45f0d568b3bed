#!/usr/bin/env node
import { processIO, runCli } from "./main.js";

// Entry point of the `doall` binary.
runCli(process.argv.slice(2), processIO()).then((code) => {
  process.exitCode = code;
});
