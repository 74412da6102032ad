"""A message file as the message lint sees it: read and parsed into sections, the
sections that reach the model, the budgets they are held to, and ``Problem``, one
thing the lint reports."""

from __future__ import annotations

import os
import re
from typing import NamedTuple

from caveat import messages
from caveat.common.msgparse import BINDINGS
from caveat.common.msgparse import bindings
from caveat.common.msgparse import parse

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
