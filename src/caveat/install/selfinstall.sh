#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# caveat's install for a Claude Code plugin that carries caveat's source (the
# repository's plugin/ folder, installed from its marketplace), started by
# bootstrap.sh in the background:
#     bash selfinstall.sh PLUGIN_ROOT DATA DIGEST
# creates DATA/venv-DIGEST with the first Python >= 3.10 on PATH (absolute entries
# only), installs PLUGIN_ROOT into it with pip (dependencies from the package index,
# or wherever PIP_* settings point), then names it in DATA/ready, written last and in
# one rename: until then the venv DATA/ready named before (an older plugin source)
# keeps serving. The older venvs are then removed.
#
# A failure is recorded in DATA/install.failed as "FAILURES NEXT_TRY" (seconds since
# the epoch): the first retry is at the next session start, then no sooner than 5
# minutes later, doubling up to a day. bootstrap.sh records a failure the same way
# when an install dies before it ends:
#     bash selfinstall.sh --failed DATA
# DATA/install.lock (made by bootstrap.sh, which writes the pid) is removed at the
# end either way. Output goes to DATA/install.log.

record_failure() {
    local failed=$1/install.failed failures= wait=0 now
    [ -f "$failed" ] && read -r failures _ <"$failed"
    case $failures in
    '' | *[!0-9]*) failures=0 ;;
    esac
    failures=$((10#$failures + 1)) # base 10: a leading zero is no octal error
    if [ "$failures" -ge 11 ]; then
        wait=86400
    elif [ "$failures" -ge 2 ]; then
        wait=$((300 << (failures - 2)))
        [ "$wait" -le 86400 ] || wait=86400
    fi
    now=$(date +%s 2>/dev/null)
    case $now in
    '' | *[!0-9]*) now=0 ;;
    esac
    printf '%s %s\n' "$failures" "$((now + wait))" >"$failed.$$" && mv -f "$failed.$$" "$failed"
}

if [ "${1:-}" = --failed ]; then
    record_failure "$2"
    exit 0
fi

root=$1
data=$2
digest=$3
case $digest in
'' | *[!0-9a-f]*) digest=unknown ;;
esac
name=venv-$digest
venv=$data/$name
lock=$data/install.lock

base=
for candidate in python3 python3.13 python3.12 python3.11 python3.10 python; do
    candidate=$(command -v "$candidate" 2>/dev/null) || continue
    case $candidate in
    /*) ;;
    *) continue ;;
    esac
    if "$candidate" -I -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 10))' \
        </dev/null 2>/dev/null; then
        base=$candidate
        break
    fi
done

echo "caveat self-install: $(date -u +%Y-%m-%dT%H:%M:%SZ), source: $root ($name), python: ${base:-none found}"
if [ -n "$base" ] && rm -rf "$venv" && "$base" -m venv "$venv" &&
    "$venv/bin/python" -m pip install --disable-pip-version-check --quiet "$root" &&
    printf '%s\n' "$name" >"$data/ready.$$" && mv -f "$data/ready.$$" "$data/ready"; then
    rm -f "$data/install.failed"
    for old in "$data"/venv-* "$data/venv"; do
        [ "$old" = "$venv" ] || rm -rf "$old"
    done
    echo "caveat self-install: ready"
else
    rm -f "$data/ready.$$"
    rm -rf "$venv"
    [ "$(cat "$data/ready" 2>/dev/null)" != "$name" ] || rm -f "$data/ready"
    record_failure "$data"
    echo "caveat self-install: failed; the next session start says so, and when it tries again"
fi
rm -rf "$lock"
