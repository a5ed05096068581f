"""Games hosted in this process: the seats' controllers, the app's autosave and archive, and
the link a table on this screen is given.

    link = local_game(match, worker=app_worker)             # vs computers or hot-seat
    link = local_game(match, worker=w, autosave=False)      # a demo, a sample scene

A seat the record calls "human" is a person at this screen; an "ai" seat is a computer at the
level the record names. A level this build does not know (a save from a newer version, an
edited file) is played at "normal", and the person is told (a notice), never silently.
"""

from __future__ import annotations

import logging
from concurrent.futures import Executor
from typing import Any

from cardtable.core.match import Match, MatchRecord, Seat
from cardtable.host.controllers import Computer, Person, SeatController, seeded_rng
from cardtable.host.frames import TableInfo
from cardtable.host.host import MatchHost
from cardtable.host.link import LocalLink
from cardtable.persist import FALLBACK_LEVEL, UNKNOWN_LEVEL_KEY

log = logging.getLogger(__name__)


class AppSaver:
    """The app's autosave (`cardtable.persist`): one save, replaced after every move."""

    def save(self, record: MatchRecord) -> None:
        from cardtable import persist
        persist.save_autosave(record)

    def clear(self) -> None:
        from cardtable import persist
        persist.clear_autosave()


def archive(match: Match) -> str | None:
    """A finished game's record to the replays and its figures to the statistics."""
    from cardtable.history.archive import archive_finished
    return archive_finished(match).notice


def make_computer(game_id: str, seat_no: int, seat: Seat, seed: int,
                  worker: Executor | None, notices: list[str]) -> Computer:
    """The computer for an "ai" seat: its level's agent (an unknown level plays at
    `FALLBACK_LEVEL`, with a notice in `notices`)."""
    from cardtable.games import make_agent
    from cardtable.persist import Notice
    level = seat.agent  # (a save's unknown level was already told when it was read)
    try:
        agent = make_agent(game_id, level, seed * 31 + seat_no)
    except KeyError:
        log.warning("seat %d names an unknown computer level %r; playing %s", seat_no, level,
                    FALLBACK_LEVEL)
        notices.append(Notice(UNKNOWN_LEVEL_KEY, level=level, seat=seat_no + 1,
                              fallback=FALLBACK_LEVEL))
        level = FALLBACK_LEVEL
        agent = make_agent(game_id, level, seed * 31 + seat_no)
    return Computer(agent, level, seeded_rng(seed), worker)


def controllers_for(match: Match, worker: Executor | None, notices: list[str]
                    ) -> list[SeatController]:
    out: list[SeatController] = []
    for i, seat in enumerate(match.seats):
        if seat.kind == "human":
            out.append(Person())
        else:
            out.append(make_computer(match.spec.id, i, seat, match.seed, worker, notices))
    return out


def local_host(match: Match, *, worker: Executor | None = None, autosave: bool = True,
               archive_finished: bool = True, hints: bool = True,
               undo_rule: str | None = None) -> MatchHost:
    notices: list[str] = []
    controllers = controllers_for(match, worker, notices)
    persons = sum(1 for c in controllers if c.person)
    host = MatchHost(match, controllers, worker=worker,
                     saver=AppSaver() if autosave and persons else None,
                     archiver=archive if archive_finished else None,
                     undo_rule=undo_rule, hints=hints)
    host.notices.extend(notices)
    return host


def local_game(match: Match, **kw: Any) -> LocalLink:
    """A link for a table on this screen to a new host of `match` (see `local_host`)."""
    host = local_host(match, **kw)
    here = [i for i, s in enumerate(match.seats) if s.kind == "human"]
    return LocalLink(host, here)


def new_match(game_id: str, num_players: int, options: dict[str, Any], seats: list[Seat],
              seed: int | None = None) -> Match:
    """A new match (a fresh seed from the system when none is given)."""
    import random

    from cardtable.games import get_spec
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    return Match(get_spec(game_id), seed, num_players, options, seats)


def seats_of(info: TableInfo) -> list[Seat]:
    """The seats of a table as a record names them (a person, or a computer at its level)."""
    return [Seat(kind="human", name=s.name) if s.person else
            Seat(kind="ai", name=s.name, agent=s.level or FALLBACK_LEVEL) for s in info.seats]


def rematch(info: TableInfo, **kw: Any) -> LocalLink:
    """The same table again: its game, seats and options, a new deal."""
    return local_game(new_match(info.game_id, info.num_players, dict(info.options),
                                seats_of(info)), **kw)


def resume(record: MatchRecord, **kw: Any) -> LocalLink:
    """A saved game, replayed to where it was (IllegalActionError / ValueError when it does
    not replay)."""
    from cardtable.games import match_from_record
    return local_game(match_from_record(record), **kw)
