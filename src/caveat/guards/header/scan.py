"""Do most tracked source files carry an SPDX line? Lists the files in git's index
with a hardened ``git ls-files`` and reads the first bytes of a bounded, evenly spread
sample, as data (regular files only).

Run only when the state folder has no verdict for the repository's current HEAD.
"""

from __future__ import annotations

import os

from caveat.common.files import open_regular
from caveat.guards.header import rules
from caveat.guards.header.styles import file_style
from caveat.guards.header.styles import in_exempt_dir

# The listing's own deadline and size bound (the guard's budget bounds it too).
LIST_TIMEOUT_S = 1.5
LIST_LIMIT = 256 * 1024 * 1024
SAMPLE = 200
MARKDOWN_SAMPLE = 50
# Fewer tagged files than this is no evidence of a policy: with fewer, the guard is
# silent (``caveat explain`` says so), however many of the sampled files they are.
MIN_TAGGED = 5
MIN_MARKDOWN = 2
_PROBE = 2048


def tracked_files(root: str) -> list[str]:
    """'/'-separated paths of the regular files in the index (stage 0); empty when git
    cannot list them within the deadline.

    Listed by ``git ls-files`` through ``caveat.common.gitrun`` (hardened, bounded in time):
    GitPython's index reader is pure Python and took 2 s for 100,000 files, and
    importing GitPython alone cost the first Write after every commit about 50 ms."""
    from caveat.common import gitrun

    listing = gitrun.run(
        root, "ls-files", "-z", "--stage", timeout=LIST_TIMEOUT_S, limit=LIST_LIMIT
    )
    paths = []
    for record in (listing or b"").decode("utf-8", "surrogateescape").split("\0"):
        meta, _, path = record.partition("\t")  # "<mode> <object> <stage>\t<path>"
        fields = meta.split(" ")
        if path and len(fields) == 3 and fields[2] == "0" and fields[0].startswith("100"):
            paths.append(path)  # a regular file (100644, 100755) at stage 0
    return sorted(paths)


def spread(items: list[str], count: int) -> list[str]:
    """At most ``count`` items, evenly spaced over the list."""
    if len(items) <= count:
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def _probe(path: str) -> str | None:
    """The first bytes of a regular file as text; None for unreadable or empty files."""
    opened = open_regular(path)
    if opened is None:
        return None
    fd = opened[0]
    try:
        data = os.read(fd, _PROBE)
    except OSError:
        return None
    finally:
        os.close(fd)
    text = data.decode("utf-8", "replace")
    return text if text.strip() else None


def _tag_value(head: str) -> str | None:
    """The license expression of the first tag line in ``head``; None without one."""
    at = head.find(rules.TAG + ":")
    if at < 0:
        return None
    end = head.find("\n", at)
    value = head[at + len(rules.TAG) + 1 : end if end >= 0 else len(head)].strip()
    for closer in ("*/", "-->", "#}", "*)", "-}", "#>"):
        if value.endswith(closer):
            value = value[: -len(closer)].strip()
    return value


def _count(root: str, paths: list[str]) -> tuple[int, int, dict[str, int]]:
    """(files read, files tagged, how often each license value occurs)."""
    from caveat.guards.header.comments import generated
    from caveat.guards.header.comments import without_ignored

    read = tagged = 0
    values: dict[str, int] = {}
    for rel in paths:
        head = _probe(os.path.join(root, *rel.split("/")))
        if head is None or "\x00" in head or generated(head):
            continue
        read += 1
        value = _tag_value(without_ignored(head))
        if value is not None:
            tagged += 1
            if value:
                values[value] = values.get(value, 0) + 1
    return read, tagged, values


def scan(root: str) -> dict[str, object]:
    """``sampled``/``tagged`` source files, the most common ``license`` ("" when the
    tagged files are not a clear majority), whether ``markdown`` files are tagged and,
    without SPDX lines, the CI-checked ``boilerplate`` blocks (``boilerplate.learn``)."""
    paths = tracked_files(root)
    sources: list[str] = []
    prose: list[str] = []
    for rel in paths:
        if in_exempt_dir(rel):
            continue
        style, kind = file_style(rel)
        if style and not kind:
            sources.append(rel)
        elif kind == "markdown":
            prose.append(rel)
    read, tagged, values = _count(root, spread(sources, SAMPLE))
    license_id = ""
    if tagged >= MIN_TAGGED and tagged * 2 > read:
        license_id = max(sorted(values), key=lambda v: values[v]) if values else ""
    md_read, md_tagged, _ = _count(root, spread(prose, MARKDOWN_SAMPLE))
    markdown = md_tagged >= MIN_MARKDOWN and md_tagged * 2 > md_read
    verdict: dict[str, object] = {
        "sampled": read, "tagged": tagged, "license": license_id, "markdown": markdown
    }  # fmt: skip
    # only a project with a boilerplate template loads the module (and ``re``)
    if not license_id and any("/boilerplate" in "/" + p for p in paths):
        from caveat.guards.header.boilerplate import learn

        verdict["boilerplate"] = learn(root, paths, sources)
    return verdict
