#!/usr/bin/env bash
# Set up, then feed the bundled example payloads through the real hook and print what
# the harness receives and the text the model reads.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/caveat demo "$@"
