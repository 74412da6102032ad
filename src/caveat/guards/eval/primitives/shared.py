"""Fragments that more than one language's table uses."""

from __future__ import annotations

# A shell named with ``-c`` in an argv list: the string that follows is a command line.
SH_C = (
    r'"(?:/bin/|/usr/bin/)?(?:env\s+)?(?:ba|z|k|da)?sh"\s*,\s*"-c"'
    r'|"cmd(?:\.exe)?"\s*,\s*"/[cC]"'
)
