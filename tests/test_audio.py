"""Synthesized sound effects and the Audio player (SDL_AUDIODRIVER=dummy, or no mixer at all)."""

from __future__ import annotations

import io
import os
import sys
import wave
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

pygame = pytest.importorskip("pygame")

from cardtable.ui import audio  # noqa: E402


@pytest.fixture
def mixer_off() -> Iterator[None]:
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()


@pytest.mark.parametrize("name", audio.SOUND_NAMES)
def test_effect_is_short_audible_and_not_clipped(name: str) -> None:
    pcm = audio.render_pcm(name)
    seconds = len(pcm) / audio.RATE
    assert 0.05 <= seconds <= 1.0
    peak = max(abs(v) for v in pcm)
    assert 3000 < peak <= int(0.8 * 32767) + 1
    # starts and ends quietly: no click
    assert abs(pcm[0]) < 2000 and abs(pcm[-1]) < 500


def test_effects_are_deterministic_and_distinct() -> None:
    rendered = {n: audio.render_pcm(n).tobytes() for n in audio.SOUND_NAMES}
    assert rendered == {n: audio.render_pcm(n).tobytes() for n in audio.SOUND_NAMES}
    assert len(set(rendered.values())) == len(audio.SOUND_NAMES)


def test_render_wav_is_a_valid_16bit_mono_wav() -> None:
    with wave.open(io.BytesIO(audio.render_wav("win"))) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, audio.RATE)
        assert w.getnframes() == len(audio.render_pcm("win"))


def test_audio_plays_under_the_dummy_driver(mixer_off: None) -> None:
    a = audio.Audio(SimpleNamespace(volume=0.5, muted=False))
    assert a.enabled
    assert set(a._sounds) == set(audio.SOUND_NAMES)
    for name in audio.SOUND_NAMES:
        a.play(name)
    a.set_volume(2.0)
    assert a.volume == 1.0
    a.set_volume(0.25)
    assert a._sounds["deal"].get_volume() == pytest.approx(0.25, abs=0.01)
    a.set_muted(True)
    assert a._sounds["deal"].get_volume() == 0.0
    a.play("deal")
    a.play("no_such_sound")


def test_audio_is_a_silent_no_op_when_the_mixer_cannot_start(
        monkeypatch: pytest.MonkeyPatch, mixer_off: None) -> None:
    if pygame.mixer.get_init():
        pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    a = audio.Audio(SimpleNamespace(volume=0.7, muted=False))
    assert not a.enabled
    for name in audio.SOUND_NAMES:
        a.play(name)
    a.set_volume(0.1)
    a.set_muted(False)


def test_audio_takes_settings_volume_and_mute(mixer_off: None) -> None:
    from cardtable.persist import Settings

    a = audio.Audio(Settings(volume=0.3, muted=True))
    assert a.volume == 0.3 and a.muted
    if a.enabled:
        assert a._sounds["win"].get_volume() == 0.0


@pytest.mark.parametrize("name", audio.SOUND_NAMES)
def test_cached_wav_is_current(name: str) -> None:
    """assets/sounds/<name>.wav equals a fresh render (run `python -m cardtable.ui.audio`)."""
    path = audio.cache_path(name)
    assert path.is_file()
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, audio.RATE)
        cached = w.readframes(w.getnframes())
    fresh = audio.render_pcm(name)
    from array import array

    stored = array("h")
    stored.frombytes(cached)
    if sys.byteorder == "big":
        stored.byteswap()
    assert len(stored) == len(fresh)
    assert max(abs(a - b) for a, b in zip(stored, fresh, strict=True)) <= 2
