"""``caveat skill-index [--catalog DIR ...] [--plugin NAME] [--output FILE] [--check]``:
write ``skill-index.md`` from a skills catalog, or check that the committed one is
current (exit 1 naming each differing line). ``scripts/generate_skill_index.py`` runs
the same code. The rules (catalog layout, groups, manual entries, trimming) are in
``caveat.skillindex``.
"""

from __future__ import annotations

import os

from caveat.common.term import err
from caveat.common.term import field
from caveat.common.term import out

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse

DEFAULT_CATALOG = "skills"
DEFAULT_OUTPUT = os.path.join("messages", "skill-index.md")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--catalog",
        action="append",
        metavar="DIR",
        help=f"a skills catalog folder; repeatable (default: ./{DEFAULT_CATALOG})",
    )
    parser.add_argument(
        "--plugin",
        metavar="NAME",
        help="show manual skills as /NAME:skill (a plugin install); default /skill",
    )
    parser.add_argument(
        "--output",
        metavar="FILE",
        help=f"the index file to write or check; - prints it (default: ./{DEFAULT_OUTPUT})",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 naming what differs when the index is not current",
    )


def run(opts: argparse.Namespace) -> int:
    from caveat import skillindex

    catalogs = opts.catalog or [DEFAULT_CATALOG]
    output = opts.output or DEFAULT_OUTPUT
    missing = [c for c in catalogs if not os.path.isdir(c)]
    if missing:
        _needs(missing, opts.catalog is None)
        return 2
    text, problems = skillindex.generate(catalogs, opts.plugin)
    for problem in problems:
        err(f"caveat skill-index: {field(problem)}")
    if output == "-":
        out(text, end="")
        return 1 if problems else 0
    if opts.check:
        try:
            with open(output, encoding="utf-8", newline="") as handle:
                committed = handle.read()
        except OSError as exc:
            hint = "" if opts.output else "; name the committed index with --output FILE"
            err(f"caveat skill-index: {field(output)} cannot be read: {exc.strerror}{hint}")
            return 1
        if committed != text:
            shown = ", ".join(field(c) for c in catalogs)
            out(f"{field(output)} does not match the catalog ({shown}):")
            from caveat import skillindex_diff

            for line in skillindex_diff.differences(committed, text):
                out(f"  {field(line)}")
            again = " ".join(
                ["caveat skill-index"]
                + [f"--catalog {c}" for c in catalogs]
                + ([f"--plugin {opts.plugin}"] if opts.plugin else [])
                + ([f"--output {output}"] if opts.output else [])
            )
            out(f"regenerate it: {field(again)}")
            return 1
        out(f"{field(output)} is current ({len(text):,} characters)")
        return 1 if problems else 0
    parent = os.path.dirname(output)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(output, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    out(f"wrote {field(output)} ({len(text):,} characters)")
    return 1 if problems else 0


def _needs(missing: list[str], by_default: bool) -> None:
    """Say what the command reads, where it looked, and how to point it elsewhere."""
    here = os.getcwd()
    for catalog in missing:
        err(f"caveat skill-index: no skills catalog at {field(os.path.join(here, catalog))}")
    where = (
        f"by default ./{DEFAULT_CATALOG} and ./{DEFAULT_OUTPUT}, so run it from the root of "
        "a checkout that has them, or name them: "
        if by_default
        else "name an existing folder: "
    )
    err(
        "  It reads a catalog folder of skills (<catalog>/<name>/SKILL.md or "
        "<catalog>/<group>/<name>/SKILL.md, and <catalog>/commands/*.md) — "
        + where
        + "caveat skill-index --catalog DIR [--output FILE] [--check]"
    )
