"""Reconstructing a file before and after an edit, before and after the tool ran."""

from __future__ import annotations

import shutil

import pytest

from caveat.event import FRAGMENT
from caveat.event import WHOLE
from caveat.event import Event
from caveat.event import FileEdit
from caveat.guards.base import Context
from caveat.guards.base import versions
from tests.helpers import commit_all


def ctx_for(name, path, edits):
    event = Event(name, tool="Write", edits=tuple(edits), cwd=str(path.parent))
    return Context(event, {})


def test_pre_tool_applies_fragments_to_the_file_on_disk(project):
    path = project / "a.txt"
    path.write_text("one\ntwo\n")
    edits = [
        FileEdit(str(path), "TWO", FRAGMENT, "two"),
        FileEdit(str(path), "ONE", FRAGMENT, "one"),
    ]
    assert versions(ctx_for("PreToolUse", path, edits), edits) == ("one\ntwo\n", "ONE\nTWO\n", True)


def test_pre_tool_fragment_that_does_not_apply_falls_back_to_fragments(project):
    path = project / "a.txt"
    path.write_text("one\n")
    edits = [FileEdit(str(path), "new", FRAGMENT, "missing")]
    assert versions(ctx_for("PreToolUse", path, edits), edits) == ("missing", "new", False)


def test_post_tool_undoes_fragments_on_the_file_on_disk(project):
    path = project / "requirements.txt"
    path.write_text("flask==3\nrequests==2\n")  # already holds the new text
    edits = [FileEdit(str(path), "flask==3\nrequests==2\n", FRAGMENT, "flask==3\n")]
    assert versions(ctx_for("PostToolUse", path, edits), edits) == (
        "flask==3\n",
        "flask==3\nrequests==2\n",
        True,
    )


@pytest.mark.skipif(not shutil.which("git"), reason="needs git")
def test_post_tool_whole_write_is_compared_with_the_committed_file(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "package.json").write_text('{"dependencies": {"a": "1"}}\n')
    commit_all(repo)
    new = '{"dependencies": {"a": "1", "b": "2"}}\n'
    (repo / "package.json").write_text(new)
    edits = [FileEdit(str(repo / "package.json"), new, WHOLE)]
    ctx = ctx_for("PostToolUse", repo / "package.json", edits)
    assert versions(ctx, edits) == ('{"dependencies": {"a": "1"}}\n', new, True)
    untracked = [FileEdit(str(repo / "new.json"), "{}", WHOLE)]
    assert versions(ctx_for("PostToolUse", repo / "new.json", untracked), untracked) == (
        "",
        "{}",
        True,
    )


def test_post_tool_whole_write_without_git_counts_everything_as_new(project):
    path = project / "package.json"
    path.write_text("{}")
    edits = [FileEdit(str(path), "{}", WHOLE)]
    assert versions(ctx_for("PostToolUse", path, edits), edits) == ("", "{}", True)
