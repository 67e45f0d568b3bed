import { spawn } from "node:child_process";

/** What one finished (or killed) child process left behind. */
export interface ProcResult {
  /** Exit status, or null when a signal ended it. */
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Killed because it outlived its time limit. */
  timedOut: boolean;
  /** Killed because it printed more than the output limit (a runaway loop). */
  outputOverflow: boolean;
  ms: number;
}

export interface ProcOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  /** Bytes of stdout + stderr after which the process is killed. */
  maxOutput?: number;
}

/**
 * Runs a command without a shell and collects its output. spawn (not
 * spawnSync) so that several compilers and programs can run at once. The
 * child leads its own process group, so a timeout kills the compiler driver
 * together with the cc1/f951/as/ld it started, by that group's id only.
 */
export function runProcess(cmd: string, args: string[], opts: ProcOptions): Promise<ProcResult> {
  const start = Date.now();
  const maxOutput = opts.maxOutput ?? 16 << 20;
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    let outputOverflow = false;
    const kill = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    const collect = (into: Buffer[]) => (b: Buffer) => {
      size += b.length;
      if (size > maxOutput) {
        if (!outputOverflow) {
          outputOverflow = true;
          kill();
        }
        return;
      }
      into.push(b);
    };
    child.stdout.on("data", collect(out));
    child.stderr.on("data", collect(err));
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({
        status,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        timedOut,
        outputOverflow,
        ms: Date.now() - start,
      });
    });
  });
}
