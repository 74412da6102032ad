"""Tests of ``caveat.harnesses``: ``tests/harnesses/<id>/`` per harness (a package, so
that every harness's ``test_contract.py`` and ``test_install.py`` can share a name)."""

from __future__ import annotations
