"""``caveat install --print``: caveat's registrations as the text to paste into a
harness file by hand."""

from __future__ import annotations

import json

from caveat.install import launcher_write
from caveat.install.resolve import harness
from caveat.install.resolve import project as project_folder
from caveat.install.resolve import target

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


def entries(
    name: str,
    env: Mapping[str, str],
    project: str | None = None,
    http: bool = False,
    port: int | None = None,
) -> tuple[str, str]:
    """(the file, the text to paste into it): caveat's registrations for ``name`` as
    a JSON object in the harness's layout, made without reading the file (it may be
    one caveat refuses to rewrite) and without writing it; the launcher the entries
    run is written, in caveat's own data folder."""
    spec = harness(name)
    aim = target(spec, env, http, port, dry_run=True)
    launcher_write.launcher(spec, aim, dry_run=False)
    folder = project_folder(project, must_exist=False)
    data = spec.layout.merged(dict(spec.layout.skeleton), spec.id, spec.units(aim))
    return spec.path(env, folder, http), json.dumps(data, indent=2, ensure_ascii=False) + "\n"
