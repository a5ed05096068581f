#!/usr/bin/env bash
# macOS disk image from the PyInstaller build. Runs on macOS only (hdiutil); built by
# .github/workflows/build.yml on a macOS runner, never on Linux:
#
#   pyinstaller build.spec                 # -> dist/cardtable.app (BUNDLE step of build.spec)
#   packaging/macos/build_dmg.sh           # -> dist/cardtable-<version>-macos-<arch>.dmg
#
# The image holds cardtable.app and a link to /Applications: drag one onto the other to install,
# drag the app to the Trash to uninstall. The app is not signed with a Developer ID or notarized:
# it is signed ad hoc here, so Gatekeeper asks once (README "Download, install, uninstall").
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
APP="${1:-$ROOT/dist/cardtable.app}"
OUT_DIR="${2:-$ROOT/dist}"
[ -d "$APP" ] || { echo "build_dmg.sh: no $APP (run: pyinstaller build.spec on macOS)" >&2; exit 1; }
command -v hdiutil >/dev/null || { echo "build_dmg.sh: needs macOS (hdiutil)" >&2; exit 1; }

VERSION="$(python3 "$ROOT/packaging/version.py")"
ARCH="$(uname -m)"
DMG="$OUT_DIR/cardtable-${VERSION}-macos-${ARCH}.dmg"

# ad-hoc signature over the whole bundle (Apple silicon refuses to run unsigned code)
codesign --force --deep --sign - "$APP"

STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
cp -R "$APP" "$STAGE/"
ln -s /Applications "$STAGE/Applications"
mkdir -p "$OUT_DIR"
hdiutil create -volname "Cardtable $VERSION" -srcfolder "$STAGE" -fs HFS+ -format UDZO -ov "$DMG" >/dev/null
echo "$DMG"
