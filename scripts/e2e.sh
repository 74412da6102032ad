#!/usr/bin/env bash
# The end-to-end lane: install the pinned harness CLIs from npm into .cache/e2e/ (once
# per lockfile; the first run downloads about 1 GB), then run each in its own network
# namespace against a scripted model server and check what reached the model. Needs
# Node.js with npm, the npm registry, and root for `unshare -n`.
#
# Where `unshare -n` is not allowed, the lane is skipped with one line saying why,
# unless CI=true: CI runs as root, so there the lane always runs, and fails if it
# cannot. `bash scripts/e2e.sh --check` only says whether the lane can run here.
set -euo pipefail
cd "$(dirname "$0")/.."

# Why the lane cannot run here; nothing when it can.
cannot_run() {
  local err
  if ! command -v unshare >/dev/null 2>&1; then
    echo "unshare (util-linux) is not installed"
  elif ! err=$(unshare -n true 2>&1); then
    echo "\`unshare -n\` is not allowed here (${err:-no reason given}); it needs root"
  fi
}

why=$(cannot_run)
if [ "${1:-}" = "--check" ]; then
  if [ -n "$why" ]; then
    echo "e2e: cannot run: $why"
    exit 1
  fi
  echo "e2e: can run"
  exit 0
fi
if [ -n "$why" ] && [ "${CI:-}" != "true" ]; then
  echo "e2e: lane skipped: $why; run it as root with 'bash scripts/e2e.sh' (CI does)"
  exit 0
fi
bash scripts/setup.sh
exec .venv/bin/python -m pytest tests/e2e -m e2e "$@"
