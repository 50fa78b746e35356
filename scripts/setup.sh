#!/usr/bin/env bash
# Installs what Peach needs, idempotently. `setup.sh build`: only what building needs (ALSA and FluidSynth
# headers, the SoundFont).
# `setup.sh package`: also what scripts/package.sh needs (dpkg-shlibdeps, strip).
# `setup.sh` (all): also the Debian packages for the browser, terminal and package tests and a Python
# virtualenv (.venv-e2e) with the test drivers.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-all}
# libfluidsynth-dev builds the instruments; FluidR3Mono (MIT) is the SoundFont they play, needed by
# every run that plays or renders an instrument (and by the tests); libqrencode-dev: the QR code of the
# address a phone opens (`peach phone`).
build_packages=(libasound2-dev libfluidsynth-dev fluidr3mono-gm-soundfont libqrencode-dev)
package_packages=(dpkg-dev binutils)
# postgresql-15: the tests start throw-away clusters of their own (scripts/test-postgres.sh); nginx: the
# class-server tests run the documented deploy/nginx/peach.conf (Tests/e2e/nginx.py); libnss3-tools: certutil puts
# Peach's CA into a test browser's NSS store, as a user trusts it (Tests/e2e/test_phone_trust.py); zbar-tools:
# zbarimg reads the QR code `peach phone` prints, a reader independent of the encoder (Tests/e2e/test_phone.py).
# avahi-daemon, avahi-utils: a real Avahi in a network namespace of the test's own (Tests/e2e/test_mdns.py).
test_packages=(chromium chromium-driver alsa-utils tmux sox librsvg2-bin python3-venv debootstrap lintian openssl postgresql-15 nginx libnss3-tools zbar-tools avahi-daemon avahi-utils)
apt_packages=("${build_packages[@]}")
[ "$mode" = "build" ] || apt_packages+=("${package_packages[@]}")
[ "$mode" = "build" ] || [ "$mode" = "package" ] || apt_packages+=("${test_packages[@]}")
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  # Installing nginx or avahi-daemon must not start Debian's own service: the tests start nginx
  # themselves, and Avahi only in a network namespace of their own (mDNS never reaches the network).
  policy=/usr/sbin/policy-rc.d
  if [[ " ${missing[*]} " == *" nginx "* || " ${missing[*]} " == *" avahi-daemon "* ]] && [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo_cmd tee "$policy" >/dev/null
    $sudo_cmd chmod +x "$policy"
    trap '$sudo_cmd rm -f "$policy"' EXIT
  fi
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ "$mode" = "all" ] || exit 0

venv=.venv-e2e
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
# Reinstall only when the requirements change.
stamp="$venv/.requirements.sha256"
wanted=$(sha256sum Tests/e2e/requirements.txt | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  "$venv/bin/pip" install -q --disable-pip-version-check -r Tests/e2e/requirements.txt
  echo "$wanted" > "$stamp"
fi
