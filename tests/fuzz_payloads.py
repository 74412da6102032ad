"""Hypothesis strategies for hook input: every contract, every event it maps, payloads
in each vendor's own shape, and hostile mutations of any field and of the raw bytes.

A drawn case is ``(contract id, argv after --contract ID, stdin bytes, extra env)``;
the leaves are in ``fuzz_leaves``, the tool calls in ``fuzz_tools``.
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

from caveat.harnesses import HARNESSES
from caveat.harnesses import load
from tests.fuzz_leaves import DEEP
from tests.fuzz_leaves import PROJECT
from tests.fuzz_leaves import RAW
from tests.fuzz_leaves import RAW_BYTES
from tests.fuzz_leaves import anything
from tests.fuzz_leaves import commands
from tests.fuzz_leaves import hostile_values
from tests.fuzz_leaves import paths
from tests.fuzz_leaves import rare
from tests.fuzz_leaves import texts
from tests.fuzz_tools import SHAPES
from tests.fuzz_tools import TOOLS
from tests.fuzz_tools import edit_lists

CONTRACT_IDS = tuple(sorted(HARNESSES))


def _events(contract_id: str) -> tuple[str, ...]:
    module = load(contract_id)
    assert module is not None, contract_id
    return tuple(sorted(module.EVENTS))


def _tool_events(contract_id: str) -> tuple[str, ...]:
    """The vendor's names for the events that carry a tool call (where guards speak)."""
    module = load(contract_id)
    assert module is not None, contract_id
    out = []
    for name in sorted(module.EVENTS):
        event = module.normalize({"hook_event_name": name}, name, {})
        if event is not None and event.name in ("PreToolUse", "PostToolUse"):
            out.append(name)
    return tuple(out)


EVENTS: dict[str, tuple[str, ...]] = {c: _events(c) for c in CONTRACT_IDS}
TOOL_EVENTS: dict[str, tuple[str, ...]] = {c: _tool_events(c) for c in CONTRACT_IDS}


# --- whole payloads, per dialect -------------------------------------------------------

# Mostly fresh sessions: advice already given in a session is not repeated, so a few
# shared ids would leave the firing paths unexercised after their first visit.
sessions = st.uuids().map(str) | st.sampled_from(("s1", "")) | st.text(max_size=12)
common = {
    "session_id": sessions,
    "transcript_path": st.sampled_from((f"{PROJECT}/t.jsonl", "/nonexistent/t.jsonl", "")),
    "permission_mode": st.sampled_from(("default", "plan", "acceptEdits", "bypassPermissions")),
    "source": st.sampled_from(("startup", "resume", "clear", "compact")),
    "stop_hook_active": st.booleans(),
    "prompt": texts,
    "turn_id": st.text(max_size=8),
    "tool_response": st.fixed_dictionaries({"stdout": texts, "success": st.booleans()}),
}


@st.composite
def tool_call(draw: st.DrawFn, dialect: str) -> tuple[str, dict[str, object]]:
    name, shape = draw(st.sampled_from(TOOLS[dialect]))
    return name, draw(SHAPES[shape])


@st.composite
def claude_shaped(draw: st.DrawFn, dialect: str, event: str) -> dict[str, object]:
    payload: dict[str, object] = draw(st.fixed_dictionaries({}, optional=common))
    payload["hook_event_name"] = event
    payload["cwd"] = draw(st.sampled_from((PROJECT, f"{PROJECT}/src", "")))
    if not rare(draw, 5):  # most events in the wild carry a tool call
        payload["tool_name"], payload["tool_input"] = draw(tool_call(dialect))
    return payload


