#!/usr/bin/env bash
# Set up, then run the whole suite once on one interpreter, lane by lane: lint, types,
# the message lint and the skill index, the unit tests, the packages, then the
# end-to-end lane with the real harness CLIs (skipped with one line where it cannot
# run). Each lane has a header; the run ends with one "N passed, N failed" line over
# the lanes and exits non-zero when any failed. Arguments go to each pytest run.
#
#   bash scripts/test.sh                   # one interpreter (about 8 minutes as root on two cores)
#   bash scripts/test.sh --all-pythons     # also every other CPython 3.10-3.13 found (CI)
set -uo pipefail
cd "$(dirname "$0")/.."

all_pythons=false
if [ "${1:-}" = "--all-pythons" ]; then
  all_pythons=true
  shift
fi

passed=0
failed=0
failures=()
lane() {
  local name=$1 started=$SECONDS
  shift
  echo
  echo "== $name =="
  if "$@"; then
    passed=$((passed + 1))
    echo "== $name: passed in $((SECONDS - started)) s =="
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "== $name: FAILED after $((SECONDS - started)) s =="
  fi
}

packages() {
  rm -rf dist
  .venv/bin/python -m build --no-isolation --outdir dist . >/dev/null && .venv/bin/twine check --strict dist/*
}

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

other_python() {
  local version=$1 python=$2
  PYTHON=$python VENV_DIR=.venv-$version bash scripts/setup.sh \
    && ".venv-$version/bin/mypy" --python-version "$version" \
    && ".venv-$version/bin/python" -m pytest -p no:cacheprovider "${@:3}"
}

echo "== setup: .venv with caveat and its test tools (pip, from the package index) =="
bash scripts/setup.sh || exit 1
# The stats page is tested in a real browser: Debian's chromium, installed through
# apt-get when this runs as root (the script says so when it does).
bash scripts/setup-browser.sh

lane "lint" .venv/bin/ruff check src tests scripts
lane "format" .venv/bin/ruff format --check src tests scripts
lane "types" .venv/bin/mypy
lane "messages" .venv/bin/caveat messages check
lane "skill index" .venv/bin/caveat skill-index --check
lane "unit tests" .venv/bin/python -m pytest "$@"
lane "packages" packages

if $all_pythons; then
  main=$(.venv/bin/python -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  for version in 3.10 3.11 3.12 3.13; do
    [ "$version" != "$main" ] || continue
    if ! python=$(find_cpython "$version"); then
      echo "test: Python $version not found; its lane is skipped"
      continue
    fi
    lane "Python $version" other_python "$version" "$python" "$@"
  done
fi

lane "end to end" bash scripts/e2e.sh

echo
if [ "$failed" -gt 0 ]; then
  echo "lanes that failed: ${failures[*]}"
fi
echo "lanes: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
