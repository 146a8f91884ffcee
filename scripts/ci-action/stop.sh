#!/usr/bin/env bash
# The CI action's stop step (`with: stop: true`, in a final step with `if: always()`):
# `svc emulator stop`, then the emulator's log, which tells what it did when a test failed.
set -euo pipefail

export SVC_CONFIG_DIR="${SVC_ACTION_STATE_DIR:-${RUNNER_TEMP:?RUNNER_TEMP is not set}/svc-emulator}"
svc emulator stop
log="$SVC_CONFIG_DIR/emulator/detached.log"
if [ -s "$log" ]; then
  echo "::group::The emulator's log"
  cat "$log"
  echo "::endgroup::"
fi
