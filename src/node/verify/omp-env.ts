/**
 * The environment of a run with `threads` OpenMP threads. Passive waiting
 * keeps idle OpenMP threads from spinning on an oversubscribed machine (a
 * CI runner, a laptop running the serial build next to it); any other
 * OMP_/GOMP_/KMP_ variable of the caller's environment is dropped so that it
 * cannot change schedules or thread counts behind the comparison's back.
 */
export function ompEnv(threads: number, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) if (!/^(OMP_|GOMP_|KMP_)/.test(k)) env[k] = v;
  env.OMP_NUM_THREADS = String(threads);
  env.OMP_WAIT_POLICY = "passive";
  return env;
}
