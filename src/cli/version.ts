/** doall's version, as `doall --version`, the SARIF driver and the package say it (a test keeps it equal to package.json's). */
export const VERSION = "0.1.0";
