"""``caveat verify --run``: start each of caveat's registered commands as its harness
would, on a harmless payload (a Read of a file in a temporary folder), with a
deadline, and report what it printed and its exit status.

The probe runs with a temporary state folder, so the operator's audit log and caches
are untouched; a registration that exits non-zero, or prints anything but one JSON
object, is a failure (a harness may take it as a block of every tool call).
"""

from __future__ import annotations

import json
import os
import tempfile

from caveat import harnesses
from caveat.common import proc
from caveat.install.owner import contract_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.core import Found
    from caveat.install.core import Json

DEADLINE_S = 30.0
SHOWN = 200  # characters of output shown


def argv(handler: Json) -> list[str] | None:
    """The process a harness starts for a command handler: exec form as argv, a
    shell string (``command``, Copilot's ``bash``, Kiro's ``action.command``) by
    ``/bin/sh -c``; None for an HTTP hook."""
    if handler.get("type") == "http":
        return None
    action = handler.get("action")
    inner: Json = action if isinstance(action, dict) else handler
    command = inner.get("command") or inner.get("bash")
    if not isinstance(command, str):
        return None
    args = inner.get("args")
    if isinstance(args, list):
        return [command, *(str(a) for a in args)]
    return ["/bin/sh", "-c", command]


def payload(contract: str, event: str, folder: str) -> bytes:
    """A harmless call in the harness's shape: a Read of a file in ``folder``."""
    path = os.path.join(folder, "probe.txt")
    if contract == "copilot":
        args = json.dumps({"path": path})
        data: Json = {"timestamp": 0, "cwd": folder, "toolName": "view", "toolArgs": args}
    elif contract == "antigravity":
        call = {"name": "view_file", "args": {"AbsolutePath": path}}
        data = {"conversationId": "caveat-verify-run", "workspacePaths": [folder], "toolCall": call}
    else:
        data = {
            "session_id": "caveat-verify-run",
            "cwd": folder,
            "hook_event_name": event,
            "tool_name": "Read",
            "tool_input": {"file_path": path},
        }
    return json.dumps(data).encode()


def shown(data: bytes) -> str:
    text = data.decode("utf-8", "replace")
    cut = text[:SHOWN] + ("…" if len(text) > SHOWN else "")
    return json.dumps(cut, ensure_ascii=True)  # escaped: control characters stay inert


def run(found: list[Found], env: Mapping[str, str]) -> list[tuple[str, bool]]:
    """(one line per registration, whether it behaved) for caveat's handlers."""
    out = []
    with tempfile.TemporaryDirectory(prefix="caveat-verify-") as folder:
        with open(os.path.join(folder, "probe.txt"), "w", encoding="utf-8") as fh:
            fh.write("probe\n")
        child = {**env, "CAVEAT_STATE_DIR": os.path.join(folder, "state")}
        for event, matcher, handler in found:
            words = argv(handler)
            if words is None:
                continue
            label = f"{event} {matcher or '(all)'}"
            data = payload(contract_of(handler) or "", event, folder)
            try:
                done = proc.run(words, data, child, folder, DEADLINE_S)
            except (OSError, ValueError) as exc:  # ValueError: not an absolute path
                why = exc.strerror if isinstance(exc, OSError) else exc
                out.append((f"{label}: cannot start {words[0]}: {why}", False))
                continue
            if done.returncode is None:
                out.append((f"{label}: no answer within {DEADLINE_S:.0f} s", False))
                continue
            # Where the harness reads no answer as a refusal, nothing is not an answer.
            answers = bool(getattr(harnesses.load(contract_of(handler) or ""), "SILENT", ""))
            ok = done.returncode == 0 and _one_object(done.stdout, answers)
            printed = shown(done.stdout) if done.stdout else "nothing"
            line = f"{label}: exit {done.returncode}, printed {printed}"
            if not ok and done.stderr:
                line += f", stderr {shown(done.stderr)}"
            out.append((line, ok))
    return out


def _one_object(data: bytes, required: bool = False) -> bool:
    if not data.strip():
        return not required
    try:
        return isinstance(json.loads(data), dict)
    except ValueError:
        return False
