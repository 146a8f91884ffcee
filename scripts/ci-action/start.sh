#!/usr/bin/env bash
# The CI action's start step: `svc emulator start --detach`, which returns once the emulator
# answers, then hands the job SVC_BASE_URL, the emulator's admin token and the workspace's
# credentials through $GITHUB_ENV, each secret masked first so the runner hides it in every later log line.
# The credentials go from svc's private env file to $GITHUB_ENV inside this shell: never on
# a command line, never printed.
set -euo pipefail

: "${GITHUB_ENV:?GITHUB_ENV is not set: this script runs inside a GitHub Actions job}"
# The emulator's state files live here, apart from any SVC_CONFIG_DIR the job sets, so that
# stop.sh finds them again.
export SVC_CONFIG_DIR="${SVC_ACTION_STATE_DIR:-${RUNNER_TEMP:?RUNNER_TEMP is not set}/svc-emulator}"

# Every input arrives in the environment, never spliced into this script, and goes to svc as
# one argument each: a value with spaces or quotes stays one value.
args=()
if [ -n "${INPUT_HEADER_PREFIX:-}" ]; then args+=(--header-prefix "$INPUT_HEADER_PREFIX"); fi
args+=(emulator start --detach)
if [ -n "${INPUT_SEED:-}" ]; then args+=(--seed "$INPUT_SEED"); fi
if [ -n "${INPUT_JOB_DELAY:-}" ]; then args+=(--job-delay "$INPUT_JOB_DELAY"); fi
if [ -n "${INPUT_PORT:-}" ]; then args+=(--port "$INPUT_PORT"); fi
if [ -n "${INPUT_FAULTS:-}" ]; then args+=(--faults "$INPUT_FAULTS"); fi
for option in ${INPUT_CONSOLE_OPTIONS:-}; do args+=(--console-option "$option"); done
for host in ${INPUT_WEBHOOK_HOSTS:-}; do args+=(--webhook-host "$host"); done

ready="$(svc "${args[@]}")"
env_file="$SVC_CONFIG_DIR/emulator/detached.env"
if [ ! -f "$env_file" ]; then
  echo "::error::svc emulator start --detach wrote no env file ($ready)" >&2
  exit 1
fi

# Each line is `export NAME='value'`, for `. FILE` in a shell; here it is parsed, never run.
url=""
while IFS= read -r line; do
  line="${line#export }"
  name="${line%%=*}"
  value="${line#*=}"
  value="${value#\'}"
  value="${value%\'}"
  case "$name" in
    SVC_WORKSPACE_TOKEN | SVC_AUTH_TOKEN | SVC_API_KEY | SVC_EMULATOR_ADMIN_TOKEN) echo "::add-mask::$value" ;;
    SVC_BASE_URL) url="$value" ;;
  esac
  printf '%s=%s\n' "$name" "$value" >> "$GITHUB_ENV"
done < "$env_file"

if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "url=$url" >> "$GITHUB_OUTPUT"; fi
echo "The emulator is running at $url; SVC_BASE_URL and the workspace's credentials are set for the next steps."
