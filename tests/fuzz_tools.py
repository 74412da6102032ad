"""Hypothesis strategies for tool calls: each harness's tool names and argument keys
(``fuzz_payloads`` puts them in payloads of each vendor's shape)."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from tests.fuzz_leaves import DOCUMENTS
from tests.fuzz_leaves import commands
from tests.fuzz_leaves import patch_bodies
from tests.fuzz_leaves import paths
from tests.fuzz_leaves import rare
from tests.fuzz_leaves import texts
from tests.fuzz_leaves import under_project

# --- tool inputs, by the shape of the arguments ----------------------------------------


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, str]:
    """(path, text) of a write: a file paired with content its guard reads, or any."""
    if draw(st.booleans()):
        return draw(paths), draw(texts)
    rel, text = draw(st.sampled_from(DOCUMENTS))
    path = draw(st.sampled_from((under_project(rel), rel)))
    return path, text + draw(st.just("") | texts)


@st.composite
def file_args(
    draw: st.DrawFn,
    /,
    path_key: str,
    text_key: str,
    old_key: str = "",
    **extra: st.SearchStrategy[object],
) -> dict[str, object]:
    """A file tool's arguments under the vendor's key names; any key may be missing."""
    path, text = draw(documents())
    args: dict[str, object] = {path_key: path, text_key: text}
    if old_key:
        args[old_key] = draw(st.just("") | texts)
    for key, strategy in extra.items():
        if draw(st.booleans()):
            args[key] = draw(strategy)
    for key in list(args):
        if rare(draw, 10):
            del args[key]
    return args


def _args(**fields: st.SearchStrategy[object]) -> st.SearchStrategy[dict[str, object]]:
    """Arguments that are not a file write: the first key present, the others maybe."""
    keys = list(fields)
    return st.fixed_dictionaries(
        {keys[0]: fields[keys[0]]}, optional=dict(list(fields.items())[1:])
    )


@st.composite
def edit_lists(draw: st.DrawFn) -> list[dict[str, object]]:
    """MultiEdit's and Cursor's ``edits``."""
    return [
        {"old_string": draw(texts), "new_string": draw(documents())[1]}
        for _ in range(draw(st.integers(0, 3)))
    ]


questions = st.fixed_dictionaries(
    {
        "question": texts,
        "header": st.text(max_size=12),
        "options": st.lists(
            st.fixed_dictionaries(
                {"label": st.sampled_from(("a", "b (Recommended)", "Yes")) | st.text(max_size=10)},
                optional={"description": texts},
            ),
            max_size=4,
        ),
    },
    optional={"multiSelect": st.booleans()},
)
SHAPES: dict[str, st.SearchStrategy[dict[str, object]]] = {
    "write": file_args("file_path", "content"),
    "edit": file_args("file_path", "new_string", "old_string", replace_all=st.booleans()),
    "multiedit": _args(file_path=paths, edits=edit_lists()),
    "notebook": file_args(
        "notebook_path",
        "new_source",
        cell_type=st.sampled_from(("code", "markdown")),
        edit_mode=st.sampled_from(("replace", "insert", "delete")),
    ),
    "bash": _args(command=commands, description=st.text(max_size=20), timeout=st.integers()),
    "argv": _args(
        command=commands.map(lambda c: ["bash", "-lc", c]) | st.lists(st.text(max_size=8))
    ),
    "cmd": _args(cmd=commands),
    "patch": st.one_of(
        _args(command=patch_bodies()),
        _args(patch=patch_bodies()),
        _args(input=patch_bodies()),
        _args(command=patch_bodies().map(lambda b: b.split("\n"))),
    ),
    "read": _args(file_path=paths, offset=st.integers(), limit=st.integers()),
    "ask": _args(questions=st.lists(questions, max_size=3)),
    # Gemini ``replace`` / Qwen ``edit``: an empty old_string creates the file.
    "replacement": file_args(
        "file_path",
        "new_string",
        "old_string",
        instruction=st.text(max_size=20),
        allow_multiple=st.booleans(),
    ),
    "gemini-shell": _args(command=commands, dir_path=paths, is_background=st.booleans()),
    "kiro-write": file_args(
        "path",
        "file_text",
        "old_str",
        command=st.sampled_from(("create", "str_replace", "insert", "append")),
        new_str=texts,
    ),
    "kiro-read": _args(path=paths, mode=st.just("Line")),
    "copilot-create": file_args("path", "file_text"),
    "copilot-edit": file_args("path", "new_str", "old_str"),
    "copilot-editor": file_args(
        "path",
        "file_text",
        "old_str",
        command=st.sampled_from(("create", "str_replace", "view", "insert")),
        new_str=texts,
    ),
    "devin-edit": file_args("file_path", "new_str", "old_str", path=paths),
    "devin-exec": _args(command=commands, shell_id=st.text(max_size=6)),
    "mcp": _args(query=texts, server=st.text(max_size=8)),
    # agy: PascalCase keys; its edit chunks come as a list or as a JSON string of one.
    "agy-exec": _args(CommandLine=commands, Cwd=paths, Blocking=st.booleans()),
    "agy-write": file_args("TargetFile", "CodeContent", Overwrite=st.booleans()),
    "agy-replace": file_args("TargetFile", "ReplacementContent", "TargetContent"),
    "agy-chunks": _args(
        TargetFile=paths,
        ReplacementChunks=st.lists(
            st.fixed_dictionaries({"TargetContent": texts, "ReplacementContent": texts}),
            max_size=3,
        ).flatmap(lambda chunks: st.sampled_from((chunks, json.dumps(chunks)))),
    ),
    "agy-view": _args(AbsolutePath=paths, StartLine=st.integers()),
}
_CLAUDE_TOOLS = (
    ("Write", "write"), ("Edit", "edit"), ("MultiEdit", "multiedit"),
    ("NotebookEdit", "notebook"), ("Bash", "bash"), ("PowerShell", "bash"), ("Read", "read"),
    ("AskUserQuestion", "ask"), ("mcp__server__tool", "mcp"), ("Task", "mcp"),
)  # fmt: skip
# Contract (or dialect) → (tool name, argument shape) pairs its harness sends.
TOOLS: dict[str, tuple[tuple[str, str], ...]] = {
    "claude": (*_CLAUDE_TOOLS, ("apply_patch", "patch"), ("shell", "argv")),
    "codebuddy": _CLAUDE_TOOLS,
    "codex": (
        ("apply_patch", "patch"), ("Bash", "bash"), ("shell", "argv"), ("exec_command", "cmd"),
        ("local_shell", "argv"), ("container.exec", "cmd"), ("mcp__x__y", "mcp"),
    ),
    "qwen": (
        ("write_file", "write"), ("edit", "replacement"), ("run_shell_command", "bash"),
        ("notebook_edit", "notebook"), ("read_file", "read"), *_CLAUDE_TOOLS[:4],
    ),
    "gemini": (
        ("write_file", "write"), ("replace", "replacement"),
        ("run_shell_command", "gemini-shell"), ("read_file", "read"), ("Write", "write"),
    ),
    "kiro": (
        ("fs_write", "kiro-write"), ("str_replace", "kiro-write"), ("execute_bash", "bash"),
        ("fs_read", "kiro-read"), ("use_aws", "mcp"),
    ),
    "devin": (
        ("exec", "devin-exec"), ("edit", "devin-edit"), ("write", "write"), ("read", "read"),
        ("edit", "edit"),
    ),
    "copilot": (
        ("Write", "copilot-create"), ("Edit", "copilot-edit"), ("Write", "write"),
        ("Edit", "edit"), ("Bash", "bash"),
    ),
    "copilot-native": (
        ("create", "copilot-create"), ("edit", "copilot-edit"),
        ("str_replace_editor", "copilot-editor"), ("apply_patch", "patch"), ("bash", "bash"),
        ("powershell", "bash"), ("view", "kiro-read"), ("ask_user", "ask"),
    ),
    "antigravity": (
        ("run_command", "agy-exec"), ("write_to_file", "agy-write"),
        ("replace_file_content", "agy-replace"), ("edit_file", "agy-chunks"),
        ("multi_replace_file_content", "agy-chunks"), ("view_file", "agy-view"),
        ("list_dir", "mcp"),
    ),
    "cursor": (
        ("Shell", "bash"), ("Write", "write"), ("StrReplace", "edit"), ("Edit", "edit"),
        ("Read", "read"), ("MCP:x", "mcp"),
    ),
}  # fmt: skip
