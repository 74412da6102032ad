#!/usr/bin/env bash
# Set up, then lint, type-check, lint the messages, check the skill index and run the
# whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check src tests scripts
.venv/bin/ruff format --check src tests scripts
.venv/bin/mypy
.venv/bin/caveat messages check
.venv/bin/caveat skill-index --check
exec .venv/bin/python -m pytest "$@"
