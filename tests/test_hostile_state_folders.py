"""State subfolders planted the way another user could (SPEC §7): writable by everyone,
or a symlink to a folder outside the state folder. The user's audit lines, trust
texts and fault counts never land in one, and ``caveat log``, ``caveat stats`` and
the hook never read what it holds."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from caveat import audit
from caveat import stepaside
from caveat import trust_grant as trusting
from caveat.common import state
from tests.helpers import run_hook
from tests.helpers import trust
from tests.helpers import write_payload
from tests.hostile.state import FOLDER_WAYS
from tests.hostile.state import listing
from tests.hostile.state import plant_folder

FORGED = "FORGED-BY-ANOTHER-USER"


def forged_day() -> dict[str, bytes]:
    line = {
        "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "contract": "claude",
        "event": "PreToolUse",
        "tool": FORGED,
        "session": FORGED,
        "guards": [{"id": FORGED, "outcome": "advised", "ms": 1.0}],
        "received": "advice",
        "ms": 1.0,
    }
    name = time.strftime("%Y-%m-%d", time.gmtime()) + audit.SUFFIX
    return {name: (json.dumps(line) + "\n").encode()}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-I", "-m", "caveat", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=60,
        check=False,
    )


def aside(kind: str) -> list[str]:
    base = state.location(os.environ)
    return [n for n in os.listdir(base) if n.startswith(f"{kind}.untrusted-")]


@pytest.mark.parametrize("how", FOLDER_WAYS)
def test_log_and_stats_do_not_read_a_planted_audit_folder(how):
    planted = plant_folder(os.environ, audit.FOLDER, how, forged_day())
    before = listing(planted)
    for command in (("log", "--json"), ("stats",)):
        done = cli(*command)
        assert done.returncode == 0, done.stderr
        assert FORGED not in done.stdout and "no audit records match" in done.stderr
    assert listing(planted) == before  # the readers change nothing


@pytest.mark.parametrize("how", FOLDER_WAYS)
def test_audit_lines_never_land_in_a_planted_folder(project, how):
    planted = plant_folder(os.environ, audit.FOLDER, how, forged_day())
    before = listing(planted)
    run_hook(write_payload(project), cwd=project)
    folder = os.path.join(state.location(os.environ), audit.FOLDER)
    assert not os.path.islink(folder) and os.stat(folder).st_mode & 0o777 == 0o700
    if how == "loose":
        (moved,) = aside(audit.FOLDER)
        planted = os.path.join(state.location(os.environ), moved)
    assert listing(planted) == before
    done = cli("log", "--json")
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["tool"] for r in records] == ["Write"]


def test_audit_lines_never_land_in_a_planted_day_file(project):
    run_hook(write_payload(project, session="first"), cwd=project)
    (day,) = forged_day()
    path = os.path.join(state.location(os.environ), audit.FOLDER, day)
    os.unlink(path)
    with open(path, "wb") as handle:
        handle.write(forged_day()[day])
    os.chmod(path, 0o666)  # anyone could have written it
    assert FORGED not in cli("log", "--json").stdout
    run_hook(write_payload(project, session="second"), cwd=project)
    with open(path, "rb") as handle:
        text = handle.read().decode()
    assert FORGED not in text and '"session":"second"' in text
    assert os.stat(path).st_mode & 0o777 == 0o600


@pytest.mark.parametrize("how", FOLDER_WAYS)
def test_trust_texts_never_land_in_a_planted_folder(project, how):
    (project / ".caveat").mkdir()
    (project / ".caveat" / "config.toml").write_text("[guards]\neval = true\n")
    planted = plant_folder(os.environ, trusting.SNAPSHOTS, how, {"x.json": b"{}"})
    before = listing(planted)
    trust(project)
    if how == "loose":
        (moved,) = aside(trusting.SNAPSHOTS)
        planted = os.path.join(state.location(os.environ), moved)
    assert listing(planted) == before
    folder = os.path.join(state.location(os.environ), trusting.SNAPSHOTS)
    assert not os.path.islink(folder) and len(os.listdir(folder)) == 1
    assert trusting.old_texts(dict(os.environ), str(project))


@pytest.mark.parametrize("how", FOLDER_WAYS)
def test_planted_fault_counts_do_not_bench_a_guard(project, how):
    record = {"s.json": json.dumps({"dependency": stepaside.LIMIT}).encode()}
    planted = plant_folder(os.environ, stepaside.FOLDER, how, record)
    assert stepaside.benched(dict(os.environ), "s") == frozenset()
    done = run_hook(write_payload(project), cwd=project)
    assert b"dependency" in done.stdout  # the guard still speaks
    assert listing(planted) == record
