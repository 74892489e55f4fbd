#!/usr/bin/env bash
# bench-file.sh -- file encryption speed and memory: `rijn encrypt` /
# `rijn decrypt` of a file in the page cache to /dev/null, side by side
# with `openssl enc -aes-256-ctr -pbkdf2` in the same run.
#
#   scripts/bench-file.sh            1 GiB, 9 rounds, writes docs/BENCHMARKS-file.md
#   SIZE_MIB=64 RUNS=3 scripts/bench-file.sh --no-write   quick look, prints only
#
# Method: the commands run interleaved (round 1: every command, round 2:
# every command, ...) so a busy shared machine slows all of them alike;
# each run goes through GNU time (/usr/bin/time, Debian package `time`)
# for CPU time (user + sys, 10 ms steps) and peak RSS, and wall time is
# the clock around it (date +%s%N: GNU time's %e has 10 ms steps, a tenth
# of rijn's 1 GiB run); the report gives medians. Key derivation is PBKDF2-HMAC-SHA256 with 10000 iterations for
# every command (openssl's -pbkdf2 default), a few ms, so the times are
# the bulk encryption. rijn: the rijn format (AES-256-GCM, 64 KiB chunks,
# authenticated) and --format openssl -c aes-256-ctr (the very format
# openssl writes). Environment: RIJN_CLI (default: build-bench-file/rijn,
# built here in Release), SIZE_MIB, RUNS, TMPDIR.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
size_mib=${SIZE_MIB:-1024}
runs=${RUNS:-9}
write=1
case "${1:-}" in
  "") ;;
  --no-write) write=0 ;;
  -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
  *) echo "bench-file: unknown option $1 (see --help)" >&2; exit 2 ;;
esac
out_md=$here/docs/BENCHMARKS-file.md

[ -x /usr/bin/time ] || { echo "bench-file: needs GNU time (apt-get install time)" >&2; exit 1; }
command -v openssl >/dev/null || { echo "bench-file: needs the openssl command" >&2; exit 1; }
cli=${RIJN_CLI:-}
if [ -z "$cli" ]; then
  bdir=$here/build-bench-file
  cmake -S "$here" -B "$bdir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRIJN_BUILD_TESTS=OFF >/dev/null
  cmake --build "$bdir" -j2 --target rijn_cli >/dev/null
  cli=$bdir/rijn
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/rijn-bench-file.XXXXXX")
trap 'rm -rf "$work"' EXIT
big=$work/plain
printf 'benchmark passphrase\n' > "$work/pw"
echo "bench-file: making a ${size_mib} MiB input in $work" >&2
head -c $((size_mib * 1048576)) /dev/urandom > "$big"
"$cli" encrypt --kdf pbkdf2 --iter 10000 --passphrase-file "$work/pw" -o "$work/c.rijn" "$big"
"$cli" encrypt --format openssl -c aes-256-ctr --pbkdf2 --passphrase-file "$work/pw" \
  -o "$work/c.rijnossl" "$big" 2>/dev/null
openssl enc -aes-256-ctr -pbkdf2 -pass "file:$work/pw" -in "$big" -out "$work/c.ossl"
# correctness first: every ciphertext decrypts to the input
"$cli" decrypt --passphrase-file "$work/pw" "$work/c.rijn" | cmp - "$big"
"$cli" decrypt -c aes-256-ctr --pbkdf2 --passphrase-file "$work/pw" "$work/c.ossl" | cmp - "$big"
openssl enc -d -aes-256-ctr -pbkdf2 -pass "file:$work/pw" -in "$work/c.rijnossl" | cmp - "$big"
have_age=0
if command -v age >/dev/null && command -v age-keygen >/dev/null; then
  have_age=1
  age-keygen -o "$work/age.key" 2>/dev/null
  age -e -r "$(age-keygen -y "$work/age.key")" -o "$work/c.age" "$big"
  age -d -i "$work/age.key" "$work/c.age" | cmp - "$big"
fi
cat "$big" "$work"/c.* > /dev/null   # into the page cache

names=(rijn-enc rijn-dec rijnossl-enc rijnossl-dec openssl-enc openssl-dec)
[ "$have_age" = 1 ] && names+=(age-enc age-dec)
names+=(cat)
cmd() {
  case $1 in
    rijn-enc) echo "$cli encrypt --kdf pbkdf2 --iter 10000 --passphrase-file $work/pw --no-progress -o /dev/null $big" ;;
    rijn-dec) echo "$cli decrypt --passphrase-file $work/pw --no-progress -o /dev/null $work/c.rijn" ;;
    rijnossl-enc) echo "$cli encrypt --format openssl -c aes-256-ctr --pbkdf2 --passphrase-file $work/pw --no-progress -o /dev/null $big" ;;
    rijnossl-dec) echo "$cli decrypt -c aes-256-ctr --pbkdf2 --passphrase-file $work/pw --no-progress -o /dev/null $work/c.ossl" ;;
    openssl-enc) echo "openssl enc -aes-256-ctr -pbkdf2 -pass file:$work/pw -in $big -out /dev/null" ;;
    openssl-dec) echo "openssl enc -d -aes-256-ctr -pbkdf2 -pass file:$work/pw -in $work/c.ossl -out /dev/null" ;;
    age-enc) echo "age -e -r $(age-keygen -y "$work/age.key") -o /dev/null $big" ;;
    age-dec) echo "age -d -i $work/age.key -o /dev/null $work/c.age" ;;
    cat) echo "$work/cat.sh" ;;
  esac
}

