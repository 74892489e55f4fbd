#!/usr/bin/env bash
# fuzz.sh -- build and run the fuzz harnesses of fuzz/ (see fuzz/README.md).
#   scripts/fuzz.sh --smoke [SECONDS]     CI: every harness SECONDS (default 12)
#                                         from its seeds; fails on any finding
#   scripts/fuzz.sh [--time S] [--jobs N] [HARNESS...]
#                                         a campaign: each harness S seconds
#                                         (default 3600), N at a time (default 1),
#                                         corpora kept in build/fuzz-campaign/corpus
#   scripts/fuzz.sh --engine driver ...   force the gcc build with fuzz/driver.c
#   scripts/fuzz.sh --build-only ...      build the harnesses of that mode, run
#                                         nothing (test.sh builds them beside
#                                         other stages; the runs' time budget
#                                         then gets the machine to itself)
#   scripts/fuzz.sh --no-sanitize ...     no ASan/UBSan (a high-throughput
#                                         campaign: 3-10x the executions; finds
#                                         crashes, failed checks and hangs only)
# Engine: libFuzzer (clang -fsanitize=fuzzer) when clang can link it, else
# fuzz/driver.c built with gcc; both with ASan + UBSan unless --no-sanitize
# (own build directory, suffix -nosan). Findings are kept in
# build/fuzz-findings/<harness>/. Prints one line per harness: executions,
# coverage (libFuzzer's "cov" edges and "ft" features) and time, and a total.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
cmdline="scripts/fuzz.sh $*"
# the commit the harnesses are built from (a campaign's summary is written
# hours later, when HEAD may have moved)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo '?')
git diff --quiet HEAD -- src include cli fuzz tests/support 2>/dev/null || commit="$commit+changes"
mode=campaign secs=3600 jobs=1 engine="" sanitize=address,undefined harnesses=() build_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) mode=smoke; secs=12
             if [ $# -gt 1 ] && [[ "$2" =~ ^[0-9]+$ ]]; then secs=$2; shift; fi ;;
    --time) secs=$2; shift ;;
    --jobs) jobs=$2; shift ;;
    --engine) engine=$2; shift ;;
    --no-sanitize) sanitize="" ;;
    --build-only) build_only=1 ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) harnesses+=("$1") ;;
  esac
  shift
done

if [ -z "$engine" ]; then
  engine=driver
  probe=$(mktemp -d)
  printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe/p.c"
  if clang -fsanitize=fuzzer "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then engine=libfuzzer; fi
  rm -rf "$probe"
fi
if [ "$engine" = libfuzzer ]; then cc=clang; else cc=gcc; fi
build="build/fuzz-$engine"
[ "$mode" = campaign ] && build="build/fuzz-campaign-$engine" # a campaign keeps its own binaries
[ -z "$sanitize" ] && build="$build-nosan"
sanname=$([ -n "$sanitize" ] && echo "ASan + UBSan" || echo "no sanitizer")
echo "fuzz: engine $engine ($cc, $sanname), build $build"
CC=$cc cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DRIJN_BUILD_TESTS=OFF -DRIJN_BUILD_SHARED=OFF \
  -DRIJN_BUILD_FUZZ=ON -DRIJN_FUZZ_ENGINE="$engine" -DRIJN_SANITIZE="$sanitize" >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target fuzz >/dev/null
[ "$build_only" = 1 ] && { echo "fuzz: harnesses built in $build"; exit 0; }

if [ ${#harnesses[@]} = 0 ]; then
  for f in fuzz/fuzz_*.c; do harnesses+=("$(basename "$f" .c | sed 's/^fuzz_//')"); done
fi
findings="$here/build/fuzz-findings"
if [ "$mode" = smoke ]; then work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
else work="$here/build/fuzz-campaign"; fi
mkdir -p "$work" "$findings"
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# run_one NAME: runs the harness, writes $work/NAME.log, returns its status
run_one() {
  local h=$1 bin="$build/fuzz/fuzz_$1" seeds="fuzz/corpus/$1" corpus="$work/corpus/$1"
  local log="$work/$h.log" extra=()
  mkdir -p "$corpus" "$findings/$h"
  case "$h" in cli_*) extra+=(-close_fd_mask=2) ;; esac
  if [ "$engine" = libfuzzer ]; then
    (cd "$findings/$h" && "$here/$bin" -max_total_time="$secs" -timeout=60 -rss_limit_mb=2048 \
      -print_final_stats=1 "${extra[@]}" "$corpus" "$here/$seeds") >"$log" 2>&1
  else
    (cd "$findings/$h" && "$here/$bin" -max_total_time="$secs" -runs=2000000000 "$here/$seeds") \
      >"$log" 2>&1
  fi
}

# summary NAME STATUS: one line from the log
summary() {
  local h=$1 st=$2 log="$work/$1.log" runs cov ft t
  if [ "$engine" = libfuzzer ]; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    t=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  else
    runs=$(sed -n 's/^driver: done, \([0-9]*\) seed inputs + \([0-9]*\) mutated.*/\1 \2/p' "$log" |
      awk '{print $1 + $2}')
    t=$(sed -n 's/^driver: done.* in \([0-9]*\) s$/\1/p' "$log")
    cov=-; ft=-
  fi
  printf '%-14s %s  %12s execs  cov %6s  ft %7s  %5s s\n' "$h" \
    "$([ "$st" = 0 ] && echo ok || echo FINDING)" "${runs:-0}" "${cov:--}" "${ft:--}" "${t:-?}" |
    tee -a "$work/summary.lines"
  echo "${runs:-0}" >>"$work/total.runs"
}

rm -f "$work/total.runs" "$work/summary.lines"
finding_lines() { grep -E 'FUZZ FINDING|ERROR|SUMMARY|runtime error' "$work/$1.log" | head -5; }

status=0
pids=() names=()
for h in "${harnesses[@]}"; do
  [ -x "$build/fuzz/fuzz_$h" ] || { echo "fuzz: no harness $h" >&2; exit 2; }
  if [ "$jobs" -le 1 ]; then
    st=0; run_one "$h" || st=$?
    summary "$h" "$st"
    if [ "$st" != 0 ]; then status=1; finding_lines "$h"; fi
  else
    run_one "$h" & pids+=($!); names+=("$h")
    if [ ${#pids[@]} -ge "$jobs" ]; then
      st=0; wait "${pids[0]}" || st=$?
      summary "${names[0]}" "$st"; [ "$st" = 0 ] || { status=1; finding_lines "${names[0]}"; }
      pids=("${pids[@]:1}"); names=("${names[@]:1}")
    fi
  fi
done
for i in "${!pids[@]}"; do
  st=0; wait "${pids[$i]}" || st=$?
  summary "${names[$i]}" "$st"; [ "$st" = 0 ] || { status=1; finding_lines "${names[$i]}"; }
done
total=$(awk '{s += $1} END {print s + 0}' "$work/total.runs")
echo "fuzz: $total executions in all, $([ $status = 0 ] && echo 'no finding' || echo "FINDINGS (inputs in $findings)")"
if [ "$mode" = campaign ]; then
  {
    echo "# Fuzz campaign"
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC'), built from commit $commit"
    echo "- CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -1), $(nproc) cores"
    echo "- engine: $engine, $sanname; $secs s per harness, $jobs at a time"
    echo "- command: \`$cmdline\`"
    echo
    echo '```'
    cat "$work/summary.lines"
    echo "total: $total executions, $([ $status = 0 ] && echo 'no finding' || echo 'FINDINGS')"
    echo '```'
  } >"$work/summary.md"
  echo "fuzz: summary in $work/summary.md"
fi
exit $status
