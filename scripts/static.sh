#!/usr/bin/env bash
# static.sh -- static analysis of the library (src/) and the CLI (cli/):
#   cppcheck   --enable=warning,portability (and its default error checks)
#   clang-tidy clang-analyzer-*, bugprone-*, cert-*
#   gcc        -fanalyzer (every -Wanalyzer-* warning; files compiled at -O0)
# Every finding must be matched by a line of scripts/static.supp
#   TOOL CHECK PATH[:LINE] -- reason
# (TOOL cppcheck|clang-tidy|gcc; CHECK the tool's id, e.g. uninitvar,
# bugprone-narrowing-conversions, -Wanalyzer-malloc-leak, or * for all;
# PATH a file, a folder prefix ending in /, or *); a line without a reason
# is an error. "gcc --param=NAME=VALUE PATH -- reason" gives gcc -fanalyzer
# that option for the file(s) at PATH (files on which the analysis would not
# finish within its bound otherwise); "gcc SKIP PATH -- reason" leaves a
# file out of gcc -fanalyzer (cppcheck and clang-tidy still read it). A file
# the analyzer gives up on (120 s) is named in the output, not a finding. Exits 1 when any finding is left unmatched, and prints
# the count per tool and the time taken.
#   scripts/static.sh [--tool cppcheck|clang-tidy|gcc]...   (default: all three)
#   STATIC_JOBS=N: files analysed in parallel (default: the CPU count)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
supp=scripts/static.supp
tools=()
while [ $# -gt 0 ]; do
  case "$1" in
    --tool) tools+=("$2"); shift ;;
    *) echo "static.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
