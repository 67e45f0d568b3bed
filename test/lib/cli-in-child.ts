import { fork, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface CliRequest {
  id: number;
  cwd: string;
  commands: string[][];
}
export interface CliReply {
  id: number;
  results: { code: number; out: string; err: string }[];
}

/**
 * Runs doall commands in a child process that lives across calls (so the
 * cost of starting Node and loading the analyzer is paid once), each
 * request bounded in time: past `timeoutMs` the child is killed, the
 * request fails with a "hang" error, and the next request starts a new
 * child. This is how a test bounds a hang, which in-process it could not.
 */
export class CliInChild {
  private child: ChildProcess | null = null;
  private next = 0;

  constructor(private readonly timeoutMs: number) {}

  run(cwd: string, commands: string[][]): Promise<CliReply["results"]> {
    const child = this.child ?? this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const done = (err: Error | null, r?: CliReply["results"]) => {
        clearTimeout(timer);
        child.off("message", onMessage);
        child.off("exit", onExit);
        if (err) reject(err);
        else resolve(r!);
      };
      const onMessage = (m: CliReply) => m.id === id && done(null, m.results);
      const onExit = (code: number | null, signal: string | null) => {
        this.child = null;
        done(new Error(`the child running doall exited (${signal ?? code}) during ${commands.map((c) => c.join(" ")).join("; ")}`));
      };
      const timer = setTimeout(() => {
        child.off("exit", onExit);
        child.kill("SIGKILL");
        this.child = null;
        done(new Error(`hang: ${commands.map((c) => c.join(" ")).join("; ")} did not end within ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      child.on("message", onMessage);
      child.on("exit", onExit);
      child.send({ id, cwd, commands } satisfies CliRequest);
    });
  }

  close(): void {
    this.child?.kill();
    this.child = null;
  }

  private start(): ChildProcess {
    const script = fileURLToPath(new URL("./cli-child.ts", import.meta.url));
    this.child = fork(script, [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    return this.child;
  }
}
