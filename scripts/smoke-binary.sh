#!/usr/bin/env bash
# Smoke test of the single executable where no Node is installed: an empty environment
# whose PATH holds the executable (as `svc`) and a shell, and no node.
#
#   scripts/smoke-binary.sh [EXECUTABLE]      (default: dist/svc-linux-x64)
set -euo pipefail
cd "$(dirname "$0")/.."

executable=${1:-dist/svc-linux-x64}
[ -x "$executable" ] || { echo "$executable is missing: run npm run build:binary first" >&2; exit 2; }
version=$(sed -n 's/^  "version": "\(.*\)",$/\1/p' package.json)

work=$(mktemp -d "${TMPDIR:-/tmp}/svc-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/home"
cp "$executable" "$work/bin/svc"
# Only what the commands below run besides svc.
for tool in sh grep; do ln -s "$(command -v "$tool")" "$work/bin/$tool"; done

bare() { env -i PATH="$work/bin" HOME="$work/home" NO_COLOR=1 "$@"; }
fail() { echo "smoke-binary: $*" >&2; exit 1; }
pass() { echo "smoke-binary: ok: $*"; }

if bare sh -c 'command -v node'; then fail "node is on the PATH of the environment under test"; fi
pass "no node on PATH"

out=$(bare svc --version)
[ "$out" = "$version" ] || fail "svc --version printed '$out', not '$version'"
pass "svc --version"

bare svc --help | grep -q '^Usage: svc' || fail "svc --help printed no usage"
pass "svc --help"

# NODE_OPTIONS is set for someone's Node projects, not for svc: it must change nothing here.
out=$(bare NODE_OPTIONS="--require $work/missing.js" svc --version 2>&1) ||
  fail "svc --version failed with NODE_OPTIONS set: $out"
pass "NODE_OPTIONS is ignored"

# A round trip against the emulator that the executable itself runs, from the same
# executable, found on the PATH that emulator exec gives its command.
out=$(bare svc emulator exec -- svc docs list --org smoke --json)
[ "$out" = "[]" ] || fail "docs list printed '$out', not []"
pass "emulator exec -- svc docs list"

# A store on disk, through the SQLite of the Node inside the executable: the workspace that
# emulator exec made in one run is the one it hands out in the next, and its keys still work.
persistent() { bare svc emulator exec --data-dir "$work/data" -- "$@"; }
first=$(persistent sh -c 'echo "$SVC_WORKSPACE_ID"')
second=$(persistent sh -c 'svc workspace tokens --json >/dev/null && echo "$SVC_WORKSPACE_ID"')
[ -n "$first" ] && [ "$first" = "$second" ] ||
  fail "the workspace did not survive a restart: '$first', then '$second'"
pass "emulator --data-dir keeps state across runs"

status=0
bare svc emulator exec -- sh -c 'exit 3' || status=$?
[ "$status" = 3 ] || fail "emulator exec exited $status for a command that exited 3"
pass "emulator exec passes on its command's exit status"

# Its SQLite is node:sqlite: nothing native is written out to be loaded.
[ ! -e "$work/home/.cache/svc/native" ] || fail "the executable wrote $(ls "$work/home/.cache/svc/native")"
pass "the executable writes no native file"

echo "smoke-binary: all passed"
