"""The Gemini API, as Gemini CLI calls it (``POST /v1beta/models/M:streamGenerateContent``
with ``alt=sse``, ``:generateContent``, ``:countTokens``)."""

from __future__ import annotations

import json
from typing import Any

from servers.base import Handler
from servers.base import Json
from servers.base import Request
from servers.base import Segment
from servers.base import Turn
from servers.base import minimal_instance

NAME = "gemini"


def _method(request: Request) -> str:
    """``generatecontent``, ``streamgeneratecontent``, ``counttokens`` …"""
    return request.path.rsplit(":", 1)[-1].lower()


def _json_mode(body: Json) -> bool:
    config = body.get("generationConfig") or {}
    return config.get("responseMimeType") == "application/json"


def is_agent_request(request: Request) -> bool:
    # The agent loop offers tools and wants prose or calls; the CLI's own helpers
    # (next-speaker check, routing) ask for JSON and offer no tools.
    body = request.body
    return (
        request.method == "POST"
        and _method(request).endswith("generatecontent")
        and isinstance(body, dict)
        and bool(body.get("tools"))
        and not _json_mode(body)
    )


def turn_index(request: Request) -> int:
    count = 0
    for content in request.body.get("contents") or []:
        count += sum(1 for part in content.get("parts") or [] if "functionResponse" in part)
    return count


def _reply(parts: list[Json], tokens: int) -> Json:
    return {
        "candidates": [
            {"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}
        ],
        "usageMetadata": {
            "promptTokenCount": tokens,
            "candidatesTokenCount": 1,
            "totalTokenCount": tokens + 1,
        },
        "modelVersion": "gemini-2.5-pro",
    }


def _send(handler: Handler, request: Request, parts: list[Json], tokens: int = 1) -> None:
    if "alt=sse" in request.query:
        handler.send_sse([("", _reply(parts, tokens))])
    else:
        handler.send_json(_reply(parts, tokens))


def answer(handler: Handler, request: Request, turn: Turn, seq: int) -> None:
    if turn.tool:
        call = {"functionCall": {"name": turn.tool, "args": turn.args}}
        _send(handler, request, [call], turn.context_tokens)
    else:
        _send(handler, request, [{"text": turn.text}], turn.context_tokens)


def answer_other(handler: Handler, request: Request) -> None:
    method = _method(request)
    body = request.body if isinstance(request.body, dict) else {}
    if method == "counttokens":
        handler.send_json({"totalTokens": 1})
    elif method.endswith("generatecontent"):
        text = "ok"
        if _json_mode(body):
            config = body.get("generationConfig") or {}
            schema = config.get("responseJsonSchema") or config.get("responseSchema")
            text = json.dumps(minimal_instance(schema))
        _send(handler, request, [{"text": text}])
    else:
        handler.send_json({"error": {"message": "not scripted"}}, status=404)


def _strings(value: Any) -> str:
    """Every string inside a functionResponse, in order (its shape varies by tool)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return "\n".join(_strings(v) for v in value.values())
    if isinstance(value, list):
        return "\n".join(_strings(v) for v in value)
    return ""


def conversation(body: Json) -> list[Segment]:
    out: list[Segment] = []
    system = body.get("systemInstruction")
    if system:
        parts = system.get("parts") if isinstance(system, dict) else None
        text = _strings([p.get("text", "") for p in parts or []]) if parts else _strings(system)
        out.append(Segment("system_prompt", text, -1))
    for index, content in enumerate(body.get("contents") or []):
        model = content.get("role") == "model"
        for part in content.get("parts") or []:
            if "functionCall" in part:
                call = part["functionCall"]
                text = f"{call.get('name')} {json.dumps(call.get('args'))}"
                out.append(Segment("tool_call", text, index))
            elif "functionResponse" in part:
                response = part["functionResponse"].get("response")
                out.append(Segment("tool_result", _strings(response), index))
            elif "text" in part and not part.get("thought"):
                out.append(Segment("assistant" if model else "user_msg", part["text"], index))
    return out
