#!/usr/bin/env bash
# Lays out the root filesystem of the emulator's container image in dist/container/rootfs:
# the single executable (npm run build:binary), the shared libraries it links, a user to
# run as, a private home for the SQLite addon it unpacks, /tmp and the /data volume.
# Nothing else: no shell, no package manager, no CA store (Node carries its own roots).
# The Containerfile at the root of the repository copies it FROM scratch:
#   podman build --format docker -f Containerfile -t svc-emulator dist/container
set -euo pipefail
cd "$(dirname "$0")/.."

binary=dist/svc-linux-x64
out=dist/container
[ -x "$binary" ] || { echo "$binary is missing: run npm run build:binary first" >&2; exit 1; }
command -v ldd >/dev/null || { echo "ldd is missing (Debian package libc-bin)" >&2; exit 1; }

rm -rf "$out/rootfs" "$out/owned"
root="$out/rootfs"
# What the image's user owns (the volume, its home) apart: the Containerfile copies it with
# that owner.
owned="$out/owned"
mkdir -p "$root/usr/local/bin" "$root/etc" "$root/tmp" "$owned/data" "$owned/home"
install -m 0755 "$binary" "$root/usr/local/bin/svc"

# Each library the loader resolves for the executable, at the path it resolved it to, and the
# loader itself. The SQLite addon svc unpacks at run time links a subset of these (libstdc++,
# libgcc_s, libc), checked by the image's test.
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\/.*ld-linux/ { print $1 }' |
  while read -r lib; do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done

# UID 10001: no user of the build host's, and not root inside the container.
printf 'root:x:0:0:root:/root:/nonexistent\nsvc:x:10001:10001:svc emulator:/home/svc:/nonexistent\n' >"$root/etc/passwd"
printf 'root:x:0:\nsvc:x:10001:\n' >"$root/etc/group"
chmod 1777 "$root/tmp"
# The emulator refuses a data directory that is not its user's alone.
chmod 0700 "$owned/data" "$owned/home"

du -sh "$out" | awk '{ print "container root filesystem: " $1 }'
