"""The OpenAI Responses API with streaming, as Codex calls it (``POST /v1/responses``)."""

from __future__ import annotations

import json

from servers.base import Handler
from servers.base import Json
from servers.base import Request
from servers.base import Segment
from servers.base import Turn
from servers.base import text_of

NAME = "responses"

_OUTPUTS = ("function_call_output", "custom_tool_call_output")


def _usage(tokens: int) -> Json:
    return {
        "input_tokens": tokens,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 1,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": tokens + 1,
    }


def is_agent_request(request: Request) -> bool:
    body = request.body
    return (
        request.method == "POST"
        and request.path.endswith("/responses")
        and isinstance(body, dict)
        and bool(body.get("tools"))
    )


def turn_index(request: Request) -> int:
    return sum(1 for item in request.body.get("input") or [] if item.get("type") in _OUTPUTS)


def _item(turn: Turn, seq: int) -> Json:
    # A freeform tool (``type: custom``, Codex's apply_patch) is called with raw input.
    if turn.tool and turn.raw:
        return {
            "type": "custom_tool_call",
            "id": f"ctc_e2e_{seq:04d}",
            "status": "completed",
            "call_id": f"call_e2e_{seq:04d}",
            "name": turn.tool,
            "input": turn.raw,
        }
    if turn.tool:
        return {
            "type": "function_call",
            "id": f"fc_e2e_{seq:04d}",
            "status": "completed",
            "call_id": f"call_e2e_{seq:04d}",
            "name": turn.tool,
            "arguments": json.dumps(turn.args),
        }
    return {
        "type": "message",
        "id": f"msg_e2e_{seq:04d}",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": turn.text, "annotations": []}],
    }


def _send(handler: Handler, body: Json, item: Json, seq: int, tokens: int = 1) -> None:
    response: Json = {
        "id": f"resp_e2e_{seq:04d}",
        "object": "response",
        "status": "in_progress",
        "model": body.get("model", ""),
        "output": [],
    }
    done = {**response, "status": "completed", "output": [item], "usage": _usage(tokens)}
    if not body.get("stream"):
        handler.send_json(done)
        return
    handler.send_sse(
        [
            ("response.created", {"type": "response.created", "response": response}),
            (
                "response.output_item.added",
                {"type": "response.output_item.added", "output_index": 0, "item": item},
            ),
            (
                "response.output_item.done",
                {"type": "response.output_item.done", "output_index": 0, "item": item},
            ),
            ("response.completed", {"type": "response.completed", "response": done}),
        ]
    )


def answer(handler: Handler, request: Request, turn: Turn, seq: int) -> None:
    _send(handler, request.body, _item(turn, seq), seq, turn.context_tokens)


def answer_other(handler: Handler, request: Request) -> None:
    if request.method == "POST" and request.path.endswith("/responses"):
        body = request.body if isinstance(request.body, dict) else {}
        _send(handler, body, _item(Turn(text="ok"), 0), 0)
        return
    if request.path.endswith("/models"):
        handler.send_json({"object": "list", "data": []})
        return
    handler.send_json({"error": {"message": "not scripted"}}, status=404)


def conversation(body: Json) -> list[Segment]:
    out: list[Segment] = []
    if body.get("instructions"):
        out.append(Segment("system_prompt", text_of(body["instructions"]), -1))
    for index, item in enumerate(body.get("input") or []):
        kind = item.get("type")
        if kind == "message":
            role = item.get("role")
            place = {
                "developer": "developer_msg",
                "system": "system_msg",
                "assistant": "assistant",
            }.get(role, "user_msg")
            out.append(Segment(place, text_of(item.get("content")), index))
        elif kind == "function_call":
            out.append(Segment("tool_call", f"{item.get('name')} {item.get('arguments')}", index))
        elif kind == "custom_tool_call":
            out.append(Segment("tool_call", f"{item.get('name')} {item.get('input')}", index))
        elif kind in _OUTPUTS:
            out.append(Segment("tool_result", text_of(item.get("output")), index))
    return out
