"""The games speak the players' own words (issue 19): Tanto Cuore's terms as the user's rule text
(seed 003) writes them, game names as the seeds write them, options located where they really
are, and the rules' readings players trip over (E8H-H1, CIRNO-A1)."""

from __future__ import annotations

import json
import re

import pytest

from cardtable import i18n
from cardtable.paths import locales_dir

# seed 003's game terms: 奉仕 (serve), 家 (home), 貼身奉仕 (chamber), 專屬女僕 (private maid),
# 女僕長 (chief maid), 一般女僕 (general maid), 愛心 (love), 雇用 (employ), 惡癖 (bad habit),
# 病氣 (illness), 供應區 (supply)
TANTO_TERMS = ("奉仕", "家", "貼身奉仕", "專屬女僕", "女僕長", "一般女僕", "愛心", "雇用", "惡癖",
               "病氣", "供應區")
# the app's own words the seed does not use, for the same things
NOT_THE_SEEDS = ("私人房間", "服務", "僱用")


def _zh_tw_files() -> dict[str, dict[str, str]]:
    folder = locales_dir() / "zh-TW"
    files = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.json"))}
    assert len(files) >= 10
    return files


def _tanto_strings() -> dict[str, str]:
    return {k: v for data in _zh_tw_files().values() for k, v in data.items()
            if "tanto_cuore" in k or k.startswith(("log.zone.", "log.tanto"))}


def _uses(text: str, term: str) -> bool:
    # 家 (a player's home) is a term on its own, not the 家 of 玩家 or 大家
    return bool(re.search(r"(?<![玩大])家", text)) if term == "家" else term in text


@pytest.mark.parametrize("term", TANTO_TERMS)
def test_tanto_cuore_uses_the_seeds_terms(term: str) -> None:
    strings = _tanto_strings()
    # in the rules page and in what the table says (prompts, log, card texts or tooltips)
    assert any(_uses(v, term) for k, v in strings.items() if k.startswith("rules.tanto_cuore"))
    assert any(_uses(v, term) for k, v in strings.items() if not k.startswith("rules."))


def test_no_zh_tw_file_uses_the_invented_words() -> None:
    found = [f"{name}: {k}: {word}" for name, data in _zh_tw_files().items()
             for k, v in data.items() for word in NOT_THE_SEEDS if word in v]
    assert found == []


def test_the_old_event_card_names_appear_only_as_glosses() -> None:
    """生病 / 壞習慣 are the seed's own explanations of 病氣 / 惡癖: allowed in brackets only."""
    for k, v in _tanto_strings().items():
        for old, new in (("生病", "病氣"), ("壞習慣", "惡癖")):
            assert v.replace(f"{new}（{old}）", "").count(old) == 0, (k, v)


def test_the_key_tanto_strings_read_as_the_seed() -> None:
    tr = _zh_tw_files()
    assert tr["tanto_cuore.json"]["tanto_cuore.zone.home"] == "家"
    assert tr["tanto_cuore.json"]["tanto_cuore.phase.serve"] == "奉仕階段"
    assert tr["tanto_cuore.json"]["tanto_cuore.phase.employ"] == "雇用階段"
    assert tr["tanto_cuore.json"]["tanto_cuore.card.illness"] == "病氣"
    assert tr["tanto_cuore.json"]["tanto_cuore.card.bad_habit"] == "惡癖"
    assert "貼身奉仕" in tr["history.json"]["log.tanto_cuore.choice.chamber"]  # the button


# ---------------------------------------------------------------- game names
SEED_NAMES = {
    "cirno": ("チルノのさんすうゲーム", "東方桌遊"),
    "eight_half": ("8又1/2", "8½"),
    "tanto_cuore": ("Tanto Cuore",),
    "wizard": ("神機妙算", "Wizard"),
}
# the same in Simplified characters (seed 001 is the Simplified copy of seed 000)
SEED_NAMES_CN = {**SEED_NAMES, "cirno": ("チルノのさんすうゲーム", "东方桌游"),
                 "wizard": ("神机妙算", "Wizard")}


@pytest.mark.parametrize("locale", i18n.LOCALES)
@pytest.mark.parametrize("game", sorted(SEED_NAMES))
def test_game_names_as_the_seeds_write_them(locale: str, game: str) -> None:
    """Shown on the game-select tile (name + aka) and in the rules page's title."""
    catalog = i18n.load_catalog(locale)
    tile = catalog[f"game.{game}.name"] + " " + catalog[f"game.{game}.aka"]
    title = catalog[f"rules.{game}.title"]
    for name in (SEED_NAMES if locale == "zh-TW" else SEED_NAMES_CN)[game]:
        assert name in tile and name in title, (name, tile, title)


