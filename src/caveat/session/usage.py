"""The context size one transcript record states, by harness format (the transcript
reader passes each line of the tail, newest first).

Formats, recognised from the content:

- Claude Code (JSONL): an ``"type": "assistant"`` record with ``message.usage``;
  the context is ``input_tokens + cache_read_input_tokens +
  cache_creation_input_tokens`` (the three are disjoint). Side-chain records
  (``isSidechain``) and zero usage (synthetic error messages) are skipped.
- Codex rollout (JSONL): ``{"type": "event_msg", "payload": {"type": "token_count",
  "info": {"last_token_usage": {"input_tokens": …, "cached_input_tokens": …}}}}``;
  the context is the last request's ``input_tokens`` (the cached tokens are part
  of it). ``total_token_usage`` is cumulative over the session and is not used.
- Gemini CLI chat recording (JSONL, or one pretty-printed JSON document in older
  versions): messages of type ``gemini`` carry ``"tokens": {"input", "output",
  "cached", "thoughts", "tool", "total"}``; the context is ``input`` (Gemini's
  ``promptTokenCount``, which includes the cached tokens).
- Qwen Code chat recording (JSONL): ``usageMetadata.promptTokenCount``.
"""

from __future__ import annotations

# Substrings a line must hold before it is decoded at all.
_CLAUDE = b'"usage"'
_CODEX = b'"token_count"'
_QWEN = b'"usageMetadata"'
_GEMINI = b'"tokens"'


def line_tokens(line: bytes) -> int | None:
    """The context tokens ``line`` states, or None when it is no usable record."""
    if b"\x00" in line:
        return None  # binary, or a sparse hole
    if _CODEX in line:
        return _codex(_decode(line))
    if _QWEN in line:
        return _qwen(_decode(line))
    if _CLAUDE in line:
        return _claude(_decode(line))
    if _GEMINI in line:
        return gemini(line)
    return None


def _decode(line: bytes) -> dict[str, object] | None:
    from caveat.jsonio import loads

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


def _qwen(record: dict[str, object] | None) -> int | None:
    if not record:
        return None
    return _positive(_count(record.get("usageMetadata"), "promptTokenCount"))


def gemini(text: bytes) -> int | None:
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
