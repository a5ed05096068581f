"""Which variant of a game was played: the options that differ from the standard rules.

Statistics filter by it and the replay list shows it. A variant is a sorted tuple of tokens,
one for each option set away from its default (the defaults of the game's options model are
the standard rules):

- a yes/no option turned on: its name (`advanced`, `hidden_bids`); turned off: `name=off`
  (`events=off`);
- a choice or a number: `name=value` (`double_reading=first`, `limit=15`, `deals=3`);
- anything else (a list, such as Tanto Cuore's chosen maids): `name=custom`.

`variant_id` joins the tokens with "," ("standard" when there are none): the key statistics
group and filter by, and what `cardtable stats --variant` takes. `variant_msgs` gives the
tokens as message keys for the UI (`history.variant.<game>.<name>` with `{value}` for numbers,
`history.variant.<game>.<name>.<value>` for the rest); no translator here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.core.events import Msg

STANDARD = "standard"


def _defaults(game_id: str) -> dict[str, Any] | None:
    from cardtable.games import REGISTRY
    spec = REGISTRY.get(game_id)
    if spec is None:
        return None
    return spec.options_model().model_dump(mode="json")


def _token(name: str, value: Any, default: Any) -> str:
    if isinstance(value, bool) or isinstance(default, bool):
        return name if value else f"{name}=off"
    if isinstance(value, int | float | str) and not isinstance(value, bool):
        return f"{name}={value}"
    return f"{name}=custom"


def _seat_choice(game_id: str) -> str | None:
    from cardtable.games import REGISTRY
    spec = REGISTRY.get(game_id)
    return None if spec is None else spec.seat_choice_option


def variant_of(game_id: str, options: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The tokens of the options that differ from the standard rules (see the docstring).
    Options the game does not know (a newer version's) are kept as `name=value` too. The
    game's seat choice (Wizard's single-colour suits) is who takes what, not a variant."""
    defaults = _defaults(game_id) or {}
    given = dict(options or {})
    given.pop(_seat_choice(game_id) or "", None)
    tokens = []
    for name, value in given.items():
        if isinstance(value, tuple):
            value = list(value)
        if name in defaults and value == defaults[name]:
            continue
        tokens.append(_token(name, value, defaults.get(name)))
    return tuple(sorted(tokens))


def variant_id(game_id: str, options: Mapping[str, Any] | None) -> str:
    return join(variant_of(game_id, options))


def join(tokens: Iterable[str]) -> str:
    tokens = sorted(tokens)
    return ",".join(tokens) if tokens else STANDARD


def split(variant: str) -> tuple[str, ...]:
    return () if variant in (STANDARD, "") else tuple(variant.split(","))


def parse(text: str) -> str:
    """A variant as a person types it (`advanced`, `hidden_bids, forehead`, `standard`) as a
    variant id: tokens trimmed, sorted and joined."""
    tokens = [t.strip() for t in text.split(",") if t.strip()]
    if tokens == [STANDARD]:
        return STANDARD
    return join(tokens)


def unknown_tokens(game_id: str | None, variant: str) -> list[str]:
    """The tokens of `variant` naming no option (of `game_id`, or of any game)."""
    from cardtable.games import REGISTRY
    games = [game_id] if game_id is not None else sorted(REGISTRY)
    names: set[str] = set()
    for g in games:
        names |= set(_defaults(g) or {})
    return [t for t in split(variant) if t.partition("=")[0] not in names]


def option_names(game_id: str) -> list[str]:
    return sorted(_defaults(game_id) or {})


def variant_msgs(game_id: str, variant: str) -> list[Msg]:
    """The variant as message keys, one per token (the standard rules: one key)."""
    tokens = split(variant)
    if not tokens:
        return [Msg("history.variant.standard")]
    out = []
    for token in tokens:
        name, _, value = token.partition("=")
        if not value:
            out.append(Msg(f"history.variant.{game_id}.{name}", {"token": token}))
        elif value.lstrip("-").isdigit():
            out.append(Msg(f"history.variant.{game_id}.{name}",
                           {"value": value, "token": token}))
        else:
            out.append(Msg(f"history.variant.{game_id}.{name}.{value}", {"token": token}))
    return out


__all__ = ["STANDARD", "join", "option_names", "parse", "split", "unknown_tokens",
           "variant_id", "variant_msgs", "variant_of"]
