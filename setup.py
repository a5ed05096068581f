"""Build hook: the wheel carries assets/ and locales/ inside the package.

The repository keeps the texts, fonts, sounds and icon in the top-level folders `assets/` and
`locales/` (the design's layout, also what PyInstaller bundles, see packaging/datafiles.py). A
wheel holds only packages, so `build_py` copies both folders into `cardtable/_resources/` of the
build; `cardtable.paths` looks there when the package is installed.

The package index shows README.md without the repository around it: its relative links (the
screenshots, docs/...) are made absolute here, against `[project.urls] Source` (images from the
raw files, pages from the repository's main branch). Everything else about the project is
declared in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
RESOURCE_PACKAGE = "cardtable._resources"  # cardtable.paths.BUNDLED_DIR


def _resource_datas() -> list[tuple[str, str]]:
    """(file, destination folder) pairs from packaging/datafiles.py, the list the standalone
    build uses too (loaded by path: the folder's name hides the `packaging` distribution)."""
    spec = importlib.util.spec_from_file_location("cardtable_datafiles",
                                                  ROOT / "packaging" / "datafiles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.resource_datas(ROOT))


class BuildPyWithResources(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the repository's own folders
        target = Path(self.build_lib, *RESOURCE_PACKAGE.split("."))
        for source, folder in _resource_datas():
            self.mkpath(str(target / folder))
            self.copy_file(source, str(target / folder / Path(source).name))


# ](target) or ](<target>) of a Markdown link or image whose target is relative
_LINK = re.compile(r"(!?)\[([^\]]*)\]\((?!https?://|mailto:|#)([^)\s]+)\)")


def absolute_links(markdown: str, source: str, branch: str = "main") -> str:
    """README text for the package index: relative links point into the repository."""
    raw = source.replace("https://github.com/", "https://raw.githubusercontent.com/", 1)

    def fix(m: re.Match[str]) -> str:
        bang, text, target = m.groups()
        base = f"{raw}/{branch}/" if bang else f"{source}/blob/{branch}/"
        return f"{bang}[{text}]({base}{target.removeprefix('./')})"

    return _LINK.sub(fix, markdown)


def long_description() -> str:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return absolute_links(readme, project["urls"]["Source"].rstrip("/"))


setup(cmdclass={"build_py": BuildPyWithResources}, long_description=long_description(),
      long_description_content_type="text/markdown")
