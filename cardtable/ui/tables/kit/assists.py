"""A person's help at the table: 提示 (the host asks the hard AI, from that person's view only)
and 悔棋 (the host takes the moves back, under its undo rule). The table only asks and shows
what the host answered. Mixed into `TableScene`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtable.i18n import has_key, tr
from cardtable.ui import theme


class Assists:
    """Mix in before `TableScene` (it is one of its bases)."""

    # supplied by TableScene
    app: Any
    link: Any
    info: Any
    latest: dict[int | None, Any]
    demo: bool
    read_only: bool
    offers_hints: bool
    hint_asked: tuple[int, int | None] | None
    hint_failed: bool
    pending: list[Any]
    banner: Any
    _layer_sig: Any
    _panel_sig: Any
    policy: Any
    director: Any
    over: bool
    hint: Any
    refocus_hint: Callable[[], None]  # (HintView's)

    def hints_offered(self) -> bool:
        """This table offers hints at all: a game people play, with hints on in the settings
        (a lesson says no: its callouts teach the move)."""
        return self.offers_hints and not (self.demo or self.read_only or
                                          not getattr(self.app.settings, "hints", True))

    def hint_allowed(self) -> bool:
        """A hint may be asked now: a person's own decision at this screen (against the
        computer, or hot-seat after that person's curtain), hints on in the settings."""
        p = self.viewer
        u = self.latest.get(p)
        return self.hints_offered() and p is not None and u is not None and u.acting == p \
            and u.legal is not None

    def hint_pending(self) -> bool:
        """A hint was asked for this decision and has not come yet."""
        return self.hint_asked is not None and self.hint_asked == (self.seq, self.viewer) \
            and self.hint is None and not self.hint_failed

    def request_hint(self) -> bool:
        """提示 / H: the host asks the hard AI about this person's decision, from their view
        only; the frame loop never waits (the button says it is thinking)."""
        if not self.hint_allowed():
            return False
        seat = self.viewer
        assert seat is not None
        if self.hint_asked != (self.seq, seat):
            self.hint_failed = False
            self.hint_asked = (self.seq, seat)
            if self.link.hint(seat) is not None:
                return False
            self.take_updates()
        if self.hint is not None:  # every H puts the focus on the hinted move
            self.refocus_hint()
        return True

    def undo_seat(self) -> int | None:
        """The person whose screen this is, if they may take moves back (never in demos)."""
        if self.demo or self.read_only or self.viewer is None or self.viewer < 0:
            return None
        u = self.latest.get(self.viewer)
        return self.viewer if u is not None and u.undo is not None else None

    def can_undo(self) -> bool:
        seat = self.undo_seat()
        return seat is not None and bool(self.latest[seat].undo.can)  # type: ignore[union-attr]

    def undo_reason(self) -> str | None:
        """Why 悔棋 is off now (a reason word, see `history.undo.why_not`), None when on; the
        reason that fits what the table shows (`shown_reason`)."""
        seat = self.undo_seat()
        if seat is None:
            if self.demo or self.read_only:
                return None
            return "over" if self.over else self.locked_reason()
        offer = self.latest[seat].undo
        return None if offer is None or offer.can else self.shown_reason(offer.reason, seat)

    def locked_reason(self) -> str:
        """Hot-seat, the screen nobody's (a curtain, a computer's turn, the animation of the
        move that ended a person's decision): why the person who acted last cannot take it
        back now, when something closed it (UNDO-2: a card drawn, hidden cards shown, someone
        else moved); "wait" (their turn must come) when nothing did."""
        anchor = self.policy.anchor
        u = self.latest.get(anchor) if anchor is not None and anchor >= 0 else None
        offer = u.undo if u is not None else None
        if offer is None or offer.can or offer.reason in (None, "none"):
            return "wait"
        return self.shown_reason(offer.reason, anchor)

    def shown_reason(self, reason: str, seat: int | None) -> str:
        """The host's reason as the table shows it now: a new round (UNDO-1's barrier,
        "round") that the table has not shown yet — the round's dialog is still up over the old
        round, the next deal waits under it — is "round_over": the round is over."""
        if reason == "round" and seat is not None and self.barrier_unshown(seat):
            return "round_over"
        return reason

    def barrier_unshown(self, seat: int) -> bool:
        """An event that starts a new round for `seat`'s undo (`GameSpec.undo_barrier`) is
        still waiting to be shown (the table shows the round that ended)."""
        queue = getattr(self.director, "queue", ())
        if not queue:
            return False
        from cardtable.games import get_spec
        spec = get_spec(self.info.game_id)
        return any(spec.undo_barrier(e, seat) for e in queue)

    def undo_sublabel(self) -> str:
        """The greyed-out button says why (in a word or two); nothing while it works."""
        reason = self.undo_reason() if not self.can_undo() else None
        return self.undo_words("why", reason) if reason else ""

    def undo_words(self, kind: str, reason: str) -> str:
        """The words for an undo reason (`kind` "why": the button's, "banner": the banner's); a
        game may say it its own way (`history.undo.<kind>.<reason>.<game>`: Wizard's 輪)."""
        k = f"history.undo.{kind}.{reason}"
        own = f"{k}.{self.info.game_id}"
        return tr(own if has_key(own) else k)

    def undo(self) -> bool:
        """Take back the viewer's latest move (and the computers' moves after it): the host
        replays the game without them; the table is rebuilt from its snapshot, not animated."""
        seat = self.undo_seat()
        done = self.link.undo(seat) if seat is not None and self.can_undo() else None
        if done is None or not done.ok:
            reason = (done.reason if done is not None else None) or self.undo_reason() or "none"
            self.banner = (self.undo_words("banner", reason), 1.6, theme.PANEL_LIGHT)
            return False
        self.pending.clear()
        self.take_updates()
        self._layer_sig = self._panel_sig = None
        return True
