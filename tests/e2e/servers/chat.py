"""OpenAI Chat Completions with streaming, as Qwen Code calls it
(``POST /v1/chat/completions``)."""

from __future__ import annotations

import json

from servers.base import Handler
from servers.base import Json
from servers.base import Request
from servers.base import Segment
from servers.base import Turn
from servers.base import minimal_instance
from servers.base import text_of

NAME = "chat"


def _usage(tokens: int) -> Json:
    return {"prompt_tokens": tokens, "completion_tokens": 1, "total_tokens": tokens + 1}


def _json_mode(body: Json) -> bool:
    response_format = body.get("response_format") or {}
    return isinstance(response_format, dict) and response_format.get("type") in (
        "json_object",
        "json_schema",
    )


def is_agent_request(request: Request) -> bool:
    body = request.body
    return (
        request.method == "POST"
        and request.path.endswith("/chat/completions")
        and isinstance(body, dict)
        and bool(body.get("tools"))
        and not _json_mode(body)
    )


def turn_index(request: Request) -> int:
    return sum(1 for message in request.body.get("messages") or [] if message.get("role") == "tool")


def _delta(turn: Turn, seq: int) -> Json:
    if turn.tool:
        call = {
            "index": 0,
            "id": f"call_e2e_{seq:04d}",
            "type": "function",
            "function": {"name": turn.tool, "arguments": json.dumps(turn.args)},
        }
        return {"role": "assistant", "content": None, "tool_calls": [call]}
    return {"role": "assistant", "content": turn.text}


def _send(handler: Handler, body: Json, turn: Turn, seq: int) -> None:
    base = {
        "id": f"chatcmpl-e2e-{seq:04d}",
        "created": 0,
        "model": body.get("model", "fake-model"),
    }
    delta = _delta(turn, seq)
    finish = "tool_calls" if turn.tool else "stop"
    if not body.get("stream"):
        message = {k: v for k, v in delta.items() if k != "tool_calls" or v}
        for call in message.get("tool_calls", []):
            call.pop("index", None)
        choice = {"index": 0, "message": message, "finish_reason": finish}
        handler.send_json(
            {
                **base,
                "object": "chat.completion",
                "choices": [choice],
                "usage": _usage(turn.context_tokens),
            }
        )
        return
    chunk = {**base, "object": "chat.completion.chunk"}
    handler.send_sse(
        [
            ("", {**chunk, "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}),
            ("", {**chunk, "choices": [{"index": 0, "delta": {}, "finish_reason": finish}]}),
            ("", {**chunk, "choices": [], "usage": _usage(turn.context_tokens)}),
            ("", "[DONE]"),
        ]
    )


def answer(handler: Handler, request: Request, turn: Turn, seq: int) -> None:
    _send(handler, request.body, turn, seq)


def answer_other(handler: Handler, request: Request) -> None:
    body = request.body if isinstance(request.body, dict) else {}
    if request.method == "POST" and request.path.endswith("/chat/completions"):
        text = "ok"
        if _json_mode(body):
            response_format = body.get("response_format") or {}
            schema = (response_format.get("json_schema") or {}).get("schema")
            text = json.dumps(minimal_instance(schema))
        _send(handler, body, Turn(text=text), 0)
    elif request.path.endswith("/models"):
        handler.send_json({"object": "list", "data": [{"id": "fake-model", "object": "model"}]})
    else:
        handler.send_json({"error": {"message": "not scripted"}}, status=404)


def conversation(body: Json) -> list[Segment]:
    out: list[Segment] = []
    for index, message in enumerate(body.get("messages") or []):
        role = message.get("role")
        text = text_of(message.get("content"))
        if role == "system":
            # A leading system message is the system prompt, as the model reads it.
            out.append(Segment("system_prompt" if index == 0 else "system_msg", text, index))
        elif role == "tool":
            out.append(Segment("tool_result", text, index))
        elif role == "assistant":
            if text:
                out.append(Segment("assistant", text, index))
            for call in message.get("tool_calls") or []:
                function = call.get("function") or {}
                line = f"{function.get('name')} {function.get('arguments')}"
                out.append(Segment("tool_call", line, index))
        elif role == "developer":
            out.append(Segment("developer_msg", text, index))
        else:
            out.append(Segment("user_msg", text, index))
    return out
