"""Headless Chromium, driven from the command line: the DOM after render, the console
lines it logged, and a screenshot's pixels. Debian's package; ``scripts/setup-browser.sh``
installs it. Without it the browser tests skip, except under CI=true, where they fail."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tempfile
import zlib

import pytest

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--hide-scrollbars",
    "--enable-logging=stderr",
    "--v=0",
]


def chromium() -> str:
    """The browser's path, or skip (fail under CI) with the reason."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    reason = "Chromium is not installed (bash scripts/setup-browser.sh installs it as root)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(reason + "; CI=true needs the browser test")
    pytest.skip(reason)


def run(page: str, *args: str) -> tuple[str, list[str]]:
    """Chromium on ``page`` with ``args``: (stdout, the console lines it logged)."""
    with tempfile.TemporaryDirectory(prefix="caveat-chromium-") as profile:
        done = subprocess.run(
            [chromium(), *FLAGS, f"--user-data-dir={profile}", *args, "file://" + page],
            capture_output=True,
            timeout=120,
            check=False,
        )
    err = done.stderr.decode("utf-8", "replace").splitlines()
    console = [line for line in err if ":CONSOLE" in line or "Uncaught" in line]
    return done.stdout.decode("utf-8", "replace"), console


def dom(page: str) -> tuple[str, list[str]]:
    return run(page, "--dump-dom")


def screenshot(page: str, out: str, width: int = 900, height: int = 1400) -> list[str]:
    _, console = run(page, f"--screenshot={out}", f"--window-size={width},{height}")
    return console


def pixels(png: str) -> set[tuple[int, int, int]]:
    """The distinct RGB colours of an 8-bit RGB or RGBA PNG (what Chromium writes)."""
    with open(png, "rb") as handle:
        data = handle.read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        header = body if kind == b"IHDR" else header
        idat += body if kind == b"IDAT" else b""
        pos += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert depth == 8 and colour in (2, 6)
    step = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * step
    seen: set[tuple[int, int, int]] = set()
    previous = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - step] if i >= step else 0
            b, c = previous[i], previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        seen.update(tuple(line[i : i + 3]) for i in range(0, stride, step))  # type: ignore[misc]
        previous = line
    return seen
