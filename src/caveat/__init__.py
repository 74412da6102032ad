"""caveat: advisory guard engine for AI coding-agent hooks."""

from __future__ import annotations

__version__ = "0.1.0"
