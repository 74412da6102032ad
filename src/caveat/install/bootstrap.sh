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
# A plugin that carries caveat's source (the repository's plugin/ folder, installed
# from its marketplace) installs caveat itself: selfinstall.sh makes a venv in
# ${CLAUDE_PLUGIN_DATA} in the background, never in the hook's own time, when no
# interpreter imports caveat, and again when the plugin's source changed (a session
# start compares its digest with the one the ready venv was built from); meanwhile
# the older venv keeps serving. With no interpreter every hook stays silent; a
# session start tells the model that caveat is getting ready while an install runs,
# and after a failed one tells the user (systemMessage) where the log is, what to do,
# and when it tries again (backing off from the next session start to once a day).

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

# The plugin's own venvs, when the plugin carries caveat's source.
data=${CLAUDE_PLUGIN_DATA:-}
root=${CLAUDE_PLUGIN_ROOT:-}
event=${3:-}
own=
case $data in
/*) [ -f "$root/pyproject.toml" ] && [ -f "$root/src/caveat/_launch.py" ] && own=1 ;;
esac

# The venv selfinstall.sh made last: DATA/ready names it (venv-DIGEST).
ready=
read_ready() {
    ready=
    [ -f "$data/ready" ] && [ ! -L "$data/ready" ] && IFS= read -r ready <"$data/ready"
    case $ready in
    venv-*[!0-9a-z]* | venv-) ready= ;;
    venv-*) ;;
    *) ready= ;;
    esac
} 2>/dev/null

# What pip installs from the plugin (hashed names and contents, in hex), or nothing.
digest() {
    local sums
    sums=$(cd "$root" && find -H pyproject.toml src messages skills examples -type f \
        ! -name '*.pyc' -exec cksum {} + | LC_ALL=C sort)
    [ -n "$sums" ] || return 1
    set -- $(printf '%s\n' "$sums" | cksum)
    printf '%x%x' "$1" "$2"
} 2>/dev/null

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
    mine=
    if [ -n "$own" ]; then
        read_ready
        [ -n "$ready" ] && mine=$data/$ready/bin/python
    fi
    for name in "$mine" python3 python3.13 python3.12 python3.11 python3.10 python; do
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

# The install: needed with no interpreter, or at a session start when the plugin's
# venv serves and its source changed. The first one starts at once; after a failure,
# only at a session start once the wait recorded in install.failed is over.
failures=0
next_try=0
if [ -n "$own" ] && { [ -z "$py" ] || [ "$event" = SessionStart ]; }; then
    here=${BASH_SOURCE[0]%/*}
    [ "$here" != "${BASH_SOURCE[0]}" ] || here=.
    lock=$data/install.lock
    if [ -d "$lock" ] && [ -f "$lock/pid" ] && ! kill -0 "$(cat "$lock/pid" 2>/dev/null)" 2>/dev/null; then
        rm -rf "$lock"
        echo "caveat self-install: stopped before it ended" >>"$data/install.log"
        "${BASH:-bash}" "$here/selfinstall.sh" --failed "$data"
    fi
    if [ -f "$data/install.failed" ]; then
        read -r failures next_try _ <"$data/install.failed"
        # A record that is not two numbers counts as one failure, due now; base 10,
        # so a leading zero is no octal error (which would end bash with status 1).
        case $failures in '' | *[!0-9]*) failures=1 ;; *) failures=$((10#$failures)) ;; esac
        case $next_try in '' | *[!0-9]*) next_try=0 ;; *) next_try=$((10#$next_try)) ;; esac
    fi
    want=
    if [ -z "$py" ]; then
        want=$(digest) || want=unknown
    elif [ "$event" = SessionStart ] && [ "${py#"$data"/venv-}" != "$py" ]; then
        read_ready
        want=$(digest) && [ "venv-$want" != "$ready" ] || want=
    fi
    now=$(date +%s 2>/dev/null) || now=0
    case $now in '' | *[!0-9]*) now=0 ;; esac
    if [ -n "$want" ] && [ ! -d "$lock" ] &&
        { [ "$failures" = 0 ] || { [ "$event" = SessionStart ] && [ "$now" -ge "$next_try" ]; }; }; then
        if mkdir -p "$data" && mkdir "$lock"; then
            detach=
            command -v setsid >/dev/null 2>&1 && detach=setsid
            $detach "${BASH:-bash}" "$here/selfinstall.sh" "$root" "$data" "$want" </dev/null >"$data/install.log" 2>&1 &
            echo $! >"$lock/pid"
        fi
    fi
fi 2>/dev/null

if [ -z "$py" ]; then
    cat >/dev/null 2>&1
    [ -n "$own" ] && [ "$event" = SessionStart ] || exit 0
    # JSON string text: backslashes and quotes escaped, control characters dropped.
    text() {
        local s=$1
        s=${s//\\/\\\\}
        s=${s//\"/\\\"}
        printf '%s' "${s//[$'\001'-$'\037']/}"
    }
    log=$(text "$data/install.log")
    if [ -d "$lock" ]; then
        told=
        if [ "$failures" != 0 ]; then
            told='"systemMessage":"caveat: installing itself again in the background; the last try failed (log: '$log'). Its guards are off until it is done.",'
        fi
        printf '%s\n' '{'"$told"'"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"caveat, the advisory hook plugin of this session, is getting ready: a one-time install of its Python package runs in the background. Until it is done caveat stays silent; nothing else changes."}}'
    elif [ "$failures" != 0 ]; then
        wait=$((next_try - now))
        if [ "$wait" -le 0 ]; then
            when="at the next session start"
        elif [ "$wait" -lt 5400 ]; then
            when="at a session start $(((wait + 59) / 60)) minutes from now or later"
        else
            when="at a session start $(((wait + 1799) / 3600)) hours from now or later"
        fi
        printf '%s\n' '{"systemMessage":"caveat is not running: installing its Python package failed ('"$failures"' tries; log: '"$log"'). Usually pip could not reach the package index: fix the network or pip'"'"'s settings (PIP_INDEX_URL, PIP_FIND_LINKS); caveat tries again '"$when"' (delete '"$(text "$data/install.failed")"' to try at the next one). Or use caveat without the plugin: pipx install '"$(text "$root")"', then caveat install --harness claude."}'
    fi
    exit 0
fi
# The plugin's options (/plugin): Claude Code passes each as CLAUDE_PLUGIN_OPTION_<KEY>.
# A variable the user exported already wins; "config" or empty changes nothing.
case ${CLAUDE_PLUGIN_OPTION_HOLD:-} in
once | ask | off) [ -n "${CAVEAT_HOLD:-}" ] || export CAVEAT_HOLD=$CLAUDE_PLUGIN_OPTION_HOLD ;;
esac
case ${CLAUDE_PLUGIN_OPTION_STRICT:-} in
"" | *[!a-z0-9,\ -]*) ;;
*) [ -n "${CAVEAT_STRICT:-}" ] || export CAVEAT_STRICT=$CLAUDE_PLUGIN_OPTION_STRICT ;;
esac
"$py" -I "$launch" "$@" || rm -f "$cache" 2>/dev/null
exit 0
