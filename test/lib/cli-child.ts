import { runCli } from "../../src/cli/main.js";
import { fakeIO } from "../../src/cli/test-support/fake-io.js";
import type { CliRequest, CliReply } from "./cli-in-child.js";

/**
 * The far side of cliInChild: runs the commands it is sent, one request at
 * a time, in this process, and sends back what each printed and its exit
 * status. A request that never ends is the parent's to notice (it kills
 * this process), which an in-process test cannot do: a synchronous loop
 * blocks its own timers.
 */
process.on("message", (m: CliRequest) => {
  void (async () => {
    const results: CliReply["results"] = [];
    for (const args of m.commands) {
      const io = fakeIO(m.cwd);
      const code = await runCli(args, io);
      results.push({ code, out: io.out, err: io.err });
    }
    process.send!({ id: m.id, results } satisfies CliReply);
  })();
});
