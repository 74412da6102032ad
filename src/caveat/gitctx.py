"""Find the git root above a path with nothing but ``os.stat`` calls.

The function lives in ``caveat.guards.base``, which every guard loads anyway, so
that the hook's path needs one module fewer; it is named here for other callers.
"""

from __future__ import annotations

from caveat.guards.base import git_root as git_root
