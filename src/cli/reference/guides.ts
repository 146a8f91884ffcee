/**
 * The help topics that are prose: `svc help formatting` and `svc help credentials`. Each
 * says briefly what docs/cli-contract.md says in full.
 */
export const guides = {
  formatting: `Formatting svc's output

  --json        one JSON document on stdout: pretty on a terminal, compact when piped
  --jq EXPR     that document filtered by jq 1.8 (implies --json). Each result on a line of
                its own: a string as its text (as jq -r and gh --jq print it), anything else
                as JSON. A mistake in EXPR exits 2 before anything is sent; a failure of EXPR
                on the result exits 2 and prints none of it. jq's $ENV does not see svc's
                environment.
  --limit N     a listing prints at most N items, in every format, and stderr says when
                there were more. A listing read a page at a time fetches only the pages
                those N items need, and says how to continue.
  -q, --quiet   nothing on stderr but errors: no notices, warnings, spinners or retry line.
                Exit codes do not change.

Errors under --json (and --jq) are one JSON line on stderr, stdout empty.

Examples:
  $ svc docs list --org acme --jq '.[] | select(.disabled) | .id'
  $ svc folders list --org acme --limit 10 --json
  $ svc notifications list --org acme --user u1 --all --jq 'length' -q
`,
  credentials: `Where svc keeps credentials

Each token resolves on its own: the environment first (SVC_WORKSPACE_TOKEN, SVC_AUTH_TOKEN,
with SVC_WORKSPACE_ID, SVC_API_KEY), then the profile in use.

A profile's tokens are kept in the OS keyring when there is one (macOS Keychain, Windows
Credential Manager, the Secret Service of a Linux desktop); config.json keeps the rest of the
profile and the name of the keyring entry. Without a keyring (CI, containers, no D-Bus) they
go to config.json, mode 0600, and the command storing them says so once. svc waits at most
3 seconds for the keyring and never prompts for it.

  --insecure-storage              store tokens in config.json, not the keyring
  svc auth migrate-storage        move the tokens of the profile in use into the keyring
  svc auth migrate-storage --all  every profile; with --insecure-storage, back to the file
  svc auth status                 where each token in use comes from: env, keyring or file

Examples:
  $ svc auth login --api-key KEY --with-token < token.txt
  $ svc auth migrate-storage --all
  $ svc auth status --json --jq '.apiKey.source'
`,
} as const;
