"""Which handlers in a harness file are caveat's.

Caveat's handlers are recognised by their invocation (``_launch.py`` or ``caveat
hook``, plus ``--contract ID``; for an HTTP hook, a loopback URL under
``/hook/ID/``), wherever the file lives; everything else in the file is the
operator's.
"""

from __future__ import annotations

import re

_INVOCATION = re.compile(r'(?:_launch\.py|\bcaveat(?:\.exe)?"?\s+hook)(?:\W|$)')
_LOOPBACK = re.compile(r"https?://(?:127\.0\.0\.1|localhost)(?::\d+)?/hook/([\w.-]+)/")


def invocation(handler: object) -> str:
    """What a handler runs: its command line (``command`` + ``args``, Copilot's
    ``bash``, Kiro's ``action.command``) or, for an HTTP hook, its URL."""
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


def owned(handler: object, contract: str) -> bool:
    """Is this handler caveat's registration for ``contract``?"""
    text = invocation(handler)
    loopback = _LOOPBACK.match(text)
    if loopback is not None:
        return loopback.group(1) == contract
    if not _INVOCATION.search(text):
        return False
    return re.search(rf"--contract[ =]{re.escape(contract)}(?![\w.-])", text) is not None
