"""The scripted model server every API family shares: loopback only, an ephemeral port,
every request body recorded, agent-loop requests answered from a script of turns.

A family module (``anthropic``, ``responses``, ``gemini``, ``chat``) says which
requests belong to the agent loop, how far the conversation in a request has got, how
to answer with a turn, and how to read a request back as a flat conversation.
"""

from __future__ import annotations

import gzip
import json
import threading
import zlib
from dataclasses import dataclass
from dataclasses import field
from http.server import BaseHTTPRequestHandler
from http.server import ThreadingHTTPServer
from typing import Any
from typing import Protocol
from urllib.parse import urlsplit

Json = dict[str, Any]


@dataclass(frozen=True)
class Turn:
    """One scripted model answer: a tool call (``tool`` set) or final text."""

    tool: str = ""
    # Function-call arguments; for a freeform tool (Codex apply_patch) ``raw`` instead.
    args: Json = field(default_factory=dict)
    raw: str = ""
    text: str = ""
    # The input tokens the answer reports as its usage: how large the harness is told
    # the context is (1 unless a session makes it grow).
    context_tokens: int = 1


@dataclass(frozen=True)
class Segment:
    """One piece of a conversation as the model would read it.

    ``place`` is where it sits: ``system_prompt`` (a top-level system field, or a
    leading system message in Chat Completions), ``system_msg`` (a system-role
    message inside the conversation), ``developer_msg``, ``user_msg``, ``assistant``,
    ``tool_call`` (text: the tool name and its arguments) or ``tool_result``.
    ``message`` is the index of the message it belongs to, in request order.
    """

    place: str
    text: str
    message: int


@dataclass
class Request:
    method: str
    path: str
    query: str
    body: Any


class Family(Protocol):
    NAME: str

    def is_agent_request(self, request: Request) -> bool: ...

    def turn_index(self, request: Request) -> int: ...

    def answer(self, handler: Handler, request: Request, turn: Turn, seq: int) -> None: ...

    def answer_other(self, handler: Handler, request: Request) -> None: ...

    def conversation(self, body: Json) -> list[Segment]: ...


class Recorder:
    """Every request, in arrival order, in memory and as one JSON line each."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.count = 0

    def add(self, request: Request, answered: str) -> int:
        with self.lock:
            self.count += 1
            record = {
                "seq": self.count,
                "method": request.method,
                "path": request.path,
                "query": request.query,
                "answered": answered,
                "body": request.body,
            }
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
            return self.count


class Handler(BaseHTTPRequestHandler):
    # HTTP/1.1 with an explicit close after each answer: streaming answers carry no
    # length, and every client here reconnects without complaint.
    protocol_version = "HTTP/1.1"
    server: ScriptedServer

    def log_message(self, format: str, *args: Any) -> None:
        return  # the recorder is the log; stderr stays for real errors

    def do_GET(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def do_HEAD(self) -> None:
        self.send_json({}, status=200)

    def _handle(self) -> None:
        parts = urlsplit(self.path)
        request = Request(self.command, parts.path, parts.query, self._body())
        family = self.server.family
        if family.is_agent_request(request):
            index = family.turn_index(request)
            turns = self.server.turns
            marker, delegated = self.server.subagent
            if marker and marker in opening(family, request.body):  # a subagent's loop
                turns = delegated
            # Past the end of the script the model keeps saying its last line.
            turn = turns[index] if index < len(turns) else turns[-1]
            seq = self.server.recorder.add(request, f"turn {index}")
            family.answer(self, request, turn, seq)
        else:
            self.server.recorder.add(request, "other")
            family.answer_other(self, request)

    def _body(self) -> Any:
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length) if length else b""
        encoding = (self.headers.get("Content-Encoding") or "").lower()
        if encoding == "gzip":
            data = gzip.decompress(data)
        elif encoding == "deflate":
            data = zlib.decompress(data)
        if not data:
            return None
        try:
            return json.loads(data)
        except ValueError:
            return data.decode("utf-8", "replace")

    # ------------------------------------------------------------ answers

    def send_json(self, payload: Any, status: int = 200) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)
        self.close_connection = True

    def send_sse(self, events: list[tuple[str, Any]]) -> None:
        """Server-sent events: (event name or "", data) pairs; data that is not a
        string is JSON-encoded."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        for name, data in events:
            text = data if isinstance(data, str) else json.dumps(data)
            chunk = (f"event: {name}\n" if name else "") + f"data: {text}\n\n"
            self.wfile.write(chunk.encode())
        self.wfile.flush()
        self.close_connection = True


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(
        self,
        family: Family,
        turns: list[Turn],
        log_path: str,
        subagent: tuple[str, list[Turn]] = ("", []),
    ) -> None:
        # 127.0.0.1 and port 0: loopback only, a free port chosen by the kernel.
        super().__init__(("127.0.0.1", 0), Handler)
        self.family = family
        self.turns = turns
        # (marker, turns): a conversation whose opening carries the marker (the task a
        # scripted Agent call gave a subagent) plays these turns instead.
        self.subagent = subagent
        self.recorder = Recorder(log_path)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    def __enter__(self) -> ScriptedServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()


def opening(family: Family, body: Json) -> str:
    """The conversation's first user message, all its parts (a client puts reminders of
    its own before the task): what tells one agent loop from another."""
    said = [s for s in family.conversation(body) if s.place == "user_msg"]
    return "\n".join(s.text for s in said if s.message == said[0].message) if said else ""


def text_of(content: Any) -> str:
    """The text in a message's content: a string, or the text parts of a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(text_of(part) for part in content)
    if isinstance(content, dict):
        for key in ("text", "content", "output", "input_text"):
            if key in content:
                return text_of(content[key])
    return ""


def minimal_instance(schema: Any) -> Any:
    """The smallest value that satisfies a JSON schema, for side requests in JSON mode
    (titles, classifiers, next-speaker checks): they must not stall the session."""
    if not isinstance(schema, dict):
        return "ok"
    if schema.get("enum"):
        return schema["enum"][0]
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = kind[0] if kind else "string"
    kind = str(kind or "object").lower()
    if kind == "object":
        props = schema.get("properties") or {}
        required = schema.get("required") or list(props)
        return {key: minimal_instance(props.get(key)) for key in required}
    if kind == "array":
        return []
    if kind in ("integer", "number"):
        return 0
    if kind == "boolean":
        return False
    return "ok"
