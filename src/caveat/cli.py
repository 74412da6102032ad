"""``caveat`` command line: ``main(argv) -> int`` with one handler per sub-command.

``caveat hook`` is routed before argparse is imported: it runs on every tool call and
has its own argument reader and its own contract (always exit 0).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "hook":
        from caveat import hook

        hook.main(args[1:])  # exits the process
    from caveat.commands import run

    return run(args)
