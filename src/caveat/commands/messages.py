"""``caveat messages check``: the message lint, for message authors (``caveat messages
render NAME`` lives in ``message_render``).

``check`` is the one implementation of the message lint (``tests/test_message_files.py``
calls it too). Over the bundled ``messages/`` folder and the project's
``.caveat/messages/`` overrides it reports:

- a guard whose message file is missing (``custom`` stands for rule files: skipped);
- a message without an ``## Advisory`` (or ``## After``) section or ``## Procedure``,
  or whose Bindings name no guard, an unknown guard, or a guard that does not bind it;
- a placeholder an Advisory/After section uses that Bindings do not declare;
- a placeholder not provided by the guard: absent from the guard's built-in sample
  finding (``caveat.commands.samples``) for the variant that section serves — each
  sample is run through the same section choice the hook makes, before and after the
  tool, so a generic ``## Advisory`` is checked against every variant that falls back
  to it; a variant section with no sample at all is reported too;
- an Advisory/After section over ``ADVISORY_BUDGET`` characters, a context file over
  its budget, an unexpanded ``${`` anywhere in the text the model can read;
- an override whose Bindings differ from the bundled message's, or that overrides no
  bundled message.

Context files (injected whole: ``sessionstart``, ``postcompact``, ``stop``,
``precompact``, ``skill-index``, or any message whose Bindings say ``- inject: whole``)
need no Advisory or Procedure.
"""

from __future__ import annotations

import os
import re
from typing import NamedTuple

from caveat import messages
from caveat.common.msgparse import BINDINGS
from caveat.common.msgparse import BODY
from caveat.common.msgparse import bindings
from caveat.common.msgparse import parse
from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out
from caveat.guards import REGISTRY

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

ADVISORY_BUDGET = 1200
CONTEXT_BUDGET = messages.LIMIT
SKILL_INDEX = "skill-index"
SKILL_INDEX_BUDGET = 1600
CONTEXT_FILES = frozenset({"sessionstart", "postcompact", "stop", "precompact", SKILL_INDEX})
RULE_FILES = "custom"  # a guard's pseudo message: its rule files carry their own text
PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)\}(?!\})")
_HEADS = (messages.ADVISORY, messages.AFTER)


class Problem(NamedTuple):
    file: str
    section: str
    problem: str
    fix: str = ""

    def line(self) -> str:
        where = f"{self.file}: {self.section}" if self.section else self.file
        return f"{where}: {self.problem}" + (f" — fix: {self.fix}" if self.fix else "")


def advisories(sections: Mapping[str, str]) -> dict[str, str]:
    """The sections that can reach the model as an advisory: Advisory and After,
    plain or with a variant."""
    prefixes = tuple(h + ": " for h in _HEADS)
    return {k: v for k, v in sections.items() if k in _HEADS or k.startswith(prefixes)}


def variant_of(heading: str) -> str:
    return heading.partition(": ")[2].strip()


def is_context(name: str, sections: Mapping[str, str]) -> bool:
    return name in CONTEXT_FILES or bindings(sections.get(BINDINGS, "")).get("inject") == ["whole"]


# A message file larger than this is no message (the hook itself ignores an override
# over caveat.messages.MAX_BYTES).
MESSAGE_LIMIT = 1 << 20


def read(path: str) -> tuple[dict[str, str] | None, str]:
    from caveat.common.files import open_strict
    from caveat.common.files import read_fd

    try:
        fd, _ = open_strict(path)  # an override is the project's: never a FIFO's wait
        try:
            text = read_fd(fd, MESSAGE_LIMIT + 1).decode("utf-8")
        finally:
            os.close(fd)
        if len(text) > MESSAGE_LIMIT:
            return None, f"cannot be read: larger than {MESSAGE_LIMIT // 1024} KiB"
        return parse(text), ""
    except (OSError, UnicodeDecodeError) as exc:
        return None, f"cannot be read: {exc}"
    except Exception as exc:  # markdown-it should not fail; report it if it does
        return None, f"cannot be parsed: {exc}"


