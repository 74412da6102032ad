"""Knowledge-base drift: one SessionStart line when a project's knowledge base has
changed since its last recorded baseline (SPEC §4).

The base is the first of ``knowledge-base/``, ``wiki/``, ``docs/knowledge-base/``,
``docs/wiki/`` under the project root that holds both ``index.md`` and ``log.md``
(a base anywhere else works with the knowledge-wiki skill but gets no line here).

Layout of a base, as the knowledge-wiki skill writes it::

    wiki/
      index.md            the catalogue of pages
      log.md              append-only, newest entry last
      entities/*.md       pages: people, systems, projects …
      concepts/*.md       pages: ideas, patterns, decisions …
      sources/*.md        pages: one summary per ingested source

- **Pages** are the ``*.md`` files directly inside the three page folders
  (``PAGE_FOLDERS``), each listed flat: three ``listdir`` calls, no walk, so a
  deep or huge tree elsewhere costs nothing. A missing page folder counts 0 pages.
- **Log entries** are lines that start ``## [YYYY-MM-DD] `` followed by the
  operation, e.g. ``## [2026-04-02] ingest | Some article``.
- **A baseline line** is the entry the skill's drift mode appends after it has
  reconciled the base, and nothing else writes::

      ## [2026-05-01] baseline | pages: 42

The fingerprint is (page count, newest log entry). The recorded copy is the newest
baseline line: its page count, and the baseline itself as the newest entry it saw.
The base has drifted when the page count differs from the baseline's or when any
entry follows the newest baseline line. The line then names the base's path (from
the project root), the baseline's date and both page counts — never text from the
base. It repeats every session until drift mode appends a new baseline.

Cost: with no base, four ``stat`` calls (``log.md`` of each candidate); with one,
at most the last 256 KiB of ``log.md`` and three ``listdir`` calls. Never writes.
Silent on no base, no baseline (in that tail), no change, or an unreadable file.
"""

from __future__ import annotations

import os

from caveat.common.files import open_regular

CANDIDATES = (
    "knowledge-base",
    "wiki",
    os.path.join("docs", "knowledge-base"),
    os.path.join("docs", "wiki"),
)
PAGE_FOLDERS = ("entities", "concepts", "sources")
TAIL = 256 * 1024
ENTRY = "## ["
BASELINE = "baseline"


class Drift:
    """What the drift line says: the base's path, its baseline date, page counts."""

    __slots__ = ("baseline_pages", "date", "pages", "path")

    def __init__(self, path: str, date: str, baseline_pages: int, pages: int) -> None:
        self.path = path
        self.date = date
        self.baseline_pages = baseline_pages
        self.pages = pages

    def values(self) -> dict[str, str]:
        return {
            "path": self.path,
            "date": self.date,
            "baseline_pages": str(self.baseline_pages),
            "pages": str(self.pages),
        }

    def __repr__(self) -> str:
        return f"Drift({self.path!r}, {self.date!r}, {self.baseline_pages}, {self.pages})"


def find_base(root: str) -> str | None:
    """The first candidate folder under ``root`` holding ``log.md`` and ``index.md``."""
    for candidate in CANDIDATES:
        folder = os.path.join(root, candidate)
        if os.path.isfile(os.path.join(folder, "log.md")) and os.path.isfile(
            os.path.join(folder, "index.md")
        ):
            return folder
    return None


def read_tail(file: str, limit: int = TAIL) -> str | None:
    """The last ``limit`` bytes of ``file`` as text, from the first whole line; None
    when it cannot be read or is not a regular file."""
    opened = open_regular(file)
    if opened is None:
        return None
    fd, size = opened
    try:
        start = max(0, size - limit)
        os.lseek(fd, start, os.SEEK_SET)
        chunks = []
        left = limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if start > 0:  # the first line is cut: drop it
        newline = data.find(b"\n")
        data = data[newline + 1 :] if newline >= 0 else b""
    return data.decode("utf-8", "replace")


def _date(text: str) -> str | None:
    """``YYYY-MM-DD`` when ``text`` is exactly such a date, else None."""
    if len(text) != 10 or text[4] != "-" or text[7] != "-":
        return None
    digits = text[:4] + text[5:7] + text[8:]
    return text if digits.isascii() and digits.isdigit() else None


def parse_baseline(line: str) -> tuple[str, int] | None:
    """``(date, pages)`` of a baseline line, None for any other line."""
    if not line.startswith(ENTRY):
        return None
    close = line.find("]", len(ENTRY))
    date = _date(line[len(ENTRY) : close]) if close > 0 else None
    if date is None:
        return None
    parts = [p.strip() for p in line[close + 1 :].split("|")]
    if not parts or parts[0] != BASELINE:
        return None
    for part in parts[1:]:
        key, sep, value = part.partition(":")
        if sep and key.strip() == "pages" and value.strip().isascii():
            number = value.strip()
            if number.isdigit() and len(number) <= 9:
                return date, int(number)
    return None


def recorded(log_text: str) -> tuple[str, int, bool] | None:
    """From the log's tail: the newest baseline's ``(date, pages, entries_after)``,
    where ``entries_after`` tells whether any log entry follows it; None without a
    baseline."""
    later = False
    for line in reversed(log_text.splitlines()):
        if not line.startswith(ENTRY):
            continue
        found = parse_baseline(line.rstrip())
        if found is not None:
            return found[0], found[1], later
        later = True
    return None


def count_pages(base: str) -> int | None:
    """``*.md`` files directly in the page folders (a missing folder counts 0); None
    when one cannot be listed."""
    total = 0
    for name in PAGE_FOLDERS:
        folder = os.path.join(base, name)
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.name.endswith(".md") and entry.is_file():
                        total += 1
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError:
            return None
    return total


def check(root: str) -> Drift | None:
    """The drift of the project's knowledge base, or None (no base, no baseline, no
    change, or something unreadable)."""
    base = find_base(root)
    if base is None:
        return None
    log_text = read_tail(os.path.join(base, "log.md"))
    if log_text is None:
        return None
    baseline = recorded(log_text)
    if baseline is None:
        return None
    date, baseline_pages, later = baseline
    pages = count_pages(base)
    if pages is None:
        return None
    if pages == baseline_pages and not later:
        return None
    relative = os.path.relpath(base, root).replace(os.sep, "/")
    return Drift(relative, date, baseline_pages, pages)
