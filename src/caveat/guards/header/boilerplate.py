"""A long-form license block that the project's own CI checks (kubernetes'
``hack/verify-boilerplate.sh`` with ``hack/boilerplate/boilerplate.<ext>.txt``).

A project has that policy when three things are true of its tracked files:

1. a template holds the block: ``boilerplate.<key>.txt`` (``<key>`` an extension such
   as ``go``, ``py``, ``sh``, or a file name such as ``Makefile``, ``Dockerfile``),
   or ``boilerplate.txt`` for every source type;
2. something verifies it: a tracked checker named after it that is not a template
   (``verify-boilerplate.sh``, ``boilerplate.py``), or a workflow or Makefile line
   that names the boilerplate together with verify, check or lint;
3. most of the project's files of that type carry the block: at least ``MIN_CARRY``
   of a sample of up to ``SAMPLE`` files, and more than half of those read.

The block is learned from the template, never written here: comment markers and
years are set aside on both sides (``Copyright YEAR The Kubernetes Authors.``,
``Copyright 2018 The …`` and ``Copyright The …`` are the same block), and a file
carries it when the block's words occur in order near its top. Templates and
samples are read through ``caveat.common.files`` (regular files only, bounded), as
data. Learned once per HEAD, with the rest of the header verdict (``scan``).
"""

from __future__ import annotations

import os

from caveat.common import rx
from caveat.common.files import open_regular
from caveat.common.files import read_text

MAX_TEMPLATE = 8 * 1024
MAX_HEAD = 8 * 1024
MAX_CHECKER = 64 * 1024
SAMPLE = 40
MIN_CARRY = 5
_TEMPLATE = rx.compile(r"^boilerplate(?:\.(?P<key>[A-Za-z0-9_-]{1,20}))?\.txt$")
_MARKERS = rx.compile(r"^(?:/\*+|\*+/|\*+|//+|#+|--+|<!--|;+|%+|\"\"\"|''')\s?")
_CLOSERS = rx.compile(r"\s*(?:\*+/|-->)\s*$")
_YEAR = rx.compile(r"^(?:YEAR|\d{4}(?:[-–]\d{4})?),?$")
_CHECK_WORDS = ("verify", "check", "lint")
_CI_FILES = ("Makefile", ".gitlab-ci.yml", ".pre-commit-config.yaml")


def words(text: str) -> list[str]:
    """The words of ``text`` without comment markers or years."""
    out: list[str] = []
    for line in text.splitlines():
        line = _CLOSERS.sub("", _MARKERS.sub("", line.strip()))
        out.extend(w for w in line.split() if not _YEAR.match(w) and w not in ("*/", "/*"))
    return out


def carries(text: str, block: list[str]) -> bool:
    """True when the block's words occur, in order and together, at the top of ``text``."""
    if not block:
        return False
    head = words(text[:MAX_HEAD])[: len(block) + 200]
    wanted = " " + " ".join(block) + " "
    return wanted in " " + " ".join(head) + " "


def key_of(rel: str) -> tuple[str, str]:
    """The template keys a path answers to: its extension and its base name."""
    base = rel.rsplit("/", 1)[-1]
    ext = base.rsplit(".", 1)[1] if "." in base.lstrip(".") else ""
    return ext, base.split(".", 1)[0]


def head(path: str) -> str | None:
    """The first ``MAX_HEAD`` bytes of a regular file as text; None when unreadable."""
    opened = open_regular(path)
    if opened is None:
        return None
    try:
        data = os.read(opened[0], MAX_HEAD)
    except OSError:
        return None
    finally:
        os.close(opened[0])
    return data.decode("utf-8", "replace")


def _checker(root: str, paths: list[str]) -> str:
    """The tracked file that verifies the boilerplate, "" when none shows."""
    tools: list[str] = []
    for rel in paths:
        base = rel.rsplit("/", 1)[-1].lower()
        if "boilerplate" in base and not base.endswith((".txt", ".md")) and "test" not in base:
            tools.append(rel)
    if tools:  # the script CI calls (verify-boilerplate.sh) before what it runs
        return min(tools, key=lambda r: not r.rsplit("/", 1)[-1].startswith(_CHECK_WORDS))
    for rel in paths:
        if not (rel.startswith(".github/workflows/") or rel in _CI_FILES):
            continue
        text = read_text(os.path.join(root, *rel.split("/")), MAX_CHECKER) or ""
        for line in text.lower().splitlines():
            if "boilerplate" in line and any(w in line for w in _CHECK_WORDS):
                return rel
    return ""


def learn(root: str, paths: list[str], sources: list[str]) -> dict[str, object]:
    """``{"checker": …, "blocks": {key: {"source", "words", "carried", "sampled"}}}``
    for the templates most of whose files carry them; {} without such a policy."""
    templates: dict[str, str] = {}
    for rel in paths:
        found = _TEMPLATE.match(rel.rsplit("/", 1)[-1])
        if found and "/test" not in "/" + rel:
            templates.setdefault(found.group("key") or "*", rel)
    if not templates:
        return {}
    checker = _checker(root, paths)
    if not checker:
        return {}
    blocks: dict[str, object] = {}
    for key, rel in sorted(templates.items()):
        block = words(read_text(os.path.join(root, *rel.split("/")), MAX_TEMPLATE) or "")
        if len(block) < 8:  # a line or two is no long-form block
            continue
        kin = [p for p in sources if key == "*" or key in key_of(p)]
        carried = sampled = 0
        step = max(1, len(kin) // SAMPLE)  # evenly over the files, as ``scan`` samples
        for path in kin[::step][:SAMPLE]:
            text = head(os.path.join(root, *path.split("/")))
            if text is None or not text.strip():
                continue
            sampled += 1
            carried += carries(text, block)
        if carried >= MIN_CARRY and carried * 2 > sampled:
            blocks[key] = {"source": rel, "words": block, "carried": carried, "sampled": sampled}
    return {"checker": checker, "blocks": blocks} if blocks else {}


def block_for(learned: dict[str, object], rel: str) -> dict[str, object] | None:
    """The learned block that applies to ``rel``, None when none does."""
    blocks = learned.get("blocks")
    if not isinstance(blocks, dict):
        return None
    ext, stem = key_of(rel)
    for key in (ext, stem, "*"):
        found = blocks.get(key) if key else None
        if isinstance(found, dict) and isinstance(found.get("words"), list):
            return found
    return None
