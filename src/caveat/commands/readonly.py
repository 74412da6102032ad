"""Looking changes nothing (SPEC §13): ``caveat explain`` and ``caveat doctor`` run the
same code the hook runs, and that code writes state — advice recorded as given,
session markers, fault counts, parse caches. They run it against a throwaway copy of
the state folder, so that what they report is what the hook would do now, and the
real folder is left byte for byte as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager

from caveat import audit
from caveat.common import state

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from collections.abc import Mapping


@contextmanager
def scratch_state(env: Mapping[str, str]) -> Iterator[dict[str, str]]:
    """``env`` with ``CAVEAT_STATE_DIR`` naming a private copy of the state folder (the
    audit log left out: nothing run here is logged), removed on exit."""
    source = state.location(env)
    with tempfile.TemporaryDirectory(prefix="caveat-look-") as scratch:
        copy = os.path.join(scratch, "state")
        if os.path.isdir(source) and not os.path.islink(source):
            try:
                shutil.copytree(
                    source, copy, symlinks=True, ignore=shutil.ignore_patterns(audit.FOLDER)
                )
            except (OSError, shutil.Error) as exc:
                from caveat.common.log import log

                log(f"could not copy the state folder to look at it: {exc}")
        os.makedirs(copy, mode=0o700, exist_ok=True)
        os.chmod(copy, 0o700)
        yield dict(env, CAVEAT_STATE_DIR=copy)
