"""Which handlers in a harness file are caveat's.

A handler is caveat's only when it has exactly a form caveat writes, whatever the
paths in it and wherever the file lives:

- exec form: ``command`` ``/bin/sh`` and ``args`` exactly ``-c START <abs>/caveat/
  launch/hook.sh --contract ID EVENT [--hold] [--guards G1,G2]`` (``START``: the
  launcher's guard against a missing data folder; earlier versions wrote it without
  ``-c START``); or ``command`` an absolute interpreter path and ``args`` exactly
  ``-I <launcher> --contract ID EVENT [--hold] [--guards G1,G2]``, the launcher being
  ``<abs>/caveat/launch/hook.py`` or, as earlier versions wrote it,
  ``<abs>/caveat/_launch.py`` (:func:`legacy`);
- shell form (``command``, Copilot's ``bash``, Kiro's ``action.command``): exactly
  ``"/bin/sh" -c 'START' "<abs>/caveat/launch/hook.sh" --contract ID EVENT [--hold]
  [--guards G1,G2]`` (or without ``-c 'START'``) or ``"<python>" -I "<launcher>"
  --contract ID EVENT [--hold] [--guards G1,G2]``;
- HTTP (``type: "http"``): ``url`` exactly
  ``http://127.0.0.1:<port>/hook/ID/EVENT[?guards=G1,G2]``, with the token taken
  from ``$CAVEAT_SERVE_TOKEN`` (``allowedEnvVars`` naming it), or, as earlier
  versions wrote it, ``caveat serve``'s own token as a literal and no
  ``allowedEnvVars`` (another token there is another server's).

Anything more or less (a ``; other-tool`` after the command, another host, a path
under ``/hook/ID`` with more in it, other headers) is the operator's, and is kept.
"""

from __future__ import annotations

import re

from caveat.install.endpoint import TOKEN_ENV
from caveat.install.launcher_sh import SHELL
from caveat.install.launcher_sh import START

_PATH = r'[^"$`\\\x00-\x1f]+'  # what check_path lets through, between quotes
_ROOT = r"(?:/|[A-Za-z]:[\\/])(?:[^\x00-\x1f]*[\\/])?caveat[\\/]"
_OLD = rf"{_ROOT}_launch\.py"  # in caveat's package: gone when the package moves
_LAUNCH = rf"{_ROOT}(?:_launch|launch[\\/]hook)\.py"
_LAUNCH_SH = r"/(?:[^\x00-\x1f]*/)?caveat/launch/hook\.sh"
# ``--guards`` narrows an entry; message names are what earlier versions wrote.
_NAMES = r"[a-z0-9][a-z0-9-]*(?:,[a-z0-9][a-z0-9-]*)*"
# ``--hold``: an entry that answers only with a hold.
_WORDS = (
    rf"--contract ([a-z0-9]+) [A-Za-z]+(?: --hold)?(?: --guards {_NAMES})?"
    r"(?: [a-z0-9][a-z0-9-]*)*"
)
# Earlier versions ran the launcher without ``-c START`` in front (still caveat's).
_START = re.escape(START)
_SHELL = re.compile(
    rf'(?:"{_PATH}" -I "(?={_LAUNCH}")|"{SHELL}" (?:-c \'{_START}\' )?"(?={_LAUNCH_SH}"))'
    rf'{_PATH}" {_WORDS}'
)
_ARG_WORDS = (
    rf"\n--contract\n([a-z0-9]+)\n[A-Za-z]+(?:\n--hold)?(?:\n--guards\n{_NAMES})?"
    r"(?:\n[a-z0-9][a-z0-9-]*)*"
)
_ARGS = re.compile(rf"-I\n{_LAUNCH}{_ARG_WORDS}")
_ARGS_SH = re.compile(rf"(?:-c\n{_START}\n)?{_LAUNCH_SH}{_ARG_WORDS}")
_OLD_ARGS = re.compile(rf"-I\n{_OLD}\n")
_OLD_SHELL = re.compile(rf'"{_PATH}" -I "(?={_OLD}"){_PATH}" ')
_URL = re.compile(
    r"http://127\.0\.0\.1:\d{1,5}/hook/([a-z0-9]+)/[A-Za-z]+"
    rf"(?:\?(?:messages|guards)={_NAMES})?"
)
_LITERAL_TOKEN = re.compile(r"Bearer [A-Za-z0-9_-]{32,}")


