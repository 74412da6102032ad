"""How large the conversation's context is, from the newest usage record of the
transcript the harness passes as ``transcript_path``.

Only the file's tail is read: backwards from the end in chunks, at most
``TAIL_LIMIT`` bytes, stopping at the first (newest) usable record; a transcript of
gigabytes costs the same as a small one. Formats, recognised from the content:

- Claude Code (JSONL): an ``"type": "assistant"`` record with ``message.usage``;
  the context is ``input_tokens + cache_read_input_tokens +
  cache_creation_input_tokens`` (the three are disjoint). Side-chain records
  (``isSidechain``) and zero usage (synthetic error messages) are skipped.
- Codex rollout (JSONL): ``{"type": "token_usage_record", "payload": {"usage":
  {"input_tokens": …}}}``, written as soon as a response completes (Codex 0.169), and
  ``{"type": "event_msg", "payload": {"type": "token_count", "info":
  {"last_token_usage": {"input_tokens": …, "cached_input_tokens": …}}}}``, which
  older versions write and 0.169 writes only after the tool's output, so it lags one
  tool call behind (seen in the end-to-end lane). The context is the last request's
  ``input_tokens`` (the cached tokens are part of it); the cumulative counts
  (``total_token_usage``, ``turn_token_usage``, ``thread_token_usage``) are not used.
- Gemini CLI chat recording (JSONL, or one pretty-printed JSON document in older
  versions): messages of type ``gemini`` carry ``"tokens": {"input", "output",
  "cached", "thoughts", "tool", "total"}``; the context is ``input`` (Gemini's
  ``promptTokenCount``, which includes the cached tokens).
- Qwen Code chat recording (JSONL): ``usageMetadata.promptTokenCount``.

Anything unreadable — missing, not a regular file, binary, truncated, no usage in
the tail — gives None, and the caller falls back to other measures.
"""

from __future__ import annotations

import os

from caveat.common.files import open_regular

TAIL_LIMIT = 1 << 20  # bytes read from the end at most
CHUNK = 1 << 16

# Substrings a line must hold before it is decoded at all.
_CLAUDE = b'"usage"'
_CODEX = b'"token_count"'
_CODEX_RECORD = b'"token_usage_record"'
_QWEN = b'"usageMetadata"'
_GEMINI = b'"tokens"'


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
            return _gemini(_window(fd, size, limit))
        for line in _Backwards(fd, size, limit):
            tokens = _line_tokens(line)
            if tokens is not None:
                return tokens
    except OSError:
        return None
    finally:
        os.close(fd)
    return None


def _read_at(fd: int, start: int, size: int) -> bytes:
    os.lseek(fd, start, os.SEEK_SET)
    parts = []
    while size > 0:
        part = os.read(fd, size)
        if not part:
            break
        parts.append(part)
        size -= len(part)
    return b"".join(parts)


def _window(fd: int, size: int, limit: int) -> bytes:
    start = max(0, size - limit)
    return _read_at(fd, start, size - start)


class _Backwards:
    """Complete lines of the file's last ``limit`` bytes, newest first, read one
    chunk at a time (a line cut by the window's start is dropped)."""

    def __init__(self, fd: int, size: int, limit: int) -> None:
        self.fd = fd
        self.end = size
        self.floor = max(0, size - limit)
        self._carry = b""
        self._pending: list[bytes] = []

    def __iter__(self) -> _Backwards:
        return self

    def __next__(self) -> bytes:
        while not self._pending:
            if self.end <= self.floor:
                raise StopIteration
            start = max(self.floor, self.end - CHUNK)
            data = _read_at(self.fd, start, self.end - start)
            if not data:
                raise StopIteration
            lines = (data + self._carry).split(b"\n")
            self.end = start
            if start > 0:
                self._carry = lines.pop(0)  # may continue in the chunk before
            else:
                self._carry = b""
            lines.reverse()
            self._pending = lines
        return self._pending.pop(0)


def _line_tokens(line: bytes) -> int | None:
    if b"\x00" in line:
        return None  # binary, or a sparse hole
    if _CODEX_RECORD in line:
        return _codex_record(_decode(line))
    if _CODEX in line:
        return _codex(_decode(line))
    if _QWEN in line:
        return _qwen(_decode(line))
    if _CLAUDE in line:
        return _claude(_decode(line))
    if _GEMINI in line:
        return _gemini(line)
    return None


def _decode(line: bytes) -> dict[str, object] | None:
    from caveat.common.jsonio import loads

    try:
        value = loads(line.decode("utf-8", "replace"))
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _count(table: object, key: str) -> int:
    value = table.get(key) if isinstance(table, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _positive(total: int) -> int | None:
    return total if total > 0 else None


def _claude(record: dict[str, object] | None) -> int | None:
    if not record or record.get("type") != "assistant" or record.get("isSidechain") is True:
        return None
    message = record.get("message")
    usage = message.get("usage") if isinstance(message, dict) else None
    if not isinstance(usage, dict):
        return None
    keys = ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
    return _positive(sum(_count(usage, k) for k in keys))


def _codex(record: dict[str, object] | None) -> int | None:
    if not record or record.get("type") != "event_msg":
        return None
    payload = record.get("payload")
    if not isinstance(payload, dict) or payload.get("type") != "token_count":
        return None
    info = payload.get("info")
    last = info.get("last_token_usage") if isinstance(info, dict) else None
    return _positive(_count(last, "input_tokens"))


def _codex_record(record: dict[str, object] | None) -> int | None:
    if not record or record.get("type") != "token_usage_record":
        return None
    payload = record.get("payload")
    usage = payload.get("usage") if isinstance(payload, dict) else None
    return _positive(_count(usage, "input_tokens"))


def _qwen(record: dict[str, object] | None) -> int | None:
    if not record:
        return None
    return _positive(_count(record.get("usageMetadata"), "promptTokenCount"))


def _gemini(text: bytes) -> int | None:
    """The last ``"tokens": {…}`` object in ``text`` that has an ``input`` count.

    The object is flat, so it ends at the first ``}``; a key inside a JSON string
    is escaped (``\\"tokens\\"``) and is skipped.
    """
    end = len(text)
    while True:
        at = text.rfind(_GEMINI, 0, end)
        if at < 0:
            return None
        end = at
        if at > 0 and text[at - 1 : at] == b"\\":
            continue
        rest = text[at + len(_GEMINI) : at + len(_GEMINI) + 400].lstrip()
        if not rest.startswith(b":"):
            continue
        rest = rest[1:].lstrip()
        close = rest.find(b"}")
        if not rest.startswith(b"{") or close < 0:
            continue
        tokens = _decode(rest[: close + 1])
        if tokens and "total" in tokens:
            found = _positive(_count(tokens, "input"))
            if found is not None:
                return found
