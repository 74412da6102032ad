"""Helpers for the contract tests (``tests/harnesses/<id>/test_contract.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from caveat.event import Event

if TYPE_CHECKING:  # the protocol exists for the type checker only
    from caveat.harnesses.contract import Contract


def normalized(
    contract: Contract,
    data: dict[str, object],
    event: str = "",
    env: Mapping[str, str] | None = None,
) -> Event:
    """``contract.normalize(data, event, env)`` for a payload the contract reads: the
    test fails here if the contract drops it."""
    found = contract.normalize(data, event, {} if env is None else env)
    assert found is not None, data
    return found


# A project whose package.json gains a dependency (axios) when NEW_PACKAGE is written.
OLD_PACKAGE = '{\n  "name": "app",\n  "dependencies": {\n    "express": "^4.19.2"\n  }\n}\n'
NEW_PACKAGE = OLD_PACKAGE.replace('"^4.19.2"\n', '"^4.19.2",\n    "axios": "^1.7.7"\n')


def package_repo(root: Path) -> Path:
    """``root`` made a git work tree holding OLD_PACKAGE as its package.json."""
    (root / ".git").mkdir()
    (root / "package.json").write_text(OLD_PACKAGE, encoding="utf-8")
    return root
