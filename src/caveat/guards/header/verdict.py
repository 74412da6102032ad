"""Judging one tool call's files against the project's header policy: what the write
leaves at the top of each file, whether the file is exempt, and the findings.

Imported by ``caveat.guards.header`` once a written file has a comment convention.
Until a file is found lacking its header, only ``stat`` calls and the policy's
cached verdict are spent; exemptions that cost more (patterns, ``REUSE.toml``) are
checked last, for files that would otherwise be reported.
"""

from __future__ import annotations

import os

from caveat.event import POST_TOOL
from caveat.event import WHOLE
from caveat.event import Finding
from caveat.guards.base import versions
from caveat.guards.header import comments
from caveat.guards.header import rules
from caveat.guards.header.policy import policy
from caveat.guards.header.styles import DOCKERFILE_PREFIXES
from caveat.guards.header.styles import in_exempt_dir

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.event import Event
    from caveat.event import FileEdit
    from caveat.guards.base import Context
    from caveat.guards.header.comments import Header
    from caveat.guards.header.policy import Policy

    Todo = list[tuple[str, list[FileEdit], str, str]]

WRITE_MESSAGE = "pretooluse-write-header-guard"
EDIT_MESSAGE = "pretooluse-edit-header-guard"


class Problem:
    """One file's header problem: ``kind`` (absent, malformed, removed, altered), the
    words for it, the text whose top it concerns and the line to restore, if any."""

    __slots__ = ("kind", "restore", "text", "top", "words")

    def __init__(self, kind: str, words: str, text: str, top: Header, restore: str = "") -> None:
        self.kind = kind
        self.words = words
        self.text = text
        self.top = top
        self.restore = restore


def _missing(after: str, style: str, dockerfile: bool) -> Problem | None:
    if not after.strip():
        return None
    top = comments.inspect(after, style, dockerfile)
    if top.status == "absent":
        return Problem("absent", f"has no {rules.TAG} line", after, top)
    if top.status == "malformed":
        return Problem("malformed", f"has a malformed header: {top.detail}", after, top)
    if top.status == "declared":
        words = f"has no {rules.TAG} line (its header states its license in words)"
        return Problem("declared", words, after, top)
    return None


def _created(ctx: Context, path: str, edits: list[FileEdit], before: str, exact: bool) -> bool:
    if any(e.old for e in edits if e.kind != WHOLE):
        return False
    if ctx.event.name in POST_TOOL:
        return exact and not before.strip()
    return not (ctx.read_text(path) or "").strip()


def _changed(before: str, after: str, style: str, dockerfile: bool) -> Problem | None:
    """The header ``before`` had and ``after`` lost or changed."""
    was = comments.inspect(before, style, dockerfile)
    if not was.ok:
        return None
    now = comments.inspect(after, style, dockerfile)
    if now.status in ("absent", "declared"):
        return Problem("removed", "loses its header in this edit", before, was, was.line)
    if now.status == "malformed":
        words = f"has its header broken by this edit: {now.detail}"
        return Problem("altered", words, before, was, was.line)
    if now.value != was.value:
        words = f"has its license id changed by this edit, from {was.value} to {now.value}"
        return Problem("altered", words, before, was, was.line)
    return None


def _fragments(edits: list[FileEdit], style: str) -> Problem | None:
    """Without whole texts: a tag line in the replaced text that the new text drops
    or changes."""
    olds = [v for e in edits for v in comments.tag_values(e.old)]
    if not olds:
        return None
    news = [v for e in edits for v in comments.tag_values(e.text)]
    was = comments.Header("ok", value=olds[0])
    line = comments.expected_line(style, olds[0])
    if not news:
        return Problem("removed", "loses its header in this edit", "", was, line)
    if olds[0] not in news:
        words = f"has its license id changed by this edit, from {olds[0]} to {news[0]}"
        return Problem("altered", words, "", was, line)
    return None


# The id to name for a file whose header states its license only in words.
STATED = "<the SPDX id of the license its header states>"


def _license(problem: Problem, found: Policy) -> str:
    """The id the advice names: the file's own, whenever it has one, so that advice
    never relicenses a file; the project's for a file with none."""
    if problem.top.value:
        return problem.top.value
    return STATED if problem.kind == "declared" else found.license


def judge(
    ctx: Context, path: str, edits: list[FileEdit], style: str, write: bool
) -> Problem | None:
    base = os.path.basename(path).lower()
    dockerfile = base.startswith(DOCKERFILE_PREFIXES) or base.endswith(".dockerfile")
    if write and edits[-1].kind == WHOLE:
        return _missing(edits[-1].text, style, dockerfile)
    before, after, exact = versions(ctx, edits)
    if _created(ctx, path, edits, before, exact):
        return _missing(after, style, dockerfile)
    if exact:
        return _changed(before, after, style, dockerfile)
    return _fragments(edits, style)


