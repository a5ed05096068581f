"""`cardtable simulate --save-records DIR`, `cardtable replay FILE --validate`, and the
history package staying free of pygame, the translator and the UI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.cli.main import run
from cardtable.history.records import open_record
from tests.history.helpers import GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_simulate_saves_one_valid_record_per_game(tmp_path: Path, game_id: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from cardtable.games import REGISTRY
    n = REGISTRY[game_id].min_players
    out = tmp_path / "recs"
    code = run(["simulate", "--game", game_id, "--players", str(n), "--games", "2",
                "--workers", "1", "--json", "--save-records", str(out)])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    files = sorted(out.iterdir())
    assert len(files) == 2
    for f in files:
        loaded = open_record(f)
        assert loaded.match.state.is_terminal()
        assert [s.agent for s in loaded.record.seats] == ["random"] * n
        assert run(["replay", str(f), "--validate"]) == 0
    assert result["games"] == 2


def test_replay_validate_json_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game_id = GAME_IDS[0]
    from cardtable.games import REGISTRY
    n = REGISTRY[game_id].min_players
    run(["simulate", "--game", game_id, "--players", str(n), "--games", "1", "--workers", "1",
         "--save-records", str(tmp_path)])
    capsys.readouterr()
    f = next(tmp_path.glob("*.json"))
    assert run(["replay", str(f), "--validate", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert info["game"] == game_id and info["finished"] and info["actions"] > 0


def test_replay_refuses_a_bad_file_with_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cardtable-record", "format_version": 1, "content": {}, '
                   '"sha256": "00"}', encoding="utf-8")
    assert run(["replay", str(bad), "--validate"]) == 2
    err = capsys.readouterr().err
    assert "history.error.tampered" in err and "checksum" in err
    assert run(["replay", str(tmp_path / "nope.json")]) == 2


def test_history_package_imports_no_pygame_translator_or_ui() -> None:
    code = ("import sys; import cardtable.history.undo, cardtable.history.movelog, "
            "cardtable.history.records, cardtable.history.stats, cardtable.cli.stats, "
            "cardtable.cli.replay; "
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith(('cardtable.ui', "
            "'cardtable.i18n'))]; print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_replay_hands_a_valid_file_to_the_ui_when_it_can(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    from cardtable.games import REGISTRY
    game_id = GAME_IDS[0]
    run(["simulate", "--game", game_id, "--players", str(REGISTRY[game_id].min_players),
         "--games", "1", "--workers", "1", "--save-records", str(tmp_path)])
    f = next(tmp_path.glob("*.json"))
    calls: list[list[str]] = []
    fake = types.ModuleType("cardtable.ui.launch")
    fake.main = lambda argv: calls.append(argv) or 0  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cardtable.ui.launch", fake)
    assert run(["replay", str(f), "--frames", "5"]) == 0
    assert calls == [["replay", str(f), "--frames", "5"]]
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    assert run(["replay", str(bad)]) == 2 and len(calls) == 1  # a bad file never reaches the UI
    monkeypatch.setitem(sys.modules, "cardtable.ui.launch", None)  # the app cannot be loaded
    assert run(["replay", str(f)]) == 2 and len(calls) == 1
