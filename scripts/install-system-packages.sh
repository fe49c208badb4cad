#!/usr/bin/env bash
# System packages the install and the tests use: a C++ compiler (the exact search's core is C++
# built by `pip install`), Python's headers when this Python lacks them, Chromium (browser tests
# of the web app, driven by Playwright; never a browser download) and Tesseract with a monospace
# font (OCR of Fallout screenshots).
set -euo pipefail
packages=(g++ chromium tesseract-ocr fonts-dejavu-core)
python3 -c 'import os, sysconfig; raise SystemExit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' || packages+=(python3-dev)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
run_as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
run_as_root apt-get update -qq
run_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
