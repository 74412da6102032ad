"""``caveat trust [DIR] [--yes]`` and ``caveat untrust [DIR]``: the user's consent to a
project's caveat policy (SPEC §7 Trust).

``caveat trust`` first shows what it is about to trust: each policy file under the
project's ``.caveat/`` with its size and whether it was added or changed since the
last trust (or removed), and a unified diff of the text of each added or changed
file (a file whose earlier text was not kept, being binary or over 64 KiB, is only
said to have changed). Then it asks. On a terminal the answer is typed; when standard
input is not a terminal nothing is recorded unless ``--yes`` is given, so that no
script or agent trusts a project by piping into it by accident.

``caveat untrust`` removes the record: the project's policy is ignored again.
"""

from __future__ import annotations

import os
import sys

from caveat import trust_files
from caveat import trust_grant
from caveat import trust_snapshot
from caveat import trust_store
from caveat.commands.trust_review import show
from caveat.common.term import field
from caveat.common.term import out

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Mapping


def add_arguments(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    grant = sub.add_parser(
        "trust",
        help="review the project's .caveat/ policy and trust it (config, rules, messages)",
        description=(
            "Show the project's caveat policy files and what changed since the last "
            "trust, then record their digest: caveat applies a project's policy only "
            "once the user trusts it, and any change lapses the trust."
        ),
    )
    grant.add_argument("directory", nargs="?", help="a folder inside the project (default: .)")
    grant.add_argument(
        "--yes", action="store_true", help="trust without asking (the files are still shown)"
    )
    revoke = sub.add_parser("untrust", help="stop applying the project's .caveat/ policy")
    revoke.add_argument("directory", nargs="?", help="a folder inside the project (default: .)")


def run(opts: argparse.Namespace, env: Mapping[str, str] | None = None) -> int:
    env = os.environ if env is None else env
    root = project_root(opts.directory)
    if root is None:
        out(f"caveat: {field(opts.directory or os.getcwd())} is not inside a git repository")
        return 1
    if opts.command == "untrust":
        if trust_grant.forget(env, root):
            out(f"{field(root)}: no longer trusted; its caveat policy is ignored")
        else:
            out(f"{field(root)}: was not trusted")
        return 0
    return grant(env, root, opts.yes)


def project_root(directory: str | None) -> str | None:
    from caveat.common.gitctx import git_root

    return git_root(os.path.abspath(directory or os.getcwd()))


def grant(env: Mapping[str, str], root: str, yes: bool) -> int:
    try:
        snapshot = trust_snapshot.Snapshot(root)
    except trust_files.TooManyFilesError as exc:
        out(f"caveat: {field(exc)}: too many to review, so caveat does not trust it")
        return 1
    entry = trust_store.projects(env).get(trust_store.key(root))
    before = entry.get("files") if entry else None
    recorded = before if isinstance(before, dict) else {}
    if not snapshot.files:
        files = ".caveat/config.toml, rules/*.md, messages/*.md"
        out(f"{field(root)}: no caveat policy files ({files})")
        if entry:
            trust_grant.forget(env, root)
            out("the earlier trust record is removed")
        return 0
    same = entry is not None and entry.get("digest") == snapshot.digest()
    out(show(root, snapshot, recorded, trust_grant.old_texts(env, root), entry))
    if same:
        trust_grant.record(env, snapshot)  # refreshes the recorded stats: no hashing on later calls
        out(f"{field(root)}: already trusted, unchanged")
        return 0
    if not yes and not confirm():
        out("nothing recorded")
        return 1
    if not trust_grant.record(env, snapshot):
        out("caveat: could not write the trust record in the state folder")
        return 1
    out(f"{field(root)}: trusted; caveat now applies its policy (any change lapses the trust)")
    return 0


def confirm() -> bool:
    if not sys.stdin.isatty():
        out("standard input is not a terminal: run again with --yes to trust these files")
        return False
    try:
        answer = input("Trust these files? caveat will apply them in this project [y/N] ")
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")
