"""``caveat uninstall``: caveat's registrations for one harness taken out of every file
of the scope, and its skills; or out of every install caveat recorded (``--all``)."""

from __future__ import annotations

from caveat.harnesses import HARNESSES
from caveat.install import filewrite
from caveat.install import skills_remove
from caveat.install.core import InstallError
from caveat.install.installs import projects
from caveat.install.records import sweep
from caveat.install.remove import remove
from caveat.install.resolve import Result
from caveat.install.resolve import harness
from caveat.install.resolve import project as project_folder
from caveat.install.resolve import read
from caveat.install.resolve import writable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from caveat.install.base import Harness


def uninstall(
    name: str,
    env: Mapping[str, str],
    project: str | None = None,
    dry_run: bool = False,
    elsewhere: bool = True,
) -> Result:
    """Remove caveat's registrations for ``name`` from every file of the scope, and
    caveat's skills from where the harness reads them."""
    spec = harness(name)
    folder = project_folder(project, must_exist=False)
    paths = spec.paths(env, folder)
    _refusal(spec, paths[0], folder)
    where = spec.skills_folder(env, folder)
    if where is not None:
        filewrite.check(where, folder, folder=True)
    # The skills go first: the settings file's record may hold their parent folder.
    notes = skills_remove.uninstall(where, env, dry_run, folder) if where is not None else []
    results = []
    for path in paths:
        try:
            results.append(remove(spec, path, env, dry_run, folder))
        except InstallError as exc:
            if not results:
                raise
            skipped = Result(spec.id, path, "skipped")
            skipped.detail = str(exc)
            results.append(skipped)
    main = next((r for r in results if r.status != "absent"), results[0])
    for other in results:
        if other is not main:
            main.notes += other.notes
            if other.status in ("removed", "planned"):
                main.diff += other.diff
                verb = "would remove" if dry_run else "removed"
                main.notes.append(f"{verb} caveat's entries from {other.path} too")
            elif other.status == "skipped":
                main.notes.append(f"skipped {other.path}: {other.detail}")
    main.notes += notes
    if not dry_run:
        sweep(env, paths)
    if folder is None and elsewhere:  # the project installs, which this leaves
        for place in projects(spec.id, env):
            main.notes.append(
                f"caveat is also installed for {spec.id} in the project {place}: "
                f"caveat uninstall --harness {spec.id} --project {place} "
                "(or --all for every install)"
            )
    return main


def _refusal(spec: Harness, path: str, folder: str | None) -> None:
    """Raise now what removing caveat's entries from ``path`` would raise, before
    anything else is touched."""
    try:
        doc = read(spec, path, folder)
    except OSError:
        return  # reported as skipped
    if spec.layout.found(doc.data, spec.id):
        writable(spec, doc)


def uninstall_all(name: str | None, env: Mapping[str, str], dry_run: bool = False) -> list[Result]:
    """Uninstall every install caveat recorded (the user's files and every project)
    of ``name``, or of every harness when ``name`` is None."""
    names = [harness(name).id] if name else list(HARNESSES)
    out = []
    for harness_id in names:
        for where in [None, *projects(harness_id, env)]:
            try:
                out.append(uninstall(harness_id, env, where, dry_run, elsewhere=False))
            except InstallError as exc:
                spec = harness(harness_id)
                refused = Result(harness_id, spec.path(env, where), "skipped")
                refused.detail = str(exc)
                out.append(refused)
    return out
