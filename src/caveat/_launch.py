"""``python -I /abs/path/to/caveat/_launch.py ARGS`` runs ``caveat hook ARGS``.

The fastest start-up form (no runpy, no launcher, and ``-I`` keeps the project and
the current folder off ``sys.path``). It is kept to a few lines because a script is
compiled on every run: Python caches bytecode only for imported modules.
"""

from __future__ import annotations

import os
import sys

if sys.path and sys.path[0] == os.path.dirname(__file__):
    del sys.path[0]  # started without -I: our own folder must not shadow anything

from caveat.hook import main

main()
