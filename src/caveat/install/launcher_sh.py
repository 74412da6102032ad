"""The shell launcher, ``launch/hook.sh``: what a registration runs first (``START``)
and the text of the file it starts (:mod:`caveat.install.launcher` says why)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

SHELL = "/bin/sh"

# What a registration runs first, as ``/bin/sh -c START <hook.sh> --contract …``: the
# launcher when it is there, else status 0 and the contract's silent answer where it
# has one (``/bin/sh`` on a missing file exits 2, which Copilot reads as a deny of
# every tool call; agy refuses a tool on no answer). No single quote and no newline:
# it is written between single quotes in shell-form registrations. The answers are
# the contracts' ``SILENT`` (``tests/test_launch.py`` holds them equal).
START_ANSWERS = {"antigravity": '{"decision":"ask"}'}
START = (
    '[ -r "$0" ] && exec /bin/sh "$0" "$@"; cat >/dev/null 2>&1; '
    + "".join(
        f'[ "$2" = {contract} ] && printf %s "{answer.replace(chr(34), chr(92) + chr(34))}"; '
        for contract, answer in sorted(START_ANSWERS.items())
    )
    + "exit 0"
)

# ``@PYTHON@`` and ``@HOOK@`` are filled in at install; the state folder is found in
# caveat's order (SPEC §7, ``caveat.common.state.location``).
_SH = r"""# caveat's hook launcher, written by `caveat install` (every install rewrites it).
# Registrations run `/bin/sh <this file> --contract ID EVENT ...`: this starts caveat's
# hook with the interpreter caveat was installed with. When that interpreter is gone
# (caveat uninstalled, its venv removed), it reads the payload, appends a
# "launch failed" line to the audit log and exits 0: a moved caveat never blocks.
# An interpreter that is there but cannot start (its standard library gone) exits
# non-zero, which Copilot reads as a deny: so it is not exec'd, and its status is
# recorded like a missing one.
py="@PYTHON@"
hook="@HOOK@"
if [ -x "$py" ] && [ -f "$hook" ]; then
    "$py" -I "$hook" "$@"
    status=$?
    [ "$status" -eq 0 ] && exit 0
    why="interpreter $py exited $status"
else
    why="interpreter $py is gone"
    [ -x "$py" ] && why="$hook is gone"
fi
cat >/dev/null 2>&1
contract=
event=
[ "${1:-}" = --contract ] && contract=${2:-} && event=${3:-}
# A harness that reads no answer as a refusal gets its silent answer all the same.
@SILENT@
case ${CAVEAT_DISABLE:-} in 1 | [Tt][Rr][Uu][Ee] | [Yy][Ee][Ss] | [Oo][Nn]) exit 0 ;; esac
echo "caveat: launch failed: $why; run caveat install again" >&2
case $contract in *[!a-z0-9]*) contract=? ;; esac
case $event in *[!A-Za-z]*) event=? ;; esac
state=${CAVEAT_STATE_DIR:-}
if [ -z "$state" ]; then
    if [ -n "${CLAUDE_PLUGIN_DATA:-}" ]; then
        state=$CLAUDE_PLUGIN_DATA/state
    elif [ -n "${XDG_STATE_HOME:-}" ] && [ "${XDG_STATE_HOME#/}" != "$XDG_STATE_HOME" ]; then
        state=$XDG_STATE_HOME/caveat
    else
        state=${HOME:-~}/.local/state/caveat
    fi
fi
(
    umask 077
    mkdir -p "$state/audit" || exit 0
    [ -O "$state" ] && [ ! -L "$state" ] && [ ! -L "$state/audit" ] || exit 0
    now=$(date -u +%Y-%m-%dT%H:%M:%SZ) || exit 0
    file=$state/audit/${now%%T*}.jsonl
    [ ! -L "$file" ] || exit 0
    line='{"time":"%s","contract":"%s","event":"%s","tool":"","project":"","path":"",'
    line=$line'"session":"","guards":[],"received":"nothing","failed":"launch failed: %s",'
    printf "$line"'"ms":0.00}\n' "$now" "$contract" "$event" "$why" >>"$file"
) 2>/dev/null
exit 0
"""


def text(python: str, hook: str, answers: Mapping[str, str]) -> str:
    """``hook.sh`` for the interpreter ``python`` running ``hook`` (``hook.py``)."""
    sh = _SH.replace("@PYTHON@", python).replace("@HOOK@", hook)
    return sh.replace("@SILENT@", _sh_case(answers))


def _sh_case(answers: Mapping[str, str]) -> str:
    if not answers:
        return ":"
    arms = "".join(f"    {h}) printf '%s\\n' '{a}' ;;\n" for h, a in sorted(answers.items()))
    return f"case $contract in\n{arms}esac"
