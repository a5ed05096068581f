"""The README's test command is exactly what CI runs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _readme_command(marker: str) -> str:
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        if line.rstrip().endswith(marker):
            return line.split("#")[0].strip()
    raise AssertionError(f"README has no line ending with {marker!r}")


def test_ci_runs_the_readme_test_command() -> None:
    command = _readme_command("# install and run the tests")
    assert "pytest" in command
    ci_lines = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert command in ci_lines


def test_readme_app_command_starts_the_console_script() -> None:
    command = _readme_command("# install and start the app")
    assert command.endswith("cardtable")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'cardtable = "cardtable.__main__:main"' in pyproject


def test_readme_commands_install_into_a_virtual_environment() -> None:
    """PEP 668 (Debian 12, Ubuntu 23.04+): a system python3 refuses `pip install` outside a
    virtual environment, so both commands make `.venv` first and use its python."""
    for marker in ("# install and start the app", "# install and run the tests"):
        command = _readme_command(marker)
        steps = [s.strip() for s in command.split("&&")]
        assert steps[0] == "python3 -m venv .venv", command
        for step in steps[1:]:
            assert step.startswith(".venv/bin/"), (command, step)
