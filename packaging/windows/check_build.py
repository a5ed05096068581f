"""Checks of the Windows build's artefacts, run on any OS (needs pefile and pygame-ce):

    python packaging/windows/check_build.py onedir dist/cardtable VERSION
    python packaging/windows/check_build.py wheel dist/cardtable-VERSION-py3-none-any.whl
    python packaging/windows/check_build.py shots a.png b.png ...

onedir: cardtable.exe carries a version resource with VERSION; no DLL is collected twice (same
name, any folder); the licence (LICENSE) and the fonts' licences are there; prints the sizes.
wheel: LICENSE and the fonts' licences are in the wheel's metadata, with an SPDX expression.
shots: no screenshot is blank (one flat colour: the app drew nothing).
Exit code 1 on the first failed check, with a line saying which.
"""

from __future__ import annotations

import importlib.util
import sys
import zipfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONT_LICENCES = ("OFL.txt", "OFL-NotoEmoji.txt", "OFL-LXGWWenKai.txt")
MB = 1_000_000


def say(line: str) -> None:
    sys.stdout.write(line + "\n")


def fail(message: str) -> None:
    raise SystemExit(f"check_build: FAIL: {message}")


def version_strings(exe: Path) -> dict[str, str]:
    import pefile
    pe = pefile.PE(str(exe), fast_load=True)
    pe.parse_data_directories(directories=[pefile.DIRECTORY_ENTRY["IMAGE_DIRECTORY_ENTRY_RESOURCE"]])
    out: dict[str, str] = {}
    for info in getattr(pe, "FileInfo", None) or []:
        for entry in info:
            for table in getattr(entry, "StringTable", []):
                out.update({k.decode("utf-8", "replace"): v.decode("utf-8", "replace")
                            for k, v in table.entries.items()})
    return out


def check_onedir(folder: Path, version: str) -> None:
    exe = folder / "cardtable.exe"
    if not exe.is_file():
        fail(f"no {exe}")
    strings = version_strings(exe)
    for key in ("FileVersion", "ProductVersion"):
        if strings.get(key) != version:
            fail(f"cardtable.exe {key} is {strings.get(key)!r}, not {version!r}")
    if not strings.get("FileDescription") or not strings.get("ProductName"):
        fail(f"cardtable.exe has no description: {strings}")
    say(f"version resource: {strings['ProductName']} {strings['FileVersion']}, "
          f"{strings['FileDescription']!r}, {strings.get('LegalCopyright', '')!r}")

    by_name: dict[str, list[str]] = defaultdict(list)
    for dll in folder.rglob("*"):
        if dll.suffix.lower() == ".dll" and dll.is_file():
            by_name[dll.name.lower()].append(str(dll.relative_to(folder)))
    twice = {name: places for name, places in by_name.items() if len(places) > 1}
    if twice:
        fail(f"DLLs collected more than once: {twice}")
    say(f"{len(by_name)} DLLs, none twice")

    internal = folder / "_internal"
    if not (internal / "LICENSE").is_file():
        fail("no _internal/LICENSE in the build")
    for name in FONT_LICENCES:
        if not (internal / "assets" / "fonts" / name).is_file():
            fail(f"no font licence {name} in the build")
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    say(f"onedir {size / MB:.1f} MB; LICENSE and {len(FONT_LICENCES)} font licences present")


def check_wheel(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = z.read(meta_name).decode("utf-8")
    licences = [n for n in names if ".dist-info/licenses/" in n]
    wanted = ["LICENSE", *FONT_LICENCES]
    missing = [w for w in wanted if not any(n.endswith("/" + w) for n in licences)]
    if missing:
        fail(f"the wheel lacks {missing} in its licences folder ({licences})")
    if "License-Expression: MIT AND OFL-1.1" not in meta:
        fail("the wheel's metadata has no SPDX License-Expression")
    if "](docs/" in meta:
        fail("the wheel's description still has relative links")
    say(f"wheel: {', '.join(wanted)} in {meta_name.split('/')[0]}/licenses; License-Expression")


def check_shots(paths: list[Path]) -> None:
    spec = importlib.util.spec_from_file_location("smoke_package", ROOT / "scripts" / "smoke_package.py")
    assert spec is not None and spec.loader is not None
    smoke = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(smoke)
    for path in paths:
        spread, colours = smoke.screenshot_spread(path)
        verdict = "ok" if spread >= 8.0 and colours >= 32 else "BLANK"
        say(f"{path.name}: luminance sd {spread:.1f}, {colours} colours: {verdict}")
        if verdict != "ok":
            fail(f"blank screenshot {path}")


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "onedir":
        check_onedir(Path(argv[1]), argv[2])
    elif len(argv) == 2 and argv[0] == "wheel":
        check_wheel(Path(argv[1]))
    elif len(argv) >= 2 and argv[0] == "shots":
        check_shots([Path(p) for p in argv[1:]])
    else:
        sys.stderr.write(__doc__ or "")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