printf '#!/bin/sh\nexec cat %s > /dev/null\n' "$big" > "$work/cat.sh"
chmod +x "$work/cat.sh"
declare -A wall cpu rss
for r in $(seq "$runs"); do
  for n in "${names[@]}"; do
    # shellcheck disable=SC2046
    t0=$(date +%s%N)
    /usr/bin/time -f "%e %U %S %M" -o "$work/t" $(cmd "$n") 2>/dev/null
    t1=$(date +%s%N)
    read -r e u s m < "$work/t"
    # wall from the clock around the run (ns; GNU time's %e has 10 ms
    # steps, a tenth of rijn's run on 1 GiB)
    e=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", (b - a) / 1e9 }')
    wall[$n]="${wall[$n]:-} $e"
    cpu[$n]="${cpu[$n]:-} $(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')"
    rss[$n]="${rss[$n]:-} $m"
  done
  echo "bench-file: round $r of $runs done" >&2
done

median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
maxof() { tr ' ' '\n' | grep -v '^$' | sort -g | tail -1; }
declare -A mw mc mr
for n in "${names[@]}"; do
  mw[$n]=$(echo "${wall[$n]}" | median)
  mc[$n]=$(echo "${cpu[$n]}" | median)
  mr[$n]=$(echo "${rss[$n]}" | maxof)
done
mbps() { awk -v s="$size_mib" -v t="$1" 'BEGIN { if (t > 0) printf "%.0f", s * 1.048576 / t; else print "n/a" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a > 0) printf "%.2f", b / a; else print "n/a" }'; }

table() {
  echo "| command | wall median (s) | CPU median (s) | MB/s (wall) | peak RSS (KiB, max of runs) | speed vs openssl (wall / CPU) | speed vs cat (wall / CPU) |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
  for n in "${names[@]}"; do
    local ref=openssl-enc
    case $n in *-dec) ref=openssl-dec ;; esac
    echo "| $n | ${mw[$n]} | ${mc[$n]} | $(mbps "${mw[$n]}") | ${mr[$n]} | $(ratio "${mw[$n]}" "${mw[$ref]}") / $(ratio "${mc[$n]}" "${mc[$ref]}") | $(ratio "${mw[$n]}" "${mw[cat]}") / $(ratio "${mc[$n]}" "${mc[cat]}") |"
  done
}

# the CPU, named exactly (vendor, family/model, microarchitecture, measured clock)
cpu_line=$(python3 "$here/scripts/cpu_id.py" --clock)

report() {
  cat <<EOF
# File encryption: rijn vs openssl enc

<!-- bench-commit: $(git -C "$here" rev-parse HEAD 2>/dev/null || echo '?') -->
$(python3 "$here/scripts/cpu_tables.py" marker)
Generated by \`scripts/bench-file.sh\` on $(date -u '+%Y-%m-%d %H:%M') UTC at commit $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$here" diff --quiet -- src include cli 2>/dev/null || echo ' (+ uncommitted changes)') on ${cpu_line} (do not edit by hand; rerun it).

- Input: ${size_mib} MiB of random bytes in the page cache; output to /dev/null.
- ${runs} interleaved rounds; medians of wall time (the clock around each run, ms) and
  CPU time (user + sys, GNU time, 10 ms steps);
  peak RSS is the largest of the runs.
- "speed vs openssl" = openssl's median time / this command's (above 1: rijn is faster),
  against \`openssl enc -aes-256-ctr -pbkdf2\` in the same direction.
- Commands:
  - rijn-enc / rijn-dec: \`rijn encrypt --kdf pbkdf2 --iter 10000\` / \`rijn decrypt\`:
    the rijn format (AES-256-GCM, 64 KiB chunks, authenticated, STREAM).
  - rijnossl-enc / -dec: \`rijn encrypt --format openssl -c aes-256-ctr --pbkdf2\` and the
    matching \`rijn decrypt\` (same format and work as openssl's).
  - openssl-enc / -dec: \`openssl enc [-d] -aes-256-ctr -pbkdf2\`.
  - age-enc / -dec: \`age -e -r RECIPIENT\` / \`age -d -i KEY\` (X25519, ChaCha20-Poly1305,
    64 KiB chunks), when the \`age\` package is installed.
  - cat: \`cat FILE > /dev/null\` (through sh): the cost of only reading the file.
- "speed vs cat" = cat's median time / this command's (1.00: as fast as reading the file).
- Peak RSS target for rijn: under 8 MiB (8192 KiB).

Tables of other CPUs (each CPU's last run, kept by \`scripts/cpu_tables.py\` when a run on
another CPU replaced it here):

$(python3 "$here/scripts/cpu_tables.py" index "$out_md")

Machine: ${cpu_line}; load average at the end $(cut -d' ' -f1-3 /proc/loadavg) (a shared machine: compare ratios, not
absolute times). $(openssl version). rijn $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?')
(working tree), $(date -u +%Y-%m-%d) UTC.

$(table)
EOF
}

# a table measured on another CPU is kept (docs/cpus/) before this run replaces it
if [ "$write" = 1 ]; then python3 "$here/scripts/cpu_tables.py" keep "$out_md"; fi
report
if [ "$write" = 1 ]; then
  report > "$out_md"
  echo "bench-file: wrote $out_md" >&2
fi
