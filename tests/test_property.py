"""SPEC §1 under fuzzing: whatever the input, for every contract and every event it
maps, the hook answers with nothing or one JSON object on one line, UTF-8, with no
empty and no over-long string (10,000 characters), and no exception escapes.

Payloads come from ``fuzz_payloads``: each vendor's own shapes (Copilot's ``toolArgs``
as a JSON string, Cursor's per-action events, Windsurf's ``tool_info`` …) plus hostile
mutations of any field (wrong types, huge strings, NUL, lone surrogates, deep nesting,
absurd paths, ``apply_patch`` bodies valid and garbage) and of the raw bytes (not
UTF-8, cut short, a byte-order mark, duplicate keys, nesting past any recursion limit).

Budget: ``IN_PROCESS`` payloads through ``dispatch.run`` and ``SUBPROCESS`` through
the real launcher per run; the test counts the payloads it actually executed, fails
when that is below the budget (a strategy that silently filters everything would
otherwise pass), and prints and records the count (``fuzz-counts.json`` in pytest's
base temp folder, and a ``record_property`` for junit XML).

Seed policy: the default run is derandomized — the same payloads every time — so CI
is reproducible and a red build is never a coin toss that an unrelated change pays
for. ``CAVEAT_FUZZ_EXAMPLES=N`` is for hunting: N payloads in process (and N/20 in
subprocesses) from a fresh random seed each run, with Hypothesis's example database
replaying any failure it finds; ``CAVEAT_FUZZ_SEED`` pins that seed.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import seed
from hypothesis import settings

from caveat import dispatch
from caveat.commands.demo import make_repository
from tests.fuzz_leaves import PROJECT
from tests.fuzz_leaves import SNIPPETS
from tests.fuzz_payloads import CONTRACT_IDS
from tests.fuzz_payloads import EVENTS
from tests.fuzz_payloads import cases
from tests.helpers import run_hook

LIMIT = 10_000
# About 35 s for the whole module on two quiet cores, 70 s on busy ones.
IN_PROCESS_DEFAULT = 2000
SUBPROCESS_DEFAULT = 80
_REQUESTED = os.environ.get("CAVEAT_FUZZ_EXAMPLES", "").strip()
HUNTING = bool(_REQUESTED)
IN_PROCESS = int(_REQUESTED) if HUNTING else IN_PROCESS_DEFAULT
SUBPROCESS = max(1, IN_PROCESS // 20) if HUNTING else SUBPROCESS_DEFAULT
_SEED = os.environ.get("CAVEAT_FUZZ_SEED", "").strip()


def fuzz_settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        derandomize=not HUNTING,
        deadline=None,
        print_blob=True,
        # Huge strings and slow subprocesses are the point here, not a strategy smell.
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def pinned(test):
    return seed(int(_SEED))(test) if HUNTING and _SEED else test


# What the project holds: manifests, agent configuration, a custom rule, a license and
# a configuration that turns on every guard, so that guards read files, compare with
# HEAD and find things to say.
PROJECT_FILES = {
    ".caveat/config.toml": (
        '[header]\nlicense = "MIT"\n\n[stop]\nenabled = true\n\n[compaction]\nthreshold_calls = 3\n'
    ),
    "package.json": SNIPPETS[0],
    "requirements.txt": SNIPPETS[1],
    ".claude/settings.json": '{"permissions": {"allow": []}}\n',
    ".claude/skills/s/SKILL.md": "---\nname: s\ndescription: a skill\n---\nbody\n",
    "CLAUDE.md": "# Project\n\nBe brief.\n",
    "LICENSE": "MIT License\n\nCopyright (c) 2024 X\n",
    "src/app.py": "# SPDX-License-Identifier: MIT\ndef add(a, b):\n    return a + b\n",
    ".caveat/rules/fuzz.md": (
        "---\ntools: [Write, Bash]\ncontent: 'TODO\\(caveat-fuzz\\)'\n---\n# fuzz\n\n"
        "## Advisory\nmatch={match} in {path}\n\n## Procedure\nx\n"
    ),
}


@pytest.fixture(scope="module")
def fuzz_project(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz") / "project"
    for rel, text in PROJECT_FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    make_repository(str(root))
    return str(root)


def concrete(project: str, data: bytes, extra: dict[str, str]) -> tuple[bytes, dict[str, str]]:
    """The case with the project token replaced by the real folder."""
    env = dict(os.environ)
    env.update({key: value.replace(PROJECT, project) for key, value in extra.items()})
    from caveat.trust_grant import record
    from caveat.trust_snapshot import Snapshot

    record(env, Snapshot(project))  # its config and rule are the project's policy
    return data.replace(PROJECT.encode(), project.encode()), env


def check_output(out: str) -> None:
    """Nothing, or one non-empty JSON object on one line whose strings are non-empty
    and at most LIMIT characters, written as valid UTF-8."""
    if not out:
        return
    assert "\n" not in out and "\r" not in out, out[:200]
    written = out.encode("utf-8", "replace")  # what hook.write_output puts on stdout
    envelope = json.loads(written.decode("utf-8"))
    assert isinstance(envelope, dict) and envelope, out[:200]
    stack: list[object] = [envelope]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            assert 0 < len(value) <= LIMIT, (len(value), value[:200])
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def record(tmp_path_factory, record_property, capsys, kind: str, tried: int, budget: int) -> None:
    """Print the count and keep it where CI can read it."""
    record_property(f"fuzz_{kind}_payloads", tried)
    path = tmp_path_factory.getbasetemp() / "fuzz-counts.json"
    counts = json.loads(path.read_text()) if path.exists() else {}
    counts[kind] = {"tried": tried, "budget": budget, "derandomized": not HUNTING}
    path.write_text(json.dumps(counts, indent=2))
    with capsys.disabled():
        print(f"\n  fuzz {kind}: {tried} payloads tried (budget {budget}) → {path}", end="")


def no_shell_ran(*folders: str) -> None:
    """Payloads are full of ``$(touch PWNED)``: no file of that name may appear."""
    for folder in folders:
        assert not os.path.exists(os.path.join(folder, "PWNED")), folder


def test_strategies_cover_every_contract_and_event():
    from caveat.harnesses import HARNESSES

    assert set(CONTRACT_IDS) == set(HARNESSES)
    assert all(EVENTS[c] for c in CONTRACT_IDS)


def test_lone_surrogate_in_a_finding_is_recorded(fuzz_project):
    """Found by this fuzzer: a ``cwd`` of ``"\\ud800"`` put a lone surrogate in the
    finding's path, and writing the once-per-session record raised UnicodeEncodeError
    out of ``dispatch.run`` (the process then failed open: advice found, none given).
    State files are now ASCII JSON, so the key is written and read back unchanged."""
    payload = {
        "session_id": "surrogate",
        "cwd": "\ud800",
        "hook_event_name": "PostToolUse",
        "tool_name": "Write",
        "tool_input": {"file_path": "package.json", "content": SNIPPETS[0]},
    }
    data = json.dumps(payload).encode()  # the JSON escape, as a harness would send it
    first = dispatch.run(["--contract", "claude", "PostToolUse"], data, dict(os.environ))
    assert first.findings and first.output
    check_output(first.output)
    again = dispatch.run(["--contract", "claude", "PostToolUse"], data, dict(os.environ))
    assert again.output == "" and again.reason.startswith("everything found was already")


def test_unencodable_path_in_a_patch_leaves_the_guards_running(fuzz_project):
    """Found by this fuzzer: a patch deleting ``\\ud800/package.json`` after the tool ran
    made the dependency guard ask git for the committed file with an argument no argv
    can carry; the UnicodeEncodeError escaped the guard, which the chain then skipped."""
    patch = "*** Begin Patch\n*** Delete File: \ud800/package.json\n*** End Patch"
    payload = {
        "sessionId": "unencodable",
        "cwd": fuzz_project,
        "toolName": "apply_patch",
        "toolArgs": json.dumps({"patch": patch}),
    }
    data = json.dumps(payload).encode()
    outcome = dispatch.run(["--contract", "copilot", "postToolUse"], data, dict(os.environ))
    assert ("dependency", "silent") in [(r.guard, r.outcome) for r in outcome.trace]


def test_dispatch_property(fuzz_project, tmp_path_factory, record_property, capsys):
    tried = 0

    @pinned
    @fuzz_settings(IN_PROCESS)
    @given(cases())
    def dispatch_one(case):
        nonlocal tried
        tried += 1
        contract_id, argv, raw, extra = case
        data, env = concrete(fuzz_project, raw, extra)
        outcome = dispatch.run(["--contract", contract_id, *argv], data, env)
        # The cap holds for the text itself, also where the vendor would drop it.
        assert len(outcome.text) <= LIMIT
        check_output(outcome.output)
        # No guard raises on what it is fed: the chain would skip it, and its advice
        # (and the others' on that call, should the raise be in a shared helper) be lost.
        assert not [row for row in outcome.trace if row.outcome == "error"], outcome.trace

    dispatch_one()
    record(tmp_path_factory, record_property, capsys, "in-process", tried, IN_PROCESS)
    assert tried >= IN_PROCESS
    no_shell_ran(fuzz_project, os.getcwd())


def _arg(value: str) -> bool:
    """Whether ``value`` can be passed on a command line at all."""
    if "\x00" in value:
        return False
    try:
        os.fsencode(value)
    except UnicodeEncodeError:
        return False
    return True


def test_process_property(fuzz_project, tmp_path_factory, record_property, capsys):
    tried = 0

    @pinned
    @fuzz_settings(SUBPROCESS)
    @given(cases())
    def run_one(case):
        nonlocal tried
        tried += 1
        contract_id, argv, raw, extra = case
        data, env = concrete(fuzz_project, raw, extra)
        argv = [a for a in argv if _arg(a)]
        done = run_hook(data, "--contract", contract_id, *argv, cwd=fuzz_project, env=env)
        assert done.returncode == 0, done.stderr[-2000:]
        check_output(done.stdout.decode("utf-8"))  # strict: stdout is UTF-8

    run_one()
    record(tmp_path_factory, record_property, capsys, "subprocess", tried, SUBPROCESS)
    assert tried >= SUBPROCESS
    no_shell_ran(fuzz_project)
