#!/usr/bin/env bash
# Set up, then feed the bundled example payloads through the real hook and print what
# the harness receives and the text the model reads.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/caveat ]; then
  echo "demo: setting up .venv (Python venv, caveat and its dependencies from the package index; about 30 s, once)" >&2
fi
bash scripts/setup.sh
exec .venv/bin/caveat demo "$@"
