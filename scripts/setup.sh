#!/usr/bin/env bash
# Create .venv (Python >= 3.10) and install caveat into it, editable, with the test and
# lint tools. Re-running is cheap: nothing is reinstalled while pyproject.toml is unchanged.
# PYTHON=/path/to/python3.X picks the interpreter; VENV_DIR=.venv-3.X another folder
# (scripts/test.sh makes one per supported CPython it finds).
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${VENV_DIR:-.venv}

find_python() {
  for candidate in "${PYTHON:-}" python3 python3.13 python3.12 python3.11 python3.10 python; do
    [ -n "$candidate" ] || continue
    command -v "$candidate" >/dev/null 2>&1 || continue
    if "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
      echo "$candidate"
      return 0
    fi
  done
  echo "setup: no Python >= 3.10 found; install one or set PYTHON=/path/to/python3" >&2
  return 1
}

if [ ! -x "$venv/bin/python" ]; then
  python=$(find_python)
  "$python" -m venv "$venv"
fi

stamp=$venv/.caveat-installed
want=$(cat pyproject.toml | "$venv/bin/python" -c 'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet --editable '.[dev]'
  echo "$want" > "$stamp"
fi
