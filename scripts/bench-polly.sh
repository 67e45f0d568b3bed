#!/bin/bash
# Side by side on C kernels of ours (default examples/c-kernels/*.c): per
# function, the loops doall gives a directive (plain or under a run-time
# check) and the loops LLVM Polly parallelizes (-polly -polly-parallel:
# one outlined *_polly_subfn per parallel loop, with its own run-time
# alias checks), then both programs' outputs at 1, 2 and 4 threads against
# the serial build. Needs clang with Polly (Debian's clang: apt-get install
# clang libomp-dev). `main` is left out of the counts.
# Usage: npm run build && bash scripts/bench-polly.sh [FILE.c...]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$root"/examples/c-kernels/*.c)
command -v clang > /dev/null || { echo "clang is not installed"; exit 2; }
work=$(mktemp -d)
td=0; tp=0; bad=0
printf "%-12s %-12s %6s %6s\n" file function doall polly
for f in "${files[@]}"; do
  name=$(basename "$f" .c)
  node "$root/bin/doall.js" parallelize "$f" -o "$work/out-$name" --report "$work/$name.json" > /dev/null 2>&1 || { echo "$f: doall failed"; exit 1; }
  clang -O3 -mllvm -polly -mllvm -polly-parallel -fopenmp -S -emit-llvm -o "$work/$name.ll" "$f" || exit 1
  for fn in $(node -e 'const r=require(process.argv[1]); console.log([...new Set(r.files[0].loops.map(l=>l.procedure))].filter(p=>p!=="main").join(" "))' "$work/$name.json"); do
    d=$(node -e 'const r=require(process.argv[1]); console.log(r.files[0].loops.filter(l=>l.procedure===process.argv[2]&&l.emitted).length)' "$work/$name.json" "$fn")
    p=$(grep -cE "^define internal void @${fn}_polly_subfn(_[0-9]+)? *\(" "$work/$name.ll")
    printf "%-12s %-12s %6d %6d\n" "$name" "$fn" "$d" "$p"
    td=$((td + d)); tp=$((tp + p))
  done
  gcc -O2 -fopenmp -o "$work/$name.serial" "$f" -lm && gcc -O2 -fopenmp -o "$work/$name.doall" "$work/out-$name/$(basename "$f")" -lm && \
    clang -O3 -mllvm -polly -mllvm -polly-parallel -fopenmp -o "$work/$name.polly" "$f" -lm || exit 1
  ref=$(OMP_NUM_THREADS=1 "$work/$name.serial")
  for t in 1 2 4; do
    for v in doall polly; do
      out=$(OMP_NUM_THREADS=$t OMP_WAIT_POLICY=passive "$work/$name.$v")
      # doall's output must be the serial one; Polly's is reported (it may reassociate floating-point sums).
      [ "$out" == "$ref" ] || { echo "$name: $v at $t threads prints '$out', serial '$ref'"; [ $v = doall ] && bad=1; }
    done
  done
done
echo "total: doall $td parallel loops with directives, Polly $tp; doall's outputs at 1, 2, 4 threads: $([ $bad = 0 ] && echo identical to the serial ones || echo DIFFERENT)"
rm -rf "$work"
exit $bad
