#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# caveat's one-time install for a Claude Code plugin that carries caveat's source
# (the repository installed from its marketplace), started by bootstrap.sh in the
# background when no Python on the machine can import caveat:
#     bash selfinstall.sh PLUGIN_ROOT DATA
# creates DATA/venv with the first Python >= 3.10 on PATH (absolute entries only),
# installs PLUGIN_ROOT into it with pip (dependencies from the package index, or
# wherever PIP_* settings point), and marks it ready with DATA/venv/.caveat-ready.
# A failure leaves DATA/install.failed, which bootstrap.sh retries at the next session
# start. DATA/install.lock (made by bootstrap.sh, which writes the pid) is removed at
# the end either way. Output goes to DATA/install.log.
root=$1
data=$2
venv=$data/venv
lock=$data/install.lock

base=
for name in python3 python3.13 python3.12 python3.11 python3.10 python; do
    candidate=$(command -v "$name" 2>/dev/null) || continue
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

rm -f "$data/install.failed"
echo "caveat self-install: $(date -u +%Y-%m-%dT%H:%M:%SZ), python: ${base:-none found}"
if [ -n "$base" ] && rm -rf "$venv" && "$base" -m venv "$venv" &&
    "$venv/bin/python" -m pip install --disable-pip-version-check --quiet "$root"; then
    : >"$venv/.caveat-ready"
    echo "caveat self-install: ready"
else
    : >"$data/install.failed"
    echo "caveat self-install: failed; retried at the next session start"
fi
rm -rf "$lock"
