#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# caveat's Claude Code plugin hook. Each registration runs
#     bash "${CLAUDE_PLUGIN_ROOT}/bootstrap.sh" --contract claude EVENT [--guards G,...]
# (bash names the script, so it needs no executable bit). It finds a Python >= 3.10
# that can import caveat and runs caveat's hook with it:
#     "$py" -I "<caveat package>/_launch.py" "$@"
# which reads the payload on stdin. The interpreter and the launcher are cached in
# caveat's state folder and probed again when either is gone, or when a run fails
# (the hook itself always exits 0, so a failure means it could not start). Only
# absolute interpreter paths are taken: a relative PATH entry could point into the
# open project, and -I keeps the project off sys.path. When no interpreter can
# import caveat, the payload is read and nothing is printed: exit 0, no advice.
#
# A plugin that carries caveat's source (the repository, installed from its
# marketplace) can install caveat itself: with no interpreter that imports caveat,
# selfinstall.sh makes a venv in ${CLAUDE_PLUGIN_DATA} in the background, never in
# the hook's own time. Until it is ready every hook stays silent, and a session start
# says once that caveat is getting ready; a failed install is retried at the next
# session start.

# The state folder, in caveat's order (SPEC §7).
state=${CAVEAT_STATE_DIR:-}
if [ -z "$state" ]; then
    if [ -n "${CLAUDE_PLUGIN_DATA:-}" ]; then
        state=$CLAUDE_PLUGIN_DATA/state
    elif [ -n "${XDG_STATE_HOME:-}" ] && [ "${XDG_STATE_HOME#/}" != "$XDG_STATE_HOME" ]; then
        state=$XDG_STATE_HOME/caveat
    elif [ -n "${LOCALAPPDATA:-}" ] && case ${OSTYPE:-} in msys* | cygwin*) true ;; *) false ;; esac; then
        state=$LOCALAPPDATA/caveat/state
    else
        state=~/.local/state/caveat
    fi
fi
cache=$state/plugin-python

# The plugin's own venv, when the plugin carries caveat's source.
data=${CLAUDE_PLUGIN_DATA:-}
root=${CLAUDE_PLUGIN_ROOT:-}
venv=
case $data in
/*) [ -f "$root/pyproject.toml" ] && [ -f "$root/src/caveat/_launch.py" ] && venv=$data/venv ;;
esac

py=
launch=
# Only a cache file of ours, not a symlink: one planted by another user while the
# folder was looser could name any program (SPEC §7). caveat writes it 0600.
if [ -f "$cache" ] && [ ! -L "$cache" ] && [ -O "$cache" ]; then
    { IFS= read -r py && IFS= read -r launch; } <"$cache" 2>/dev/null
fi

if [ -z "$py" ] || [ ! -x "$py" ] || [ -z "$launch" ] || [ ! -f "$launch" ]; then
    py=
    launch=
    own=
    if [ -n "$venv" ] && [ -f "$venv/.caveat-ready" ]; then
        own=$venv/bin/python
    fi
    for name in "$own" python3 python3.13 python3.12 python3.11 python3.10 python; do
        [ -n "$name" ] || continue
        candidate=$(command -v "$name" 2>/dev/null) || continue
        case $candidate in
        /*) ;;
        *) continue ;;
        esac
        package=$("$candidate" -I -c 'import os, sys
if sys.version_info < (3, 10):
    sys.exit(1)
import caveat
print(os.path.dirname(os.path.abspath(caveat.__file__)))' 2>/dev/null </dev/null) || continue
        if [ -n "$package" ] && [ -f "$package/_launch.py" ]; then
            py=$candidate
            launch=$package/_launch.py
            break
        fi
    done
    if [ -n "$py" ]; then
        (
            umask 077
            set -C # never through a file or symlink planted at the temporary name
            mkdir -p "$state" && printf '%s\n%s\n' "$py" "$launch" >"$cache.$$" &&
                mv -f "$cache.$$" "$cache" || rm -f "$cache.$$"
        ) 2>/dev/null
    fi
fi

if [ -z "$py" ]; then
    cat >/dev/null 2>&1
    [ -n "$venv" ] || exit 0
    event=${3:-}
    lock=$data/install.lock
    if [ -d "$lock" ] && [ -f "$lock/pid" ] && ! kill -0 "$(cat "$lock/pid" 2>/dev/null)" 2>/dev/null; then
        rm -rf "$lock"
        : >"$data/install.failed"
    fi
    # Start once; after a failure, only at a session start.
    if [ ! -d "$lock" ] && { [ ! -f "$data/install.failed" ] || [ "$event" = SessionStart ]; }; then
        if mkdir -p "$data" && mkdir "$lock" 2>/dev/null; then
            detach=
            command -v setsid >/dev/null 2>&1 && detach=setsid
            here=${BASH_SOURCE[0]%/*}
            [ "$here" != "${BASH_SOURCE[0]}" ] || here=.
            $detach bash "$here/selfinstall.sh" "$root" "$data" </dev/null >"$data/install.log" 2>&1 &
            echo $! >"$lock/pid"
        fi
    fi
    if [ "$event" = SessionStart ] && [ -d "$lock" ]; then
        printf '%s\n' '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"caveat, the advisory hook plugin of this session, is getting ready: a one-time install of its Python package runs in the background. Until it is done caveat stays silent; nothing else changes."}}'
    fi
    exit 0
fi
"$py" -I "$launch" "$@" || rm -f "$cache" 2>/dev/null
exit 0
