from __future__ import annotations

import json
import os
import re
import shutil

import pytest

from caveat.auditsummary import percentile
from caveat.cli import main
from caveat.commands import stats_charts
from tests import browser
from tests.commands.auditlog_fixture import BARS
from tests.commands.auditlog_fixture import KNOWN
from tests.commands.auditlog_fixture import record
from tests.commands.auditlog_fixture import write_log
from tests.helpers import ROOT

ARTIFACTS = os.path.join(ROOT, ".cache", "artifacts")


@pytest.fixture
def known_log():
    write_log(os.environ["CAVEAT_STATE_DIR"])


def test_stats_table(known_log, capsys):
    assert main(["stats"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{len(KNOWN)} hook calls, 2026-11-29 10:00:00 → 2026-12-01 08:05:00 UTC"
    rows = {line.split()[0]: line.split()[1:] for line in out[2:] if line and line[0] != " "}
    # calls advised denied faulted skipped p50 p99 — the guard with most calls first
    assert out[3].startswith("custom")
    assert rows["custom"] == ["4", "0", "0", "3", "1", "1500.00", "1500.00"]
    assert rows["dependency"] == ["4", "3", "0", "0", "0", "1.00", "1.50"]
    assert rows["askuser"] == ["1", "0", "1", "0", "0", "0.30", "0.30"]
    # calls advised denied faulted p50 p99
    assert rows["claude"] == ["9", "3", "1", "3", "5.00", "1510.00"]
    assert rows["codex"] == ["1", "1", "0", "0", "5.00", "5.00"]
    assert out[-1] == "stepped aside: custom faulted 3 times in a session (1 session)"


def test_stats_filters_apply(known_log, capsys):
    assert main(["stats", "--since", "2026-12-01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 hook calls")
    assert "custom" not in out


def test_percentiles_are_nearest_rank():
    values = [float(v) for v in range(1, 101)]
    assert (percentile(values, 50), percentile(values, 99)) == (50.0, 99.0)
    assert percentile([3.0], 99) == 3.0
    assert percentile([], 50) == 0.0


def test_html_is_self_contained_and_biggest_first(known_log, tmp_path, capsys):
    page = tmp_path / "stats.html"
    assert main(["stats", "--html", str(page)]) == 0
    assert capsys.readouterr().out == f"wrote {page} ({len(KNOWN)} hook calls)\n"
    html = page.read_text()
    assert "<script" not in html
    assert not re.search(r"""(src|href)=|url\(|@import""", html)
    assert html.count('class="bar"') == len(BARS)
    assert html.count('class="hist"') == len(stats_charts.EDGES)
    tiles = re.findall(r'<div class="tile"><b>([\d,]+)</b>', html)
    assert [int(t) for t in tiles] == sorted((int(t) for t in tiles), reverse=True)
    legend = re.findall(r"<li><i [^>]*></i>([\w-]+) — (\d+)</li>", html)
    assert legend == [("dependency", "3"), ("askuser", "1"), ("eval", "1"), ("git", "1")]


def test_html_of_an_empty_log(tmp_path, capsys):
    page = tmp_path / "stats.html"
    assert main(["stats", "--html", str(page)]) == 0
    assert "No guard gave advice in this period." in page.read_text()


def test_the_page_renders_in_chromium(known_log, tmp_path, capsys):
    browser.chromium()
    page = str(tmp_path / "stats.html")
    assert main(["stats", "--html", page]) == 0
    dom, console = browser.dom(page)
    assert console == []
    assert dom.count('class="bar"') == len(BARS)
    assert dom.count('class="hist"') == len(stats_charts.EDGES)
    counts = [int(n) for n in re.findall(r'class="hist" data-bin="\d+" data-count="(\d+)"', dom)]
    assert sum(counts) == len(KNOWN)
    shot = str(tmp_path / "stats.png")
    assert browser.screenshot(page, shot) == []
    colours = browser.pixels(shot)
    assert {(0x00, 0x72, 0xB2), (0xE6, 0x9F, 0x00)} <= colours  # the first two guards' bars
    os.makedirs(ARTIFACTS, exist_ok=True)
    shutil.copy(shot, os.path.join(ARTIFACTS, "stats.png"))


def test_the_console_check_sees_an_error(tmp_path):
    browser.chromium()
    page = tmp_path / "broken.html"
    page.write_text('<!DOCTYPE html><script>throw new Error("boom")</script>')
    _, console = browser.dom(str(page))
    assert any("Uncaught Error: boom" in line for line in console)


def _held(when: str, session: str, verdict: str, contract: str = "claude") -> dict[str, object]:
    outcome = "held" if verdict == "held" else "silent"
    line = record(when, [("git", outcome, 1.0)], "hold" if verdict == "held" else "nothing")
    return {
        **line,
        "contract": contract,
        "session": session,
        "hold": {"verdict": verdict, "key": f"k-{session}", "guards": ["git"]},
    }


def test_holds_held_retried_dropped(tmp_path, capsys):
    """A hold that came back counts as retried; one that did not, as dropped once the
    hold window has passed; the page shows the same table."""
    lines = [
        _held("2026-11-30T10:00:00Z", "a", "held"),
        _held("2026-11-30T10:00:20Z", "a", "retried"),
        _held("2026-11-30T11:00:00Z", "b", "held"),
        _held("2026-11-30T11:00:00Z", "c", "held", "gemini"),
        _held("2026-11-30T11:00:10Z", "z", "retried", "gemini"),  # no hold before it
    ]
    folder = os.path.join(os.environ["CAVEAT_STATE_DIR"], "audit")
    os.makedirs(folder, mode=0o700)
    with open(os.path.join(folder, "2026-11-30.jsonl"), "w") as fh:
        fh.writelines(json.dumps(line) + "\n" for line in lines)
    assert main(["stats", "--since", "2026-11-29"]) == 0
    out = capsys.readouterr().out.splitlines()
    start = out.index(next(line for line in out if line.startswith("held by")))
    rows = [line.split() for line in out[start + 1 : start + 3]]
    assert rows == [["git", "claude", "2", "1", "1", "0"], ["git", "gemini", "1", "0", "1", "0"]]
    page = tmp_path / "stats.html"
    assert main(["stats", "--since", "2026-11-29", "--html", str(page)]) == 0
    html = page.read_text()
    assert "<h2>Held before the act</h2>" in html
    assert "<td>git</td><td>claude</td><td>2</td><td>1</td><td>1</td><td>0</td>" in html
