#!/usr/bin/env bash
# The CI action's first step: makes `svc` available to the rest of the job.
#   INPUT_INSTALL=''       (the default) the npm package of the action's own version: the
#                          name and version in its package.json, installed with production
#                          dependencies only (prebuilt; nothing compiles, no C toolchain is
#                          needed) into $RUNNER_TOOL_CACHE/svc/VERSION, which the action caches
#                          by that version: a job that finds it there installs nothing
#   INPUT_INSTALL=false    use the svc already on PATH
#   INPUT_INSTALL=source   build svc from the action's own checkout (npm ci and a build: for
#                          trying the action from a branch; the one mode that builds)
#   anything else          an npm package spec (a version, a tarball path), installed like the
#                          default into a folder of this job's own
# Each mode puts svc's folder on the job's PATH through $GITHUB_PATH.
set -euo pipefail

: "${GITHUB_PATH:?GITHUB_PATH is not set: this script runs inside a GitHub Actions job}"
mode="${INPUT_INSTALL:-}"

# Installs package spec $2 into folder $1 with production dependencies only, unless a svc is
# already there, and puts its bin folder on the job's PATH.
install_package() {
  local dir=$1 spec=$2
  if [ -x "$dir/node_modules/.bin/svc" ]; then
    echo "svc is installed in $dir already"
  else
    mkdir -p "$dir"
    [ -f "$dir/package.json" ] || echo '{"private":true}' >"$dir/package.json"
    npm install --prefix "$dir" --omit=dev --no-audit --no-fund --no-save "$spec"
  fi
  echo "$dir/node_modules/.bin" >>"$GITHUB_PATH"
  export PATH="$dir/node_modules/.bin:$PATH"
}

case "$mode" in
  '')
    : "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: the default install reads the version of the action}"
    spec=$(node -p 'const p = require(process.argv[1]); `${p.name}@${p.version}`' \
      "$GITHUB_ACTION_PATH/package.json")
    install_package "${RUNNER_TOOL_CACHE:?RUNNER_TOOL_CACHE is not set}/svc/${spec##*@}" "$spec"
    ;;
  false) ;;
  source)
    : "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: install=source builds svc from the checkout of the action}"
    (cd "$GITHUB_ACTION_PATH" && npm ci --no-audit --no-fund && npm run build)
    echo "$GITHUB_ACTION_PATH/bin" >>"$GITHUB_PATH"
    export PATH="$GITHUB_ACTION_PATH/bin:$PATH"
    ;;
  *)
    install_package "$(mktemp -d "${RUNNER_TEMP:?RUNNER_TEMP is not set}/svc-install.XXXXXX")" "$mode"
    ;;
esac

if ! command -v svc >/dev/null; then
  echo "::error::svc is not on PATH after install=$mode" >&2
  exit 1
fi
svc --version
