#!/bin/sh
# The portable .tar.gz's menu entry: run from the unpacked folder, wherever it is.
#
#   ./add-to-menu.sh            adds 卡牌桌 to your desktop's menu (for you alone, no root)
#   ./add-to-menu.sh --remove   takes it out again
#
# Writes ~/.local/share/applications/io.github.cardtable.cardtable.desktop from the template
# beside this script, pointing at this folder's cardtable and cardtable.png (a desktop file
# cannot name a program relative to itself). Move the folder, then run it again.
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
ENTRY="$DATA/applications/io.github.cardtable.cardtable.desktop"

if [ "${1:-}" = "--remove" ]; then
    rm -f "$ENTRY"
    echo "removed $ENTRY"
    exit 0
fi
case "$HERE" in
    *'"'*|*'`'*|*'$'*|*'\'*|*'%'*)
        echo "add-to-menu.sh: the folder's path has a character a menu entry cannot hold" \
             "(\" \` \$ \\ %); move it to a plainer path" >&2
        exit 1 ;;
esac
[ -x "$HERE/cardtable" ] || { echo "add-to-menu.sh: no $HERE/cardtable" >&2; exit 1; }
mkdir -p "$(dirname "$ENTRY")"
sed -e "s|^Exec=.*|Exec=\"$HERE/cardtable\"|" \
    -e "s|^TryExec=.*|TryExec=$HERE/cardtable|" \
    -e "s|^Icon=.*|Icon=$HERE/cardtable.png|" \
    "$HERE/io.github.cardtable.cardtable.desktop.in" > "$ENTRY"
command -v update-desktop-database >/dev/null 2>&1 \
    && update-desktop-database -q "$DATA/applications" 2>/dev/null || true
echo "added $ENTRY"
