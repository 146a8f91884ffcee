#!/bin/sh
# Migrates documents the way a deployment script would: stop at the first failure, and let
# the exit code say what happened (0 completed, 6 failed, 7 timed out, 75 try again later).
# Run it against a seeded emulator:
#   svc emulator exec --seed examples/fixtures/basic.json -- sh examples/migrate.sh
set -eu

org=acme
for doc in welcome notes; do
  echo "Migrating $doc to $doc-2027..." >&2
  svc docs migrate --org "$org" --doc "$doc" --to "$doc-2027" --wait --wait-timeout 2m
done

# The documents answer under their new ids, and the old ids are gone.
svc docs list --org "$org" --doc welcome-2027,notes-2027 --json | node -e '
  let s = "";
  process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const ids = JSON.parse(s).map((d) => d.id).sort().join(",");
    if (ids !== "notes-2027,welcome-2027") { console.error("unexpected documents: " + ids); process.exit(1); }
    console.error("Both documents migrated.");
  });'
