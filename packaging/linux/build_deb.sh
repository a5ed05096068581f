#!/usr/bin/env bash
# Make the Linux packages from the PyInstaller build (run `pyinstaller build.spec` first):
#
#   packaging/linux/build_deb.sh [BUILD_DIR] [OUT_DIR]      (defaults: dist/cardtable, dist)
#
# Writes OUT_DIR/cardtable_<version>_<arch>.deb and OUT_DIR/cardtable-<version>-linux-<machine>.tar.gz
# and prints their paths. The .deb installs:
#   /opt/cardtable/                          the build folder (executable + _internal/)
#   /usr/bin/cardtable                       a launcher on the PATH
#   /usr/share/applications/io.github.cardtable.cardtable.desktop  the menu entry (Game;CardGame;)
#   /usr/share/metainfo/io.github.cardtable.cardtable.metainfo.xml  AppStream (software centres)
#   /usr/share/icons/hicolor/<N>x<N>/apps/cardtable.png
#   /usr/share/doc/cardtable/copyright       the MIT licence, the fonts' OFL
# The .tar.gz holds the same build folder with the icon, LICENSE, and add-to-menu.sh, which
# writes a menu entry pointing at wherever the folder was unpacked.
# Needs: dpkg-deb (1.19+ for --root-owner-group), python3 (packaging/version.py).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
BUILD_DIR="$(realpath "${1:-$ROOT/dist/cardtable}")"
OUT_DIR="${2:-$ROOT/dist}"
ICONS="$ROOT/packaging/icons"

[ -x "$BUILD_DIR/cardtable" ] || {
    echo "build_deb.sh: no build at $BUILD_DIR (run: pyinstaller build.spec)" >&2
    exit 1
}
mkdir -p "$OUT_DIR"
OUT_DIR="$(realpath "$OUT_DIR")"

VERSION="$(python3 "$ROOT/packaging/version.py")"
APP_ID=io.github.cardtable.cardtable
ARCH="$(dpkg --print-architecture)"
MACHINE="$(uname -m)"
# the bundled binaries need at least the C library they were built against
GLIBC="$(ldd --version | head -n1 | grep -oE '[0-9]+\.[0-9]+$')"
MAINTAINER="${DEB_MAINTAINER:-cardtable maintainers <cardtable@users.noreply.github.com>}"

STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
PKG="$STAGE/pkg"

install -d -m 0755 "$PKG/DEBIAN" "$PKG/opt" "$PKG/usr/bin" "$PKG/usr/share/applications" \
    "$PKG/usr/share/metainfo" "$PKG/usr/share/doc/cardtable"
cp -a "$BUILD_DIR" "$PKG/opt/cardtable"
# normal permissions whatever the build machine's umask was: dirs 755, files 644, programs 755
find "$PKG/opt/cardtable" -type d -exec chmod 0755 {} +
find "$PKG/opt/cardtable" -type f -exec chmod 0644 {} +
chmod 0755 "$PKG/opt/cardtable/cardtable"

cat > "$PKG/usr/bin/cardtable" <<'LAUNCHER'
#!/bin/sh
# cardtable launcher (the app lives in /opt/cardtable)
exec /opt/cardtable/cardtable "$@"
LAUNCHER
chmod 0755 "$PKG/usr/bin/cardtable"

install -m 0644 "$HERE/$APP_ID.desktop" "$PKG/usr/share/applications/$APP_ID.desktop"
# the metainfo with this version's release entry (dated by SOURCE_DATE_EPOCH when set)
RELEASE_DATE="$(date -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}" +%F)"
sed "s|^</component>|  <releases>\n    <release version=\"$VERSION\" date=\"$RELEASE_DATE\"/>\n  </releases>\n</component>|" \
    "$HERE/$APP_ID.metainfo.xml" > "$PKG/usr/share/metainfo/$APP_ID.metainfo.xml"
chmod 0644 "$PKG/usr/share/metainfo/$APP_ID.metainfo.xml"
for size in 16 24 32 48 64 128 256 512; do
    install -d -m 0755 "$PKG/usr/share/icons/hicolor/${size}x${size}/apps"
    install -m 0644 "$ICONS/cardtable-$size.png" \
        "$PKG/usr/share/icons/hicolor/${size}x${size}/apps/cardtable.png"
done

# DEP-5: the last paragraph whose Files match a file is the one that applies to it
cat > "$PKG/usr/share/doc/cardtable/copyright" <<'COPYRIGHT'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: cardtable

Files: *
Copyright: 2026 cardtable contributors
License: MIT

