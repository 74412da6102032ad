#!/usr/bin/env bash
# Set up, then lint, type-check, lint the messages, check the skill index, run the unit
# tests (arguments go to each pytest run), build and check the sdist and the wheel, type-
# check and run the unit tests again on every other CPython 3.10-3.13 found (one
# .venv-3.X each; a missing one is skipped with one line), then the end-to-end lane
# (scripts/e2e.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/setup-browser.sh
.venv/bin/ruff check src tests scripts
.venv/bin/ruff format --check src tests scripts
.venv/bin/mypy
.venv/bin/caveat messages check
.venv/bin/caveat skill-index --check
.venv/bin/python -m pytest "$@"

rm -rf dist
.venv/bin/python -m build --no-isolation --outdir dist . >/dev/null
.venv/bin/twine check --strict dist/*

# An interpreter for CPython 3.X: python3.X on PATH, else the newest pyenv build.
find_cpython() {
  local version=$1 found
  if found=$(command -v "python$version"); then
    echo "$found"
    return 0
  fi
  for found in $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}/versions/$version".* 2>/dev/null | sort -V -r); do
    if [ -x "$found/bin/python$version" ]; then
      echo "$found/bin/python$version"
      return 0
    fi
  done
  return 1
}

main=$(.venv/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])')
for version in 3.10 3.11 3.12 3.13; do
  [ "$version" != "$main" ] || continue
  if ! python=$(find_cpython "$version"); then
    echo "test: Python $version not found; its lane is skipped"
    continue
  fi
  started=$SECONDS
  PYTHON=$python VENV_DIR=.venv-$version bash scripts/setup.sh
  ".venv-$version/bin/mypy" --python-version "$version"
  ".venv-$version/bin/python" -m pytest -p no:cacheprovider "$@"
  echo "test: Python $version lane took $((SECONDS - started)) s"
done

exec bash scripts/e2e.sh
