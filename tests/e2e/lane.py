"""The lane's session objects: the runs, made once each, and the closing report.

(No conftest.py here: the unit tests import helpers from tests/conftest.py as
``conftest``, and a second conftest module of that name would shadow it.)
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from dataclasses import field

import npm_clis
import pytest
from scenario import Step
from verdict import Case
from verdict import Delivery

HERE = os.path.dirname(os.path.abspath(__file__))
RUN_CASE = os.path.join(HERE, "run_case.py")
REPORT = os.path.join(npm_clis.CACHE, "report.md")


def find_unshare() -> str:
    """``unshare``, if ``unshare -n`` works here (root, or unprivileged user
    namespaces); else the lane fails, saying why."""
    path = shutil.which("unshare")
    if path is None:
        pytest.fail("the e2e lane needs unshare (util-linux) to isolate each run", pytrace=False)
    done = subprocess.run([path, "-n", "true"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.fail(
            f"`unshare -n` fails ({done.stderr.strip()}): the e2e lane needs root or "
            "unprivileged network namespaces",
            pytrace=False,
        )
    return path


def install_clis() -> str:
    """The pinned CLIs' bin folder; without npm or the registry the lane fails."""
    try:
        return npm_clis.ensure()
    except npm_clis.InstallError as exc:
        pytest.fail(f"cannot install the pinned harness CLIs from npm: {exc}", pytrace=False)


# Beside caveat and its dependencies: the build backend, and pip itself (pipx puts it
# in its shared environment).
EXTRA_WHEELS = ("hatchling", "pip")


def wheelhouse() -> str:
    """A folder of wheels for caveat's dependencies, its build backend and pip, made
    from the package index once per pyproject.toml (outside any namespace): what a
    self-installing plugin and pipx take instead of the index."""
    with open(os.path.join(npm_clis.ROOT, "pyproject.toml"), "rb") as fh:
        digest = hashlib.sha256(fh.read() + " ".join(EXTRA_WHEELS).encode())
    folder = os.path.join(npm_clis.CACHE, f"wheelhouse-{digest.hexdigest()[:16]}")
    stamp = os.path.join(folder, ".complete")
    if os.path.exists(stamp):
        return folder
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    for argv in (
        [*pip, "wheel", "--wheel-dir", folder, npm_clis.ROOT],
        [*pip, "download", "--dest", folder, *EXTRA_WHEELS],
    ):
        done = subprocess.run(argv, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0:
            pytest.fail(f"cannot build the wheelhouse: {done.stdout}{done.stderr}", pytrace=False)
    with open(stamp, "w", encoding="utf-8") as fh:
        fh.write("")
    return folder


class Cases:
    """Each (harness, run_case.py flags) run once per session, on first use:
    ``--disable`` (CAVEAT_DISABLE=1), ``--http`` (Claude Code with HTTP hooks to
    caveat serve), ``--http --wrong-token``."""

    def __init__(self, unshare: str, clis: str, factory: pytest.TempPathFactory) -> None:
        self.unshare = unshare
        self.clis = clis
        self.factory = factory
        self.done: dict[tuple[str, ...], Case] = {}

    def get(self, harness: str, *flags: str) -> Case:
        key = (harness, *flags)
        if key not in self.done:
            words = [f.lstrip("-") for f in flags] or ["on"]
            out = str(self.factory.mktemp("-".join([harness, *words])))
            argv = [self.unshare, "-n", sys.executable, RUN_CASE, harness, *flags]
            argv += ["--out", out, "--clis", self.clis]
            done = subprocess.run(argv, capture_output=True, text=True, timeout=300, check=False)
            if done.returncode != 0:
                pytest.fail(f"run_case {' '.join(key)} failed:\n{done.stdout}{done.stderr}")
            self.done[key] = Case.load(out)
        return self.done[key]


@dataclass
class Report:
    """What reached the model, per harness: the table the lane prints at the end."""

    rows: dict[str, list[Delivery]] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    # harness -> channel -> "reached", "silent as expected" or "n/a: <why>"
    channels: dict[str, dict[str, str]] = field(default_factory=dict)
    # harness -> what `caveat stats` said of its hold session (held, retried, dropped)
    holds: dict[str, str] = field(default_factory=dict)

    def passed(self, harness: str, steps: tuple[Step, ...]) -> None:
        """Record a session whose every step was checked: the session-start context
        and each step's advice reached the model, or (a step that expects none)
        nothing did."""
        found = self.channels.setdefault(harness, {})
        found["session start"] = "reached"
        for step in steps:
            found[step.channel] = "reached" if step.message else "silent as expected"

    def matrix(self) -> str:
        columns: list[str] = []
        for found in self.channels.values():
            columns += [c for c in found if c not in columns]
        lines = [
            "| harness | " + " | ".join(columns) + " |",
            "|---" * (len(columns) + 1) + "|",
        ]
        for harness, found in sorted(self.channels.items()):
            cells = [found.get(c, "not run") for c in columns]
            lines.append(f"| {harness} | " + " | ".join(cells) + " |")
        return "\n".join(lines) + "\n\n"

    def markdown(self) -> str:
        lines = [
            "| harness | step | event, hook tool | file / command | where | msg | "
            "text that reached the model |",
            "|---|---|---|---|---|---|---|",
        ]
        for harness, rows in sorted(self.rows.items()):
            for row in rows:
                seen = row.seen if len(row.seen) <= 110 else row.seen[:70] + " … " + row.seen[-30:]
                if row.procedure:
                    seen += "⏎⏎" + row.procedure
                cell = seen.replace("\n", "⏎").replace("|", "\\|")
                lines.append(
                    f"| {harness} | {row.step} | {row.event} | {row.subject} | {row.place} "
                    f"| {row.message} | `` {cell} `` |"
                )
        runs = ", ".join(f"{h} {s:.1f} s" for h, s in sorted(self.seconds.items()))
        holds = "".join(
            f"\n`caveat stats` after the {h} hold session:\n\n```\n{text}\n```\n"
            for h, text in sorted(self.holds.items())
        )
        return self.matrix() + "\n".join(lines) + f"\n\nCLI run times: {runs}\n" + holds

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        """Registered as a plugin by ``shared_report``: keep the table in
        .cache/e2e/report.md and show it at the end of the run."""
        if not self.rows:
            return
        text = self.markdown()
        os.makedirs(os.path.dirname(REPORT), exist_ok=True)
        with open(REPORT, "w", encoding="utf-8") as fh:
            fh.write(text)
        terminalreporter.write_sep("-", f"what reached the model (also in {REPORT})")
        terminalreporter.write_line(text)


_REPORT = Report()


def shared_report(config: pytest.Config) -> Report:
    """The one report every test module of the lane adds its rows to."""
    if not config.pluginmanager.is_registered(_REPORT):
        config.pluginmanager.register(_REPORT, "caveat-e2e-report")
    return _REPORT