def _relative(path: str, root: str) -> str | None:
    prefix = root.rstrip("/\\") + os.sep
    if not os.path.isabs(path) or not path.startswith(prefix):
        return None
    rel = os.path.normpath(path[len(prefix) :])
    if rel.startswith(".."):
        return None
    return rel.replace(os.sep, "/")


def exempt(ctx: Context, root: str, rel: str, path: str, text: str) -> bool:
    """Content, sidecar, configured, REUSE and gitignore exemptions (after the name
    checks), cheapest first."""
    if comments.binary(text) or comments.generated(text):
        return True
    if os.path.lexists(path + ".license"):
        return True
    patterns = ctx.config.strings("header", "exclude") + ctx.config.strings("paths", "exclude")
    if patterns:
        from caveat.common.patterns import PatternStore

        if PatternStore(ctx.env).match(patterns, rel):
            return True
    from caveat.guards.header.reuse import covered

    return covered(root, rel) or ignored(root, rel)


def ignored(root: str, rel: str) -> bool:
    """Whether git's ignore rules exclude ``rel`` (vendored trees, ``node_modules``,
    build output): not the project's own source. ``--no-index`` applies the rules to
    files that were committed anyway. Asked last, of a file that would be reported."""
    from caveat.common import gitrun

    # git reads every .gitignore on the way down: a special one would block it.
    folder = root
    for part in ["", *rel.split("/")[:-1]]:
        folder = os.path.join(folder, part) if part else folder
        if not gitrun.regular_or_absent(os.path.join(folder, ".gitignore")):
            return False
    found = gitrun.run(root, "check-ignore", "-q", "--no-index", "--", rel)
    return found is not None  # exit 0: ignored; 1 (not ignored) or a failure: None


def _boilerplate(
    ctx: Context, found: Policy, where: tuple[str, str, str], edits: list[FileEdit],
    style: str, write: bool,
) -> Finding | None:  # fmt: skip
    """A Write of a source file without the long-form block the project's CI checks
    (``where``: the git root, the path under it, the absolute path)."""
    root, rel, path = where
    # a folder named boilerplate holds the checker and its own failing fixtures
    if not write or edits[-1].kind != WHOLE or "boilerplate" in rel.split("/")[:-1]:
        return None
    from caveat.guards.header.boilerplate import block_for
    from caveat.guards.header.boilerplate import carries

    block = block_for(found.boilerplate, rel)
    text = edits[-1].text
    block_words = block.get("words") if block else None
    if not isinstance(block_words, list) or not text.strip() or carries(text, block_words):
        return None
    if exempt(ctx, root, rel, path, text):
        return None
    assert block is not None
    carried = f"{block.get('carried')} of {block.get('sampled')} sampled files of this type"
    dockerfile = os.path.basename(path).lower().startswith(DOCKERFILE_PREFIXES)
    above = comments.inspect(text, style, dockerfile).above
    values = {
        "path": rel,
        "problem": "does not start with the license block the project's files carry",
        "expected": str(block.get("source")),
        "position": comments.position(above) if above else "at the top of the file",
        "source": f"{found.source}; {carried} carry it",
    }
    return Finding(values, variant="boilerplate", key=f"{rel}:boilerplate", message=WRITE_MESSAGE)


def findings(
    event: Event, ctx: Context, todo: Todo, policies: dict[str, Policy | None] | None = None
) -> list[Finding]:
    """Findings for the files in ``todo``; ``policies`` holds verdicts already known
    per git root (the rest are looked up)."""
    write = event.tool == "Write"
    message = WRITE_MESSAGE if write else EDIT_MESSAGE
    policies = dict(policies or {})
    out: list[Finding] = []
    for path, edits, style, kind in todo:
        root = ctx.git_root(path)
        rel = _relative(path, root) if root else None
        if root is None or rel is None or in_exempt_dir(rel):
            continue
        if root not in policies:
            policies[root] = policy(ctx, root)
        found = policies[root]
        if found is None or (kind == "reuse" and found.kind != "reuse"):
            continue
        if found.kind == "boilerplate":
            hit = _boilerplate(ctx, found, (root, rel, path), edits, style, write and not kind)
            out.extend([hit] if hit else [])
            continue
        problem = judge(ctx, path, edits, style, write)
        if problem is None or (kind == "markdown" and not found.markdown(ctx)):
            continue
        last = problem.text or edits[-1].text
        if exempt(ctx, root, rel, path, last):
            continue
        expected = problem.restore or comments.expected_line(style, _license(problem, found))
        values = {
            "path": rel,
            "problem": problem.words,
            "expected": expected,
            "position": comments.position(problem.top.above),
            "source": found.source,
        }
        variant = "removed" if problem.kind in ("removed", "altered") else ""
        key = f"{rel}:{problem.kind}"
        out.append(Finding(values, variant=variant, key=key, message=message))
    return out