def lint(path: str, name: str, sections: Mapping[str, str]) -> list[Problem]:
    """The problems of one message file (bundled or override) named ``name``."""
    out: list[Problem] = []

    def add(section: str, problem: str, fix: str = "") -> None:
        out.append(Problem(path, section, problem, fix))

    body = sections.get(BODY, "")
    if "${" in body:
        add("", "unexpanded '${' in the text the model reads", "write the value out, or drop it")
    declared = bindings(sections.get(BINDINGS, ""))
    placeholders = set(declared.get("placeholders", []))
    if is_context(name, sections):
        budget = SKILL_INDEX_BUDGET if name == SKILL_INDEX else CONTEXT_BUDGET
        if len(body) > budget:
            add("", f"injected text is {len(body):,} characters, over {budget:,}", "shorten it")
        if BINDINGS in sections:
            for used in sorted(set(PLACEHOLDER.findall(body)) - placeholders):
                add("", f"placeholder {{{used}}} is not declared in Bindings", "declare it")
        return out
    found = advisories(sections)
    if not found:
        add("", "no ## Advisory section", "add '## Advisory' with the text the model reads")
    if "Procedure" not in sections:
        add("", "no ## Procedure section", "add '## Procedure' with the full procedure")
    guards = {spec.id: spec for spec in REGISTRY}
    bound = declared.get("guard", [])
    if not bound:
        add(BINDINGS, "no '- guard: ID' line", "name the guard that fills this message")
    for guard_id in bound:
        spec = guards.get(guard_id)
        if spec is None:
            add(BINDINGS, f"unknown guard {guard_id!r}", f"use one of {', '.join(sorted(guards))}")
        elif name not in spec.messages:
            add(BINDINGS, f"guard {guard_id} does not bind {name}", "name the guard that does")
    for heading, text in sorted(found.items()):
        if len(text) > ADVISORY_BUDGET:
            add(heading, f"is {len(text):,} characters, over {ADVISORY_BUDGET:,}", "shorten it")
        for used in sorted(set(PLACEHOLDER.findall(text)) - placeholders):
            add(
                heading,
                f"placeholder {{{used}}} is not declared in Bindings",
                f"add {used} to '- placeholders:', or write {{{{{used}}}}} for literal braces",
            )
    out.extend(_provided(path, name, sections, found, bound))
    return out


def _provided(
    path: str,
    name: str,
    sections: Mapping[str, str],
    found: Mapping[str, str],
    bound: list[str],
) -> list[Problem]:
    """Placeholders each variant's section uses that the guard's sample lacks."""
    from caveat.commands import samples

    out: list[Problem] = []
    known = {v: s for v, s in samples.for_message(name).items() if not bound or s[0] in bound}
    for heading in sorted(found):
        variant = variant_of(heading)
        if variant and variant not in known:
            out.append(
                Problem(
                    path,
                    heading,
                    f"no sample finding of variant {variant!r} for this message",
                    "add one to the guard's samples (src/caveat/guards/<guard>/samples.py), "
                    "or drop the section if the guard never produces that variant",
                )
            )
    if found and not known:
        out.append(
            Problem(
                path,
                "",
                "no sample finding for this message",
                "add one per variant to the guard's samples (src/caveat/guards/<guard>/samples.py)",
            )
        )
    reported: set[tuple[str, str]] = set()
    for variant, (guard_id, values) in sorted(known.items()):
        for after in (False, True):
            text = messages.advisory(sections, variant, after)
            heading = _heading_of(found, text)
            for used in sorted(set(PLACEHOLDER.findall(text)) - set(values)):
                if (heading, used) in reported:
                    continue
                reported.add((heading, used))
                shown = repr(variant) if variant else "the plain finding"
                out.append(
                    Problem(
                        path,
                        heading,
                        f"placeholder {{{used}}} is not provided by guard {guard_id} "
                        f"(variant {shown})",
                        f"use one of {', '.join(sorted(values)) or '(none)'}, or add a "
                        f"'## {messages.ADVISORY}: {variant}' section without it"
                        if variant
                        else f"use one of {', '.join(sorted(values)) or '(none)'}",
                    )
                )
    return out


def _heading_of(found: Mapping[str, str], text: str) -> str:
    for heading, body in sorted(found.items()):
        if body == text:
            return heading
    return messages.ADVISORY


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
