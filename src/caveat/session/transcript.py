"""How large the conversation's context is, from the newest usage record of the
transcript the harness passes as ``transcript_path``.

Only the file's tail is read (``caveat.session.tail``): backwards from the end in
chunks, at most ``TAIL_LIMIT`` bytes, stopping at the first (newest) usable record; a
transcript of gigabytes costs the same as a small one. The formats (Claude Code,
Codex, Gemini CLI, Qwen Code) are recognised from the content and read by
``caveat.session.usage``.

Anything unreadable — missing, not a regular file, binary, truncated, no usage in
the tail — gives None, and the caller falls back to other measures.
"""

from __future__ import annotations

import os

from caveat.files import open_regular
from caveat.session.tail import Backwards
from caveat.session.tail import window
from caveat.session.usage import gemini
from caveat.session.usage import line_tokens

TAIL_LIMIT = 1 << 20  # bytes read from the end at most
CHUNK = 1 << 16


def context_tokens(path: str, limit: int | None = None) -> int | None:
    """Tokens the newest model request of the transcript at ``path`` carried as
    context, or None when no usable record is in its tail."""
    if not path or "\x00" in path:
        return None
    limit = TAIL_LIMIT if limit is None else limit
    opened = open_regular(path)
    if opened is None:
        return None
    fd, size = opened
    try:
        if size <= 0:
            return None
        if path.endswith(".json"):
            # One JSON document (older Gemini CLI): scan the tail as text.
            return gemini(window(fd, size, limit))
        for line in Backwards(fd, size, limit, CHUNK):
            tokens = line_tokens(line)
            if tokens is not None:
                return tokens
    except OSError:
        return None
    finally:
        os.close(fd)
    return None
