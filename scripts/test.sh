#!/usr/bin/env bash
# Set up, then lint, type-check, lint the messages, check the skill index, run the unit
# tests (arguments go to this pytest run), then the end-to-end lane (scripts/e2e.sh).
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
exec bash scripts/e2e.sh
