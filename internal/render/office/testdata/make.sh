#!/usr/bin/env bash
# make.sh: remakes the fixtures of the office tests from their flat
# OpenDocument sources, with LibreOffice itself (run from this directory).
set -euo pipefail
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
run() { soffice --headless "-env:UserInstallation=file://$profile" --convert-to "$@" >/dev/null; }
run docx writer.fodt
run odt writer.fodt
run rtf writer.fodt
run xlsx calc.fods
run ods calc.fods
run pptx impress.fodp
run odp impress.fodp
/usr/bin/python3 macro.py "$profile/macro"