def test_tanto_cuore_is_listed_by_its_name_with_the_chinese_subtitle() -> None:
    catalog = i18n.load_catalog("zh-TW")
    assert catalog["game.tanto_cuore.name"] == "Tanto Cuore"
    assert catalog["game.tanto_cuore.aka"] == "女僕咖啡廳"


# ---------------------------------------------------------------- rules pages
def _rules(locale: str, game: str) -> str:
    catalog = i18n.load_catalog(locale)
    return "\n".join(v for k, v in catalog.items() if k.startswith(f"rules.{game}."))


@pytest.mark.parametrize("game", sorted(SEED_NAMES))
def test_rules_say_the_options_are_on_the_game_setup_screen(game: str) -> None:
    """The options live on the game-setup screen (its title: 「{game}：遊戲設定」), not in the
    settings screen; zh-CN said 「在设置中开启」, which points at the settings screen."""
    tw, cn = _rules("zh-TW", game), _rules("zh-CN", game)
    assert i18n.load_catalog("zh-TW")["ui.setup.title"].endswith("遊戲設定")
    assert "「遊戲設定」畫面" in tw or "遊戲設定畫面" in tw
    assert "游戏设置”界面" in cn or "游戏设置界面" in cn
    for wrong in ("在設定中", "設定裡", "在选项中", "在设置中", "设置里可以"):
        assert wrong not in tw and wrong not in cn, (game, wrong)


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_rules_state_e8h_h1_several_halves_count_as_one(locale: str) -> None:
    text = _rules(locale, "eight_half")
    phrase = {"zh-TW": "好幾張 ½ 一起出時只算一個 ½", "zh-CN": "好几张 ½ 一起出时只算一个 ½"}
    assert phrase[locale] in text


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_rules_state_cirno_a1_taken_companions_count_used_ones(locale: str) -> None:
    text = _rules(locale, "cirno")
    phrase = {"zh-TW": "已經用掉的同伴卡也算", "zh-CN": "已经用掉的同伴卡也算"}
    assert phrase[locale] in text
    assert "拿到 3 張" in text or "拿到 3 张" in text


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_rules_state_e8h_s2_lowest_yellow_card_opens(locale: str) -> None:
    """E8H-S2: seed 002's 「手中黃色牌最少的玩家」 is read as the player holding the lowest
    yellow card, not the fewest yellow cards; the rules page says so in the opening section."""
    catalog = i18n.load_catalog(locale)
    text = catalog["rules.eight_half.section.4.body"]
    phrase = {"zh-TW": ("黃色牌最少", "讀成點數最小，不是張數最少", "最小的那張黃色牌"),
              "zh-CN": ("黄色牌最少", "读成点数最小，不是张数最少", "最小的那张黄色牌")}
    for part in phrase[locale]:
        assert part in text, part


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_rules_state_cirno_d4_first_card_total_is_the_default(locale: str) -> None:
    """CIRNO-D4 (revised): after a 2-card turn the next player goes on from the FIRST card's
    total, with the seed's example; the other reading is the option."""
    catalog = i18n.load_catalog(locale)
    double = catalog["rules.cirno.section.7.body"]
    rulings = catalog["rules.cirno.section.12.body"]
    first = {"zh-TW": "下一位從第 1 張牌算完的總和接著算", "zh-CN": "下一位从第 1 张牌算完的总和接着算"}
    assert first[locale] in double
    assert "+4" in double and "7" in double and "9" in double  # the seed's 3 -> 7 -> 9 example
    option = {"zh-TW": "「從第 2 張牌的結果繼續」", "zh-CN": "“从第 2 张牌的结果继续”"}
    assert option[locale] in double
    default = {"zh-TW": "DOUBLE 之後預設從第 1 張的結果繼續", "zh-CN": "DOUBLE 之后默认从第 1 张的结果继续"}
    assert default[locale] in rulings
    for old in ("遊戲從第 2 張牌算完的總和繼續", "游戏从第 2 张牌算完的总和继续",
                "預設從第 2 張", "默认从第 2 张"):
        assert old not in double + rulings


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_rules_state_wiz_v2_plus_minus_one_not_with_hidden_bids(locale: str) -> None:
    """WIZ-V2: the ±1 section says it never combines with hidden or secret bids, and why."""
    text = i18n.load_catalog(locale)["rules.wizard.section.9.body"]
    phrase = {"zh-TW": ("不能和隱藏預言或秘密預言一起用", "另外兩人都預言 0"),
              "zh-CN": ("不能和隐藏预言或秘密预言一起用", "另外两人都预言 0")}
    for part in phrase[locale]:
        assert part in text, part


def test_zh_cn_says_where_the_options_are_in_mainland_words() -> None:
    text = "\n".join(_rules("zh-CN", g) for g in SEED_NAMES)
    assert "在设置中开启" not in text
    assert "主菜单" in text and "主选单" not in text