@st.composite
def copilot_native(draw: st.DrawFn, event: str) -> dict[str, object]:
    payload: dict[str, object] = {"sessionId": draw(sessions), "timestamp": 1_700_000_000_000}
    payload["cwd"] = draw(st.sampled_from((PROJECT, f"{PROJECT}/src")))
    if event in ("preToolUse", "postToolUse", "postToolUseFailure", "permissionRequest", ""):
        name, args = draw(tool_call("copilot-native"))
        payload["toolName"] = name
        # toolArgs is a JSON *string*; apply_patch may send the bare patch text.
        encoded = json.dumps(args)
        patch = args.get("input")
        if name == "apply_patch" and isinstance(patch, str):
            encoded = draw(st.sampled_from((encoded, patch)))
        # Now and then an object after all, or a string cut short.
        choices = (encoded, encoded, encoded[: len(encoded) // 2], args)
        payload["toolArgs"] = draw(st.sampled_from(choices))
        if event == "postToolUse" or draw(st.booleans()):
            payload["toolResult"] = {"resultType": "success", "textResultForLlm": draw(texts)}
    if event == "sessionStart" or rare(draw, 10):
        payload["source"] = draw(common["source"])
    if event == "userPromptSubmitted":
        payload["prompt"] = draw(texts)
    return payload


@st.composite
def cursor_payload(draw: st.DrawFn, event: str) -> dict[str, object]:
    payload: dict[str, object] = {
        "conversation_id": draw(sessions),
        "generation_id": draw(st.text(max_size=8)),
        "hook_event_name": event,
        "workspace_roots": [PROJECT],
    }
    if draw(st.booleans()):
        payload["cwd"] = PROJECT
    if event in ("beforeShellExecution", "afterShellExecution"):
        payload["command"] = draw(commands)
    elif event in ("beforeReadFile", "afterFileEdit"):
        payload["file_path"] = draw(paths)
        payload["edits"] = draw(edit_lists())
    else:
        name, args = draw(tool_call("cursor"))
        payload["tool_name"] = name
        payload["tool_input"] = draw(st.sampled_from((args, json.dumps(args))))
    return payload


@st.composite
def cascade_payload(draw: st.DrawFn, event: str) -> dict[str, object]:
    info: dict[str, object] = {"cwd": draw(st.sampled_from((PROJECT, "")))}
    kind = event.split("_", 1)[1] if "_" in event else ""
    if "write" in kind:
        info.update(file_path=draw(paths), edits=draw(edit_lists()))
    elif "command" in kind:
        info["command_line"] = draw(commands)
    elif "mcp" in kind:
        info.update(
            mcp_server_name=draw(st.text(max_size=6)),
            mcp_tool_name=draw(st.text(max_size=6)),
            mcp_tool_arguments=draw(anything),
        )
    elif "read" in kind:
        info["file_path"] = draw(paths)
    else:
        info["user_prompt"] = draw(texts)
    return {
        "agent_action_name": event,
        "trajectory_id": draw(sessions),
        "execution_id": draw(st.text(max_size=6)),
        "timestamp": "2026-01-01T00:00:00Z",
        "tool_info": info,
    }


@st.composite
def agy_payload(draw: st.DrawFn, event: str) -> dict[str, object]:
    payload: dict[str, object] = {
        "conversationId": draw(sessions),
        "stepIdx": draw(st.integers(min_value=0, max_value=500)),
        "workspacePaths": [PROJECT],
        "transcriptPath": f"{PROJECT}/t.jsonl",
    }
    if event == "PostToolUse" and rare(draw, 5):  # a failed call: no tool call, an error
        payload.update(toolCall=None, error=draw(texts))
    else:
        name, args = draw(tool_call("antigravity"))
        payload["toolCall"] = {"name": name, "args": args}
    return payload


@st.composite
def vendor_payload(draw: st.DrawFn, contract_id: str, event: str) -> dict[str, object]:
    """A payload as ``contract_id``'s harness sends it for ``event``."""
    if contract_id == "copilot" and not event[:1].isupper():
        return draw(copilot_native(event))
    if contract_id == "cursor":
        return draw(cursor_payload(event))
    if contract_id == "antigravity":
        return draw(agy_payload(event))
    if contract_id == "devin" and "_" in event:
        return draw(cascade_payload(event))
    return draw(claude_shaped(contract_id, event))


# --- hostile mutations -----------------------------------------------------------------


def _slots(value: object, out: list[tuple[object, object]]) -> list[tuple[object, object]]:
    """Every (container, key) in a payload, depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((value, key))
            _slots(item, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.append((value, index))
            _slots(item, out)
    return out


@st.composite
def mutated(draw: st.DrawFn, payload: dict[str, object]) -> object:
    """``payload`` with up to three fields replaced by hostile values or removed (the
    top level itself, now and then: a list, a string, null)."""
    if rare(draw, 30):
        return draw(hostile_values)
    for _ in range(draw(st.integers(0, 3))):
        slots = _slots(payload, [])
        if not slots:
            break
        container, key = draw(st.sampled_from(slots))
        if isinstance(container, dict) and rare(draw, 6):
            del container[key]
        else:
            container[key] = draw(hostile_values)  # type: ignore[index]
    if rare(draw, 6):  # a field the vendor never sends
        payload[draw(st.sampled_from(tuple(common)) | st.text(max_size=8))] = draw(hostile_values)
    return payload


_DEPTHS = (100, 3000, 200_000)  # the last is past any recursion limit


@st.composite
def raw_bytes(draw: st.DrawFn, value: object) -> bytes:
    """``value`` encoded as the harness would (or nearly), then damaged at byte level."""
    ascii_only = draw(st.booleans())  # \\ud800 escapes, or raw surrogate bytes
    text = json.dumps(value, ensure_ascii=ascii_only)
    data = text.encode("utf-8", "surrogatepass")
    if RAW.encode() in data:
        data = data.replace(RAW.encode(), draw(st.sampled_from(RAW_BYTES)))
    if DEEP.encode() in data:
        depth = draw(st.sampled_from(_DEPTHS))
        data = data.replace(f'"{DEEP}"'.encode(), b"[" * depth + b"]" * depth, 1)
    damage = draw(st.integers(0, 15))  # 0, the most frequent draw: none
    if damage == 11:
        data = data[: draw(st.integers(0, len(data)))]  # cut short
    elif damage == 12:
        data = b"\xef\xbb\xbf" + data  # a byte-order mark
    elif damage == 13:
        data = data + draw(st.sampled_from((b"x", b"{}", b"\n\n", b"\x00", b" ]")))
    elif damage == 14 and data.startswith(b"{") and len(data) > 2:
        dup = draw(st.sampled_from((b'"hook_event_name":1,', b'"tool_input":"x",', b'"cwd":null,')))
        data = b"{" + dup + data[1:]  # a duplicate key (the last one wins)
    elif damage == 15:
        data = draw(st.sampled_from((b"", b" ", b"null", b"NaN", b"-Infinity", b"9" * 5000)))
    return data


@st.composite
def cases(draw: st.DrawFn, hostile: bool = True) -> tuple[str, list[str], bytes, dict[str, str]]:
    """One hook invocation: contract id, the argv after it, stdin, extra environment."""
    contract_id = draw(st.sampled_from(CONTRACT_IDS))
    # Half the time an event where guards speak; else any event the contract maps.
    event = draw(
        st.sampled_from(TOOL_EVENTS[contract_id])
        | st.sampled_from(EVENTS[contract_id])
        | st.sampled_from(("Bogus", ""))
    )
    value: object = draw(vendor_payload(contract_id, event))
    # The event name travels in the payload, on the command line, in both, or (for
    # Copilot's camelCase dialect, which names none) nowhere.
    where = draw(st.sampled_from(("payload", "argv", "both", "argv-only")))
    argv = [event] if where != "payload" and event else []
    if where == "argv-only" and isinstance(value, dict):
        value.pop("hook_event_name", None)
        value.pop("agent_action_name", None)
    argv += draw(
        st.lists(
            st.sampled_from(("pretooluse-eval-guard", "pretooluse-dependency-guard.md", "custom")),
            max_size=2,
        )
    )
    if rare(draw, 16):
        argv = draw(st.lists(st.text(max_size=12) | st.sampled_from(("--contract", "--explain"))))
    if hostile and draw(st.booleans()):
        value = draw(mutated(value))  # type: ignore[arg-type]
    env: dict[str, str] = {}
    if rare(draw, 4):
        env["CAVEAT_STRICT"] = draw(
            st.sampled_from(("conformity,custom,askuser,plan,plan-bash", "all", " , "))
        )
    if rare(draw, 6):  # the vendors' project variables, sane or not
        for key in ("CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "DEVIN_PROJECT_DIR"):
            env[key] = draw(st.sampled_from((PROJECT, "", "relative", "/nonexistent")))
    return contract_id, argv, draw(raw_bytes(value)), env
