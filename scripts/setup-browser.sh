#!/usr/bin/env bash
# Install Debian's Chromium for the browser test of `caveat stats --html`, when it is
# missing and this runs as root with apt-get; otherwise say why not and go on (the
# test then skips, except under CI=true, where it fails). Safe to run again.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    echo "setup-browser: no chromium, and not root with apt-get: the browser test will skip" \
        "(as root: bash scripts/setup-browser.sh)" >&2
    exit 0
fi
echo "setup-browser: installing Debian's chromium with apt-get (system-wide), for the" \
    "browser test of caveat stats --html" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q chromium >/dev/null 2>&1 \
    || { apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null; }
echo "setup-browser: installed $(command -v chromium)" >&2