[ ${#tools[@]} -gt 0 ] || tools=(cppcheck clang-tidy gcc)
jobs=${STATIC_JOBS:-$(nproc 2>/dev/null || echo 2)} # parallel files (test.sh: 1 beside Valgrind)
out=build/static
mkdir -p "$out"
cmake -S . -B "$out/cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_TESTS=OFF \
  -DRIJN_BUILD_SHARED=OFF >/dev/null
db="$out/cmake/compile_commands.json"
mapfile -t files < <(ls src/*/*.c cli/*.c)

# Suppression lines must carry a reason.
if grep -v '^\s*#' "$supp" | grep -v '^\s*$' | grep -qv ' -- .\{8,\}'; then
  echo "static.sh: lines of $supp without ' -- reason':" >&2
  grep -v '^\s*#' "$supp" | grep -v '^\s*$' | grep -v ' -- .\{8,\}' >&2
  exit 1
fi

# findings are normalised to "TOOL CHECK PATH:LINE message", one file per
# tool (build/static/findings-TOOL.txt)
for tool in "${tools[@]}"; do
  : >"$out/findings-$tool.txt"
  t0=$(date +%s)
  case "$tool" in
    cppcheck)
      command -v cppcheck >/dev/null || { echo "static.sh: cppcheck is not installed" >&2; exit 1; }
      cppcheck -q --enable=warning,portability --std=c99 --inline-suppr -j "$jobs" \
        -Iinclude -Isrc -Icli -D__GNUC__ -D__x86_64__ \
        --template='cppcheck {id} {file}:{line} {message}' src cli 2>"$out/cppcheck.raw" || true
      grep '^cppcheck ' "$out/cppcheck.raw" >>"$out/findings-$tool.txt" || true ;;
    clang-tidy)
      command -v clang-tidy >/dev/null || { echo "static.sh: clang-tidy is not installed" >&2; exit 1; }
      printf '%s\n' "${files[@]}" | xargs -P "$jobs" -n 6 clang-tidy -p "$out/cmake" --quiet \
        --checks='-*,clang-analyzer-*,bugprone-*,cert-*' 2>/dev/null >"$out/clang-tidy.raw" || true
      # a warning's [check] may end a later line (multi-line messages)
      awk -v root="$here/" '
        /^[^ ]+:[0-9]+:[0-9]+: warning: / {
          split($1, a, ":"); f = a[1]; sub("^" root, "", f); loc = f ":" a[2]
          msg = $0; sub(/^[^ ]+ warning: /, "", msg); open = 1 }
        open && /\[[a-zA-Z0-9.,-]+\]$/ {
          n = split($0, w, "["); chk = w[n]; sub(/\]$/, "", chk)
          m = msg; sub(/ \[[a-zA-Z0-9.,-]+\]$/, "", m)
          print "clang-tidy " chk " " loc " " m; open = 0 }' \
        "$out/clang-tidy.raw" | sort -u >>"$out/findings-$tool.txt" ;;
    gcc)
      # each file compiled as the build does, plus -fanalyzer, no object kept
      py="$here/.venv/bin/python"
      [ -x "$py" ] || py=python3
      "$py" - "$db" "$jobs" "$supp" >"$out/gcc.raw" 2>&1 <<'PY' || true
import json, os, re, shlex, signal, subprocess, sys
from concurrent.futures import ThreadPoolExecutor
db = json.load(open(sys.argv[1]))
def run(e):
    args = shlex.split(e["command"])
    i = args.index("-o")
    args[i + 1] = "/dev/null"
    # -O0: the analyzer needs no optimisation, and at -O3 it spends minutes
    # on unrolled hash rounds (blake2b.c: 60 s of CPU instead of 1 s)
    args = [("-O0" if a.startswith("-O") else a) for a in args
            if a not in ("-Werror", "-MD")]
    args[0] = "gcc"
    args[1:1] = ["-fanalyzer"] + extra(e["file"])
    # bounded (files the analyzer does not finish on belong on a gcc SKIP
    # line); its own session, so that a timeout kills cc1 too, not only the
    # gcc driver (an orphaned cc1 would run on for many minutes)
    p = subprocess.Popen(args, cwd=e["directory"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        return p.communicate(timeout=120)[1]
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return "static.sh: gcc -fanalyzer gave up on %s after 120 s\n" % e["file"]
params = [m.groups() for m in (re.match(r"gcc\s+(--param=\S+)\s+(\S+)\s+--", l)
                                for l in open(sys.argv[3])) if m]
def extra(f):
    rel = os.path.relpath(f)
    return [o for o, p in params if rel == p or (p.endswith("/") and rel.startswith(p))]
skip = [m.group(1) for m in (re.match(r"gcc\s+SKIP\s+(\S+)\s+--", l)
                              for l in open(sys.argv[3])) if m]
files = [e for e in db if ("/src/" in e["file"] or "/cli/" in e["file"])
         and os.path.relpath(e["file"]) not in skip]
sys.stderr.write("static.sh: gcc -fanalyzer on %d files (%d with a --param line, %d SKIP lines)\n"
                 % (len(files), sum(1 for e in files if extra(e["file"])), len(skip)))
with ThreadPoolExecutor(int(sys.argv[2])) as ex:
    for err in ex.map(run, files):
        sys.stdout.write(err)
PY
      sed -n 's|^'"$here"'/||; s|^\([^ :]*\):\([0-9]*\):[0-9]*: warning: \(.*\) \[\(-Wanalyzer[^]]*\)\]$|gcc \4 \1:\2 \3|p' \
        "$out/gcc.raw" | sort -u >>"$out/findings-$tool.txt"
      grep 'gave up\|fanalyzer on' "$out/gcc.raw" || true ;;
    *) echo "static.sh: unknown tool $tool" >&2; exit 2 ;;
  esac
  echo "static: $tool $(wc -l <"$out/findings-$tool.txt") findings ($(($(date +%s) - t0)) s)"
done
findings="$out/findings.$$.txt"
for tool in "${tools[@]}"; do cat "$out/findings-$tool.txt"; done >"$findings"
trap 'rm -f "$findings"' EXIT

# match every finding against the suppressions
left=0
while IFS= read -r f; do
  tool=${f%% *}; rest=${f#* }; check=${rest%% *}; rest=${rest#* }; loc=${rest%% *}
  path=${loc%:*}; line=${loc##*:}
  ok=0
  while read -r stool scheck spath _; do
    [ "$stool" = "$tool" ] || continue
    [ "$scheck" = "*" ] || [ "$scheck" = "$check" ] || continue
    case "$spath" in
      '*') ok=1 ;;
      */) [[ "$path" == "$spath"* ]] && ok=1 ;;
      *:*) [ "$spath" = "$path:$line" ] && ok=1 ;;
      *) [ "$spath" = "$path" ] && ok=1 ;;
    esac
    [ $ok = 1 ] && break
  done < <(grep -v '^\s*#' "$supp" | grep -v '^\s*$')
  if [ $ok = 0 ]; then
    [ $left = 0 ] && echo "static: findings not in $supp:"
    echo "  $f"
    left=$((left + 1))
  fi
done <"$findings"
total=$(wc -l <"$findings")
echo "static: $total findings, $((total - left)) suppressed with a reason, $left left"
[ $left = 0 ]