Files: opt/cardtable/_internal/*
Copyright: the authors of each bundled component
License: various
 Python (PSF-2.0), pygame-ce (LGPL-2.1, with SDL2 and its libraries under zlib and their
 own licences), pydantic and pydantic-core (MIT), platformdirs (MIT), websockets
 (BSD-3-Clause), as bundled by PyInstaller; each under its own licence. The cardtable package itself
 (opt/cardtable/_internal/cardtable) is under the MIT licence below.

Files: opt/cardtable/_internal/assets/fonts/*
Copyright: Adobe (Noto Sans CJK), Google LLC (Noto Emoji), LXGW and The Klee Project
 Authors (LXGW WenKai); subsets made for cardtable
License: OFL-1.1
 The full licence texts are in /opt/cardtable/_internal/assets/fonts/OFL.txt (Noto Sans CJK),
 OFL-NotoEmoji.txt and OFL-LXGWWenKai.txt

License: MIT
COPYRIGHT
# the licence's text, from the repository's LICENSE (one space before each line, "." for blanks)
sed -n '/^Permission is hereby granted/,/^SOFTWARE\.$/p' "$ROOT/LICENSE" \
    | sed -e 's/^$/./' -e 's/^/ /' >> "$PKG/usr/share/doc/cardtable/copyright"
chmod 0644 "$PKG/usr/share/doc/cardtable/copyright"
printf 'cardtable (%s) stable; urgency=low\n\n  * Standalone build of cardtable %s.\n\n -- %s  %s\n' \
    "$VERSION" "$VERSION" "$MAINTAINER" "$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(date +%s)}")" \
    | gzip -9n > "$PKG/usr/share/doc/cardtable/changelog.gz"
chmod 0644 "$PKG/usr/share/doc/cardtable/changelog.gz"

INSTALLED_KB="$(du -sk --exclude=DEBIAN "$PKG" | cut -f1)"
cat > "$PKG/DEBIAN/control" <<CONTROL
Package: cardtable
Version: $VERSION
Section: games
Priority: optional
Architecture: $ARCH
Installed-Size: $INSTALLED_KB
Depends: libc6 (>= $GLIBC), libstdc++6, libgcc-s1 | libgcc1
Maintainer: $MAINTAINER
Description: card table for Chinese-speaking players (4 games, AI opponents)
 Play Cirno's arithmetic game, 8½, Tanto Cuore and Wizard against computer
 opponents at three levels or hot-seat with friends on one screen, in
 Traditional or Simplified Chinese. Includes the rules of each game and
 AI-against-AI demos. Self-contained: Python and pygame are bundled.
CONTROL

# Menu and icon caches: refreshed only where the system already keeps one (dpkg's file triggers
# do it on Debian/Ubuntu anyway), so installing never adds a file that removal would leave.
cat > "$PKG/DEBIAN/postinst" <<'SCRIPT'
#!/bin/sh
set -e
if [ "$1" = "configure" ]; then
    if [ -f /usr/share/applications/mimeinfo.cache ] && command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q /usr/share/applications || true
    fi
    if [ -f /usr/share/icons/hicolor/icon-theme.cache ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor || true
    fi
fi
exit 0
SCRIPT
chmod 0755 "$PKG/DEBIAN/postinst"
# No postrm on purpose: on removal the same caches are refreshed by the file triggers of
# desktop-file-utils and hicolor-icon-theme, and a postrm would make `dpkg -r` keep the package in
# the "config-files" state (its postrm and file list stay in dpkg's database until a purge).

DEB="$OUT_DIR/cardtable_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$PKG" "$DEB" >/dev/null

# portable archive: the same build folder, with the icon and menu entry beside it
TAR="$OUT_DIR/cardtable-${VERSION}-linux-${MACHINE}.tar.gz"
PORT="$STAGE/cardtable-$VERSION"
cp -a "$BUILD_DIR" "$PORT"
install -m 0644 "$ICONS/cardtable-256.png" "$PORT/cardtable.png"
install -m 0644 "$ROOT/LICENSE" "$PORT/LICENSE"
# a template, not a launcher: add-to-menu.sh writes the entry with this folder's real paths
install -m 0644 "$HERE/$APP_ID.desktop" "$PORT/$APP_ID.desktop.in"
install -m 0755 "$HERE/add-to-menu.sh" "$PORT/add-to-menu.sh"
tar -C "$STAGE" --owner=0 --group=0 --numeric-owner -czf "$TAR" "cardtable-$VERSION"

echo "$DEB"
echo "$TAR"
