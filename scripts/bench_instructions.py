"""Count the instructions of the hook as a process, against the floor counted in the
same run: the repeatable twin of ``scripts/bench.py``'s process section.

Wall time on a shared machine moves by tens of percent; an instruction count moves by
a fraction of one. Each case runs under ``valgrind --tool=callgrind`` (children
included, so the ``/bin/sh`` of the registered launcher counts too) with warm state and
a new session, and is printed as a multiple of ``python -I -c pass``.

    .venv/bin/python scripts/bench_instructions.py [--form launch/hook.sh] [CASE ...]

A CASE is any part of a case name (``eval``, ``silent``). Needs valgrind.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

import bench_cases as cases


def count(argv: list[str], data: bytes, env: dict[str, str], scratch: str) -> int:
    """Instructions of ``argv`` on ``data``, summed over every process it starts."""
    out = tempfile.mkdtemp(dir=scratch)
    subprocess.run(
        ["valgrind", "--tool=callgrind", "--trace-children=yes",
         f"--callgrind-out-file={out}/cg.%p", *argv],
        input=data, env=env, capture_output=True, check=False,
    )  # fmt: skip
    total = 0
    for name in glob.glob(os.path.join(out, "cg.*")):
        with open(name) as handle:
            for line in handle:
                if line.startswith(("summary:", "totals:")):
                    total += int(line.split()[1])
                    break
    shutil.rmtree(out)
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--form", default="launch/hook.sh", help="start-up form (bench.py's)")
    parser.add_argument("cases", nargs="*", help="parts of case names to count")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("bench_instructions: valgrind is not installed (apt install valgrind)")
        return 2
    with tempfile.TemporaryDirectory(prefix="caveat-count-") as root:
        env = {
            **os.environ,
            "XDG_STATE_HOME": os.path.join(root, "state"),
            "XDG_DATA_HOME": os.path.join(root, "data"),
            "XDG_CONFIG_HOME": os.path.join(root, "config"),
            "HOME": root,
        }
        os.environ.update(env)  # the launcher files and the project are made under root
        project = cases.hook_project(root)
        forms = cases.forms(sys.executable, root)
        if args.form not in forms:
            print(f"bench_instructions: no form {args.form!r}; one of {', '.join(forms)}")
            return 2
        form = forms[args.form]
        floor = count([sys.executable, "-I", "-c", "pass"], b"", env, root)
        print(f"floor (python -I -c pass): {floor:,} instructions; form {args.form}")
        for number, (name, payload) in enumerate(cases.hook_cases(project).items()):
            if args.cases and not any(part in name for part in args.cases):
                continue
            if name in cases.PREPARE:
                continue  # its preparation moves HEAD: bench.py times it
            for warm in ("warm-1", "warm-2"):  # state, caches and the bundle made
                data = json.dumps({**payload, "session_id": warm}).encode()
                subprocess.run(form, input=data, env=env, capture_output=True, check=False)
            data = json.dumps({**payload, "session_id": f"count-{number}"}).encode()
            print(f"{name:45s} {count(form, data, env, root) / floor:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
