"""``caveat messages check``: the message lint, for message authors (``caveat messages
render NAME`` lives in ``message_render``).

``check`` is the one implementation of the message lint (``tests/test_message_files.py``
calls it too). Over the bundled ``messages/`` folder and the project's
``.caveat/messages/`` overrides it reports:

- a guard whose message file is missing (``custom`` stands for rule files: skipped);
- the problems of each message file (``message_lint``);
- an override whose Bindings differ from the bundled message's, or that overrides no
  bundled message.
"""

from __future__ import annotations

import os

from caveat import messages
from caveat.commands.message_lint import lint
from caveat.commands.message_sections import RULE_FILES
from caveat.commands.message_sections import Problem
from caveat.commands.message_sections import read
from caveat.common.msgparse import BINDINGS
from caveat.common.msgparse import bindings
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.guards import REGISTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def _names(folder: str) -> list[str]:
    try:
        return sorted(n for n in os.listdir(folder) if n.endswith(".md"))
    except OSError:
        return []


def check(env: Mapping[str, str], project_root: str | None) -> list[Problem]:
    """Every problem of the bundled messages and of the project's overrides."""
    del env  # the lint reads files directly; kept for the command signature
    folder = messages.bundled_dir()
    files = _names(folder)
    out: list[Problem] = []
    for spec in REGISTRY:
        for message in spec.messages:
            if message != RULE_FILES and f"{message}.md" not in files:
                out.append(
                    Problem(
                        os.path.join(folder, f"{message}.md"),
                        "",
                        f"guard {spec.id} binds to {message}.md, which does not exist",
                        "write the message (see docs/authoring.md)",
                    )
                )
    bundled: dict[str, dict[str, str]] = {}
    for filename in files:
        path = os.path.join(folder, filename)
        sections, error = read(path)
        if sections is None:
            out.append(Problem(path, "", error))
            continue
        bundled[filename] = sections
        out.extend(lint(path, filename[:-3], sections))
    if project_root:
        overrides = os.path.join(project_root, ".caveat", "messages")
        for filename in _names(overrides):
            path = os.path.join(overrides, filename)
            sections, error = read(path)
            if sections is None:
                out.append(Problem(path, "", error))
                continue
            original = bundled.get(filename)
            if original is None:
                out.append(
                    Problem(
                        path,
                        "",
                        f"overrides no bundled message ({filename} is not in {folder})",
                        "rename it after the message it replaces, or remove it",
                    )
                )
                continue
            mine = bindings(sections.get(BINDINGS, ""))
            theirs = bindings(original.get(BINDINGS, ""))
            if mine != theirs:
                differ = sorted(k for k in set(mine) | set(theirs) if mine.get(k) != theirs.get(k))
                out.append(
                    Problem(
                        path,
                        BINDINGS,
                        f"differ from the bundled message's ({', '.join(differ)})",
                        f"copy the Bindings section of {os.path.join(folder, filename)}",
                    )
                )
            out.extend(lint(path, filename[:-3], sections))
    return out


def run_check(project: str | None) -> int:
    from caveat.common.gitctx import git_root

    root = git_root(os.path.abspath(project or os.getcwd()))
    found = check(os.environ, root)
    for problem in found:
        out(field(problem.line()))  # names and headings are the files': one field
    if found:
        noun = "problem" if len(found) == 1 else "problems"
        err(f"caveat messages check: {len(found)} {noun}")
        return 1
    count = len(_names(messages.bundled_dir()))
    out(f"caveat messages check: {count} messages, no problems")
    return 0
