"""scorepad.json and the score pad model under faults: corrupt, nested, wrong-shape (rows wider
than the names, impossible numbers), newer, out-of-order entries, a second copy, full and
read-only disks."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from cardtable import persist
from cardtable.games.wizard.scorepad import ScorePad, ScorePadError
from cardtable.ui.scenes.scorepad import (
    ScorePadScene,
    ScorePadSetupScene,
    load_pad,
    open_scorepad,
    pad_path,
    sample_pad,
    save_pad,
)
from tests.faults.conftest import NESTED, frames

NAMES = ["甲", "乙", "丙"]


def _doc(**change) -> dict:
    doc = json.loads(sample_pad().to_json())
    doc.update(change)
    return doc


def _with_round(i: int, **entry) -> dict:
    doc = _doc()
    doc["rounds"][i].update(entry)
    return doc


BAD_PADS = {
    "corrupt": "{oops",
    "nested": NESTED,
    "not-a-pad": "[1, 2, 3]",
    "wider-rounds": json.dumps(_with_round(0, bids=[0, 1, 0, 1, 0], tricks=[0, 1, 0, 0, 0])),
    "narrower-rounds": json.dumps(_with_round(2, bids=[1, 1, 0], tricks=[1, 0, 2])),
    "bid-above-cards": json.dumps(_with_round(0, bids=[5, 0, 0, 0], tricks=[1, 0, 0, 0])),
    "negative-bid": json.dumps(_with_round(1, bids=[-1, 0, 1, 1])),
    "tricks-do-not-add-up": json.dumps(_with_round(3, tricks=[2, 2, 1, 1])),
    "negative-tricks": json.dumps(_with_round(1, tricks=[-1, 1, 1, 1])),
    "open-round-before-a-played-one": json.dumps(_with_round(2, tricks=None)),
}


@pytest.mark.parametrize("content", list(BAD_PADS.values()), ids=list(BAD_PADS))
def test_a_pad_the_rules_do_not_allow_is_set_aside_with_a_notice(home: Path,
                                                                  content: str) -> None:
    path = pad_path()
    path.write_text(content, encoding="utf-8")
    pad, notice = load_pad()
    assert pad is None and notice == "ui.scorepad.notice.corrupt"
    kept = sorted(path.parent.glob("scorepad.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == content
    assert not path.exists()


def test_the_scorepad_command_opens_the_set_up_after_a_bad_pad(app) -> None:
    pad_path().write_text(BAD_PADS["wider-rounds"], encoding="utf-8")
    scene = open_scorepad(app)
    assert isinstance(scene, ScorePadSetupScene) and scene.notice == "ui.scorepad.notice.corrupt"
    frames(app)  # no error screen (before: ValueError from zip in the pad's table)


def test_a_newer_pad_is_kept_aside_as_newer(home: Path) -> None:
    path = pad_path()
    path.write_text(json.dumps(_doc(version=99, something_new=[1])), encoding="utf-8")
    pad, notice = load_pad()
    assert pad is None and notice == "ui.scorepad.notice.newer"
    assert len(list(path.parent.glob("scorepad.json.newer-*"))) == 1


def test_a_pad_with_a_bom_loads(home: Path) -> None:
    pad_path().write_bytes(b"\xef\xbb\xbf" + sample_pad().to_json().encode())
    pad, notice = load_pad()
    assert pad == sample_pad() and notice is None


def test_tricks_for_the_next_round_wait_for_the_open_round() -> None:
    """Item 11: round 2 cannot get tricks while round 1 has only bids, so the pad can never
    say finished with round 1 unscored."""
    pad = ScorePad(names=NAMES)
    pad.enter_round(1, [1, 0, 0])
    with pytest.raises(ScorePadError) as err:
        pad.enter_round(2, [1, 1, 0], [1, 1, 0])
    assert [m.key for m in err.value.issues] == ["wizard.pad.error.previous_open"]
    assert err.value.issues[0].params == {"round": 1}
    with pytest.raises(ScorePadError):
        pad.enter_round(2, [1, 1, 0])  # bids for round 2 neither
    assert len(pad.rounds) == 1 and pad.next_round == 1
    pad.enter_round(1, [1, 0, 0], [1, 0, 0])
    pad.enter_round(2, [1, 1, 0], [1, 1, 0])
    with pytest.raises(ScorePadError):  # a past round keeps its tricks
        pad.enter_round(1, [1, 0, 0])
    assert pad.next_round == 3 and not pad.finished


def test_an_out_of_order_run_of_entries_never_finishes_the_pad() -> None:
    pad = ScorePad(names=NAMES)
    pad.enter_round(1, [0, 0, 0])
    for r in range(2, pad.num_rounds + 1):
        cards = pad.cards(r)
        with pytest.raises(ScorePadError):
            pad.enter_round(r, [0, 0, 0], [cards, 0, 0])
    assert not pad.finished and pad.winners() == [0, 1, 2] and pad.next_round == 1


def test_every_saved_pad_round_trips() -> None:
    pad = sample_pad()
    assert ScorePad.from_json(pad.to_json()) == pad


@pytest.mark.parametrize("code, key", [(errno.ENOSPC, "notice.write_failed_full"),
                                       (errno.EROFS, "notice.write_failed_denied")],
                         ids=["full", "read-only"])
def test_a_pad_that_cannot_be_saved_is_told(app, fail_writes, code: int, key: str) -> None:
    setup = app.push(ScorePadSetupScene(app, names=list(NAMES)))
    fail_writes(code)
    setup.start()  # the new pad's first save fails
    assert isinstance(app.stack.top, ScorePadScene)
    assert [str(n) for n, _ in app.toasts] == [key]
    assert str(pad_path()) in app.toast_texts()[0]
    frames(app)
    assert not list(pad_path().parent.glob(".scorepad.json.*.tmp"))


def test_a_second_copy_does_not_overwrite_the_first_copys_pad(app, hold_lock) -> None:
    save_pad(sample_pad())
    persist.release_claims()
    before = pad_path().read_text(encoding="utf-8")
    hold_lock(pad_path().with_name("scorepad.json.lock"))  # `cardtable scorepad`, running
    scene = app.push(ScorePadScene(app, ScorePad(names=NAMES), editable=True))
    scene._save()
    assert pad_path().read_text(encoding="utf-8") == before
    assert [str(n) for n, _ in app.toasts] == ["notice.file_in_use"]
    frames(app)
