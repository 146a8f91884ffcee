#!/usr/bin/env bash
# `npm run lint`: ESLint, Prettier and the two TypeScript projects' type checks. Each runs on
# one core, so they run side by side; each one's output is printed whole, in this order,
# once all have ended, with how long it took. Fails if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."

names=(eslint prettier tsc tsc-web)
commands=(
  'npx eslint .'
  'npx prettier --check .'
  'npx tsc --noEmit -p .'
  'npx tsc --noEmit -p web'
)
out=$(mktemp -d "${TMPDIR:-/tmp}/svc-lint.XXXXXX")
trap 'rm -rf "$out"' EXIT

pids=()
for i in "${!names[@]}"; do
  (
    start=$SECONDS
    bash -c "${commands[$i]}" >"$out/$i.log" 2>&1
    status=$?
    echo "$status $((SECONDS - start))" >"$out/$i.status"
    exit "$status"
  ) &
  pids+=($!)
done

failed=0
for i in "${!names[@]}"; do
  wait "${pids[$i]}"
  read -r status seconds <"$out/$i.status"
  if [ "$status" = 0 ]; then
    echo "-- ${names[$i]}: passed in ${seconds} s"
  else
    echo "-- ${names[$i]}: failed (exit $status) after ${seconds} s: ${commands[$i]}"
    failed=1
  fi
  cat "$out/$i.log"
done
exit "$failed"
