"""The Anthropic Messages API with streaming, as Claude Code calls it
(``POST /v1/messages?beta=true``)."""

from __future__ import annotations

import json
from typing import Any

from servers.base import Handler
from servers.base import Json
from servers.base import Request
from servers.base import Segment
from servers.base import Turn
from servers.base import text_of

NAME = "anthropic"


def is_agent_request(request: Request) -> bool:
    # The agent loop is the only caller that offers tools; quota probes, titles and
    # classifiers do not.
    body = request.body
    return (
        request.method == "POST"
        and request.path.endswith("/messages")
        and isinstance(body, dict)
        and bool(body.get("tools"))
    )


def turn_index(request: Request) -> int:
    """How many tool results the conversation holds: the next scripted turn."""
    count = 0
    for message in request.body.get("messages") or []:
        content = message.get("content")
        if message.get("role") == "user" and isinstance(content, list):
            count += sum(1 for block in content if block.get("type") == "tool_result")
    return count


def _message(body: Json, seq: int, tokens: int = 1) -> Json:
    return {
        "id": f"msg_e2e_{seq:04d}",
        "type": "message",
        "role": "assistant",
        "model": body.get("model", "claude"),
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": tokens, "output_tokens": 1},
    }


def _stream(
    handler: Handler, body: Json, block: Json, delta: Json, stop: str, seq: int, tokens: int
) -> None:
    start = dict(block)
    if block["type"] == "text":
        start["text"] = ""
    else:
        start["input"] = {}
    handler.send_sse(
        [
            (
                "message_start",
                {"type": "message_start", "message": _message(body, seq, tokens)},
            ),
            (
                "content_block_start",
                {"type": "content_block_start", "index": 0, "content_block": start},
            ),
            ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": stop, "stop_sequence": None},
                    "usage": {"output_tokens": 1},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
    )


def answer(handler: Handler, request: Request, turn: Turn, seq: int) -> None:
    body: Json = request.body
    if turn.tool:
        block: Json = {"type": "tool_use", "id": f"toolu_e2e_{seq:04d}", "name": turn.tool}
        args = json.dumps(turn.args)
        delta: Json = {"type": "input_json_delta", "partial_json": args}
        stop = "tool_use"
    else:
        block = {"type": "text", "text": turn.text}
        delta = {"type": "text_delta", "text": turn.text}
        stop = "end_turn"
    if body.get("stream"):
        _stream(handler, body, block, delta, stop, seq, turn.context_tokens)
        return
    message = _message(body, seq, turn.context_tokens)
    message["content"] = [
        {**block, "input": turn.args} if turn.tool else {"type": "text", "text": turn.text}
    ]
    message["stop_reason"] = stop
    handler.send_json(message)


def answer_other(handler: Handler, request: Request) -> None:
    body = request.body if isinstance(request.body, dict) else {}
    if request.path.endswith("/count_tokens"):
        handler.send_json({"input_tokens": 1})
        return
    if request.method != "POST" or not request.path.endswith("/messages"):
        handler.send_json({})
        return
    # A side request: the shortest sensible answer.
    text = Turn(text="ok")
    answer(handler, Request(request.method, request.path, request.query, body), text, 0)


def conversation(body: Json) -> list[Segment]:
    out: list[Segment] = []
    system = body.get("system")
    if system:
        out.append(Segment("system_prompt", text_of(system), -1))
    for index, message in enumerate(body.get("messages") or []):
        role = message.get("role")
        content = message.get("content")
        blocks: list[Any] = content if isinstance(content, list) else [content]
        for block in blocks:
            if isinstance(block, str):
                kind, text = "text", block
            else:
                kind = block.get("type")
                text = text_of(block)
            if kind == "tool_use":
                text = f"{block.get('name')} {json.dumps(block.get('input'))}"
                out.append(Segment("tool_call", text, index))
            elif kind == "tool_result":
                out.append(Segment("tool_result", text_of(block.get("content")), index))
            elif role == "system":
                out.append(Segment("system_msg", text, index))
            elif role == "assistant":
                out.append(Segment("assistant", text, index))
            else:
                out.append(Segment("user_msg", text, index))
    return out
