"""The harness registry, checked by the type checker as well as at run time: every
contract module is a ``Contract`` and every ``hookfile`` module a ``HookFile`` (mypy
fails on a module that lacks a member or gives one the wrong type), and these
literals name exactly the registry's harnesses."""

from __future__ import annotations

import importlib
import os

import pytest

from caveat import harnesses
from caveat.guards import conformity
from caveat.guards.conformity.kinds import kind_of
from caveat.harnesses import HARNESSES
from caveat.harnesses import antigravity
from caveat.harnesses import claude
from caveat.harnesses import codebuddy
from caveat.harnesses import codex
from caveat.harnesses import copilot
from caveat.harnesses import cursor
from caveat.harnesses import devin
from caveat.harnesses import gemini
from caveat.harnesses import kiro
from caveat.harnesses import qwen
from caveat.harnesses.antigravity import hookfile as antigravity_hookfile
from caveat.harnesses.claude import hookfile as claude_hookfile
from caveat.harnesses.codex import hookfile as codex_hookfile
from caveat.harnesses.copilot import hookfile as copilot_hookfile
from caveat.harnesses.cursor import hookfile as cursor_hookfile
from caveat.harnesses.gemini import hookfile as gemini_hookfile
from caveat.harnesses.kiro import hookfile as kiro_hookfile
from caveat.harnesses.qwen import hookfile as qwen_hookfile

TYPE_CHECKING = False
if TYPE_CHECKING:
    from caveat.harnesses.contract import Contract
    from caveat.harnesses.contract import HookFile

CONTRACTS: dict[str, Contract] = {
    "claude": claude,
    "codex": codex,
    "gemini": gemini,
    "qwen": qwen,
    "codebuddy": codebuddy,
    "copilot": copilot,
    "cursor": cursor,
    "kiro": kiro,
    "devin": devin,
    "antigravity": antigravity,
}

HOOKFILES: dict[str, HookFile] = {
    "claude": claude_hookfile,
    "codex": codex_hookfile,
    "gemini": gemini_hookfile,
    "qwen": qwen_hookfile,
    "copilot": copilot_hookfile,
    "cursor": cursor_hookfile,
    "kiro": kiro_hookfile,
    "antigravity": antigravity_hookfile,
}


def test_the_typed_tables_are_the_registry():
    assert list(CONTRACTS) == list(HARNESSES)
    assert all(harnesses.load(h) is CONTRACTS[h] for h in HARNESSES)
    assert list(HOOKFILES) == [h for h in HARNESSES if harnesses.hookfile(h) is not None]
    assert all(harnesses.hookfile(h) is module for h, module in HOOKFILES.items())


@pytest.mark.parametrize("harness_id", list(HARNESSES))
def test_a_harness_has_a_hookfile_exactly_when_it_names_folders(harness_id):
    # A hookfile without folders would never be loaded; folders without one would
    # put files in scope that no shape check reads.
    folder = os.path.join(os.path.dirname(harnesses.__file__), harness_id)
    on_disk = os.path.isfile(os.path.join(folder, "hookfile.py"))
    assert on_disk is bool(HARNESSES[harness_id])


@pytest.mark.parametrize("harness_id", list(HOOKFILES))
def test_every_hook_file_is_found_by_its_kind(harness_id):
    module = HOOKFILES[harness_id]
    assert module.NAME and module.TIMEOUT_UNIT in ("s", "ms", "")
    for kind, folder, name in module.FILES:
        path = "/r" + folder + "/" + name.replace("*", "x")
        assert kind_of(path) == kind
        if any(path.startswith("/r" + s) for s in HARNESSES[harness_id]):
            assert conformity.in_scope(path, {})


@pytest.mark.parametrize("harness_id", list(HARNESSES))
def test_the_installer_names_exactly_the_hosts_of_claude_hooks(harness_id):
    # The duplicate-SessionStart check reads CLAUDE_HOST_ENV; the install report reads
    # the installer's reads_claude advice. One fact, stated in both: they must agree.
    installer = importlib.import_module(f"caveat.harnesses.{harness_id}.install").HARNESS
    assert bool(installer.reads_claude) is bool(CONTRACTS[harness_id].CLAUDE_HOST_ENV)


def test_a_missing_hookfile_is_none():
    assert harnesses.hookfile("devin") is None
    assert harnesses.hookfile("nope") is None
