#!/usr/bin/env bash
# The end-to-end lane: install the pinned harness CLIs from npm into .cache/e2e/ (once
# per lockfile), then run each in its own network namespace against a scripted model
# server and check what reached the model. Needs Node.js with npm, the npm registry,
# and root (or unprivileged user namespaces) for `unshare -n`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m pytest tests/e2e -m e2e "$@"
