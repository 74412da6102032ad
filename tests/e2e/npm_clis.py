"""The pinned harness CLIs: ``npm ci`` from tests/e2e/npm into ``.cache/e2e/``.

The install folder is named by a hash of the committed package.json and lockfile, so
a changed pin installs afresh and an unchanged one is reused; a stamp file written
last marks a complete install. Any failure (no npm, no registry, a CLI that does not
start or reports another version) raises: the lane fails loudly, it never skips.

Run as a script to install ahead of the tests (``python tests/e2e/npm_clis.py``), or
with ``--relock`` after changing a pin in tests/e2e/npm/package.json.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PINS = os.path.join(HERE, "npm")
CACHE = os.path.join(ROOT, ".cache", "e2e")
FILES = ("package.json", "package-lock.json")
# node_modules/.bin name -> the version line its --version prints must contain.
BINARIES = {"claude": "claude-code", "codex": "codex", "gemini": "gemini-cli", "qwen": "qwen-code"}


class InstallError(RuntimeError):
    pass


def lock_hash() -> str:
    digest = hashlib.sha256()
    for name in FILES:
        with open(os.path.join(PINS, name), "rb") as fh:
            digest.update(fh.read())
    return digest.hexdigest()[:16]


def pinned() -> dict[str, str]:
    """Package name -> the exact version package.json pins."""
    with open(os.path.join(PINS, "package.json"), encoding="utf-8") as fh:
        return dict(json.load(fh)["dependencies"])


def _run(argv: list[str], cwd: str, timeout: float) -> str:
    try:
        done = subprocess.run(
            argv, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise InstallError(f"{' '.join(argv)}: {exc}") from exc
    if done.returncode != 0:
        output = done.stdout[-3000:] + done.stderr[-3000:]
        raise InstallError(f"{' '.join(argv)} exited {done.returncode}:\n{output}")
    return done.stdout + done.stderr


def _check(folder: str) -> None:
    """Each package at its pinned version, and each CLI starts and says so."""
    modules = os.path.join(folder, "node_modules")
    for package, version in pinned().items():
        with open(os.path.join(modules, package, "package.json"), encoding="utf-8") as fh:
            found = json.load(fh)["version"]
        if found != version:
            raise InstallError(f"{package}: installed {found}, pinned {version}")
    versions = {p.rsplit("/", 1)[-1]: v for p, v in pinned().items()}
    for binary, package in BINARIES.items():
        out = _run([os.path.join(modules, ".bin", binary), "--version"], folder, 120)
        if versions[package] not in out:
            raise InstallError(f"{binary} --version says {out.strip()!r}, pinned {package}")


def relock() -> None:
    """Rewrite package-lock.json for the pins in package.json.

    Some optional platform packages are declared but were never published (Qwen
    Code's clipboard helper names darwin, win32 and linux-arm64 builds the registry
    does not have). ``npm install`` records nothing for them, and ``npm ci`` then
    refuses the lockfile as out of sync. Each such package gets an entry marked
    optional: ``npm ci`` accepts the lockfile, tries the package, gets a 404 and goes
    on, as it does for any optional dependency that fails.
    """
    npm = shutil.which("npm")
    if npm is None:
        raise InstallError("npm is not on PATH")
    argv = [npm, "install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund"]
    _run(argv, PINS, 600)
    path = os.path.join(PINS, "package-lock.json")
    with open(path, encoding="utf-8") as fh:
        lock = json.load(fh)
    packages = lock["packages"]
    for entry in list(packages.values()):
        for name, spec in (entry.get("optionalDependencies") or {}).items():
            key = f"node_modules/{name}"
            if key not in packages:
                packages[key] = {"version": spec, "optional": True}
    lock["packages"] = dict(sorted(packages.items(), key=lambda kv: (kv[0] != "", kv[0])))
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(lock, fh, indent=2)
        fh.write("\n")


def ensure() -> str:
    """The node_modules/.bin folder of the pinned CLIs, installing them if needed."""
    npm = shutil.which("npm")
    if npm is None:
        raise InstallError("npm is not on PATH: the end-to-end lane needs Node.js and npm")
    os.makedirs(CACHE, exist_ok=True)
    folder = os.path.join(CACHE, f"clis-{lock_hash()}")
    stamp = os.path.join(folder, ".installed")
    with open(os.path.join(CACHE, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one install at a time per checkout
        if not os.path.exists(stamp):
            shutil.rmtree(folder, ignore_errors=True)
            os.makedirs(folder)
            for name in FILES:
                shutil.copyfile(os.path.join(PINS, name), os.path.join(folder, name))
            _run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], folder, 1200)
            _check(folder)
            with open(stamp, "w", encoding="utf-8") as fh:
                fh.write(lock_hash() + "\n")
            for old in os.listdir(CACHE):  # earlier pins' installs
                if old.startswith("clis-") and old != os.path.basename(folder):
                    shutil.rmtree(os.path.join(CACHE, old), ignore_errors=True)
    return os.path.join(folder, "node_modules", ".bin")


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--relock"]:
            relock()
        print(ensure())
    except InstallError as exc:
        sys.exit(f"npm_clis: {exc}")
