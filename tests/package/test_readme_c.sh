#!/usr/bin/env bash
# test_readme_c.sh -- every ```c block of README.md is a complete program:
# compile it with -Werror against this tree and run it.
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${RIJN_BUILD_DIR:?}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$here/README.md" "$work" <<'PY'
import re, sys
blocks = re.findall(r"```c\n(.*?)```", open(sys.argv[1]).read(), re.S)
for i, b in enumerate(blocks):
    open(f"{sys.argv[2]}/readme{i}.c", "w").write(b)
print(len(blocks))
PY
pass=0
fail=0
for f in "$work"/readme*.c; do
  [ -e "$f" ] || continue
  if cc -std=c99 -Wall -Wextra -Werror -I"$here/include" "$f" "$build/librijn.a" -o "${f%.c}" &&
     "${f%.c}"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1)); echo "FAIL: README block $(basename "$f")"
  fi
done
[ $pass -gt 0 ] || { echo "no C example found"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ $fail = 0 ]
