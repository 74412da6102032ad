"""Faults go to one line on stderr, never to stdout (which carries only the envelope)."""

from __future__ import annotations

import os


def log(message: str) -> None:
    line = "caveat: " + " ".join(message.split()) + "\n"
    try:
        os.write(2, line.encode("utf-8", "replace"))
    except OSError:
        pass
