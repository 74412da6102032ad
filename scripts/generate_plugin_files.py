"""Write (or --check) the repository's Claude Code plugin, the folder plugin/: its
.claude-plugin/plugin.json and hooks/hooks.json from caveat's own registrations and
version, and its links to what it installs and runs (the repository is the
marketplace of that one plugin: .claude-plugin/marketplace.json). Run from anywhere:

    python scripts/generate_plugin_files.py [--check]
"""

from __future__ import annotations

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(argv: list[str]) -> int:
    try:
        from caveat.install import plugin_repo
    except ImportError:  # a plain checkout without an install
        sys.path.insert(0, os.path.join(ROOT, "src"))
        from caveat.install import plugin_repo

    parser = argparse.ArgumentParser(prog="generate_plugin_files.py", description=__doc__)
    parser.add_argument("--check", action="store_true", help="exit 1 if a file is stale")
    args = parser.parse_args(argv)
    stale = []
    for relative, data in plugin_repo.repository_files().items():
        path = os.path.join(ROOT, *relative.split("/"))
        try:
            with open(path, "rb") as fh:
                current = fh.read()
        except OSError:
            current = None
        if current == data:
            continue
        stale.append(relative)
        if not args.check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as fh:
                fh.write(data)
    for relative, target in plugin_repo.repository_links().items():
        path = os.path.join(ROOT, *relative.split("/"))
        if os.path.islink(path) and os.readlink(path) == target:
            continue
        stale.append(relative)
        if not args.check:
            if os.path.lexists(path):
                os.unlink(path)  # a link or file only: a folder here is an error to see
            os.makedirs(os.path.dirname(path), exist_ok=True)
            os.symlink(target, path)
    for relative in stale:
        verb = "is stale (run scripts/generate_plugin_files.py)" if args.check else "written"
        print(f"{relative}: {verb}", file=sys.stderr if args.check else sys.stdout)
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
