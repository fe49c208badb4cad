#!/usr/bin/env bash
# System packages the install and the tests use: a C++ compiler (the exact search's core is C++
# built by `pip install`), Python's headers when this Python lacks them, Chromium (browser tests
# of the web app, driven by Playwright; never a browser download) and Tesseract with a monospace
# font (OCR of Fallout screenshots), and a colour emoji font (the share grids in the page's screenshots).
set -euo pipefail
packages=(g++ chromium tesseract-ocr fonts-dejavu-core fonts-noto-color-emoji)
python3 -c 'import os, sysconfig; raise SystemExit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' || packages+=(python3-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
run_as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
# Another apt (an unattended upgrade, another install) may hold apt's locks: wait for it, up to
# ten minutes, rather than fail at once. `install` waits by itself (DPkg::Lock::Timeout);
# `update` does not, so it is tried again while the lock is taken.
patience=600
apt_get() { run_as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=$patience "$@"; }
started=$SECONDS
until output=$(apt_get update -qq 2>&1); do
  if ! grep -q "Could not get lock" <<<"$output" || (( SECONDS - started >= patience )); then
    echo "$output" >&2
    exit 1
  fi
  echo "another apt holds its lock: waiting for it to finish" >&2
  sleep 5
done
apt_get install -y -qq --no-install-recommends "${missing[@]}"
