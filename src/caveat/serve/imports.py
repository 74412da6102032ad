"""What a hook call may import, loaded once in the ``caveat serve`` parent before it
forks: the workers then share it and no request pays for an import.
"""

from __future__ import annotations

from caveat.common.log import log

# Everything a hook call may import: the modules of its pipeline and the packages
# of contracts, guards and session readers (never a launcher, the CLI or an installer).
PRELOAD = ("caveat.hook", "caveat.chain", "caveat.messages", "caveat.seen", "caveat.config")
PRELOAD_PACKAGES = ("caveat.harnesses", "caveat.guards", "caveat.common")
# The harnesses' installers (``caveat.harnesses.<id>.install``) belong to the CLI.
PRELOAD_SKIP = ".install"


def preload() -> None:
    """Import what a hook call may import, once, before forking: the workers then
    share it and no request pays for an import."""
    import importlib
    import pkgutil

    names = list(PRELOAD)
    for package in PRELOAD_PACKAGES:
        names.append(package)
        path = importlib.import_module(package).__path__
        found = pkgutil.walk_packages(path, package + ".")
        names.extend(info.name for info in found if not info.name.endswith(PRELOAD_SKIP))
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:  # the request that needs it will say so again
            log(f"serve: cannot preload {name}: {exc}")
