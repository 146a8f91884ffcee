#!/bin/sh
# The quick start, end to end: run it through `svc emulator exec --no-workspace`, which
# provides SVC_BASE_URL, a throwaway SVC_CONFIG_DIR and svc on the PATH.
set -eu

step() { printf '\n==> %s\n' "$*" >&2; }

step "Create a workspace; its credentials are stored in the active profile"
svc workspace create --email ada@example.com --name Ada --workspace-name "Ada's workspace"

step "The stored profile (secrets masked) and a live check of its credentials"
svc profile show
svc auth status

step "List the API key's auth tokens, as JSON, and pick one field"
svc workspace tokens --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).authTokens[0].name))'

step "The owner email is not verified yet"
svc workspace email-status --email ada@example.com

step "Send a login link; the emulator keeps the email in its outbox"
svc workspace login-link --email ada@example.com --continue-url http://localhost:3000/welcome

step "Errors map to exit codes: a disposable address is INVALID_ARGUMENT (exit 2)"
if svc workspace create --email someone@mailinator.com --profile throwaway; then
  echo "expected the disposable address to be rejected" >&2
  exit 1
else
  code=$?
  [ "$code" -eq 2 ] || { echo "expected exit 2, got $code" >&2; exit 1; }
fi

step "Done: every step above ran against the local emulator"