def invocation(handler: object) -> str:
    """What a handler runs, for messages: its command line (``command`` + ``args``,
    Copilot's ``bash``, Kiro's ``action.command``) or, for an HTTP hook, its URL."""
    if not isinstance(handler, dict):
        return ""
    url = handler.get("url")
    if isinstance(url, str) and handler.get("type") == "http":
        return url
    action = handler.get("action")
    if isinstance(action, dict):
        handler = action
    command = handler.get("command")
    if not isinstance(command, str):
        command = handler.get("bash")
    parts = [command, *(handler.get("args") or [])]
    return " ".join(p for p in parts if isinstance(p, str))


def contract_of(handler: object) -> str | None:
    """The contract id of a handler in one of caveat's forms, else None."""
    if not isinstance(handler, dict):
        return None
    if handler.get("type") == "http":
        return _http(handler)
    action = handler.get("action")
    if isinstance(action, dict):
        handler = action
    args = handler.get("args")
    command = handler.get("command")
    if args is not None:
        if not isinstance(command, str) or not re.fullmatch(_PATH, command):
            return None
        if not command.startswith("/") and not re.match(r"[A-Za-z]:[\\/]", command):
            return None
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            return None
        if any("\n" in a for a in args):
            return None
        found = (_ARGS_SH if command == SHELL else _ARGS).fullmatch("\n".join(args))
        return found.group(1) if found else None
    if not isinstance(command, str):
        command = handler.get("bash")
    if not isinstance(command, str):
        return None
    found = _SHELL.fullmatch(command)
    return found.group(1) if found else None


def _http(handler: dict[str, object]) -> str | None:
    url = handler.get("url")
    found = _URL.fullmatch(url) if isinstance(url, str) else None
    if found is None:
        return None
    headers = handler.get("headers")
    if not isinstance(headers, dict) or list(headers) != ["Authorization"]:
        return None
    value = headers["Authorization"]
    allowed = handler.get("allowedEnvVars")
    if value == f"Bearer ${TOKEN_ENV}" and allowed == [TOKEN_ENV]:
        return found.group(1)
    # The form of earlier versions: caveat serve's token itself in the file.
    if allowed is None and isinstance(value, str) and _LITERAL_TOKEN.fullmatch(value):
        token = _serve_token()
        if token and value == f"Bearer {token}":
            return found.group(1)
    return None


def _serve_token() -> str:
    """``caveat serve``'s token as its file holds it now ("" when there is none)."""
    import os

    try:
        from caveat import serve
    except ImportError:
        return ""
    from caveat.common.private import read_private

    raw = read_private(serve.token_path(os.environ), 4096, drop=False)
    return raw.decode("ascii", "replace").strip() if raw else ""


def legacy(handler: object) -> bool:
    """Is this one of caveat's handlers in the form of earlier versions, which names
    ``caveat/_launch.py`` in the package folder (and breaks when the package moves)?"""
    if contract_of(handler) is None or not isinstance(handler, dict):
        return False
    action = handler.get("action")
    inner = action if isinstance(action, dict) else handler
    args = inner.get("args")
    if isinstance(args, list):
        return bool(_OLD_ARGS.match("\n".join(str(a) for a in args) + "\n"))
    command = inner.get("command")
    if not isinstance(command, str):
        command = inner.get("bash")
    return isinstance(command, str) and bool(_OLD_SHELL.match(command))


def owned(handler: object, contract: str) -> bool:
    """Is this handler caveat's registration for ``contract``?"""
    return contract_of(handler) == contract
