#!/usr/bin/env bash
# The CI action's first step: makes `svc` available to the rest of the job.
#   INPUT_INSTALL=source   build svc from the action's own checkout (GITHUB_ACTION_PATH) and
#                          put its bin/ on the job's PATH (through $GITHUB_PATH)
#   INPUT_INSTALL=false    use the svc already on PATH
#   anything else          an npm package spec (a version, a tarball path), installed with
#                          npm install --global
set -euo pipefail

: "${GITHUB_PATH:?GITHUB_PATH is not set: this script runs inside a GitHub Actions job}"
mode="${INPUT_INSTALL:-source}"

case "$mode" in
  false)
    ;;
  source)
    : "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: install=source builds svc from the checkout of the action}"
    (cd "$GITHUB_ACTION_PATH" && npm ci --no-audit --no-fund && npm run build)
    echo "$GITHUB_ACTION_PATH/bin" >> "$GITHUB_PATH"
    export PATH="$GITHUB_ACTION_PATH/bin:$PATH"
    ;;
  *)
    npm install --global --no-audit --no-fund "$mode"
    ;;
esac

if ! command -v svc > /dev/null; then
  echo "::error::svc is not on PATH after install=$mode" >&2
  exit 1
fi
svc --version
