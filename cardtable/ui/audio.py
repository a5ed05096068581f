"""Sound effects synthesized in code (no recorded samples, no numpy).

Each effect is rendered into 16-bit mono PCM with the ``array`` module and wrapped as a WAV (so
SDL converts it to whatever format the mixer was opened with). Synthesis takes ~0.1 s in pure
Python, so the rendered WAVs are cached in ``assets/sounds/`` (``python -m cardtable.ui.audio``
rewrites them; a test checks they are current); a missing cache file is synthesized at start-up.
Without an audio device (mixer init fails) every call is a silent no-op.
"""

from __future__ import annotations

import cmath
import io
import logging
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

log = logging.getLogger(__name__)

RATE = 22050
SOUND_NAMES: tuple[str, ...] = ("deal", "play", "shuffle", "bust", "win")


class _VolumeSettings(Protocol):
    volume: float
    muted: bool


# ---------------------------------------------------------------- synthesis (pure Python)

def _env(i: int, n: int, attack: int, decay_rate: float) -> float:
    """Linear attack over ``attack`` samples, exponential decay, 4 ms fade-out at the end."""
    a = i / attack if i < attack else 1.0
    d = math.exp(-decay_rate * i / RATE)
    tail = min(1.0, (n - i) / (0.004 * RATE))
    return a * d * tail


def _tone(freq: float, seconds: float, *, amp: float = 0.5, decay: float = 6.0,
          attack_ms: float = 5.0, harmonics: Iterable[tuple[float, float]] = ((2.0, 0.25),),
          ) -> list[float]:
    """A decaying tone with a few harmonics (sines by phasor rotation: no per-sample sin/exp)."""
    n = int(seconds * RATE)
    attack = max(1, int(attack_ms * RATE / 1000))
    fade = 0.004 * RATE
    parts = [(1.0, 1.0), *harmonics]
    total = sum(g for _, g in parts)
    out = [0.0] * n
    for mult, gain in parts:
        step = cmath.exp(2j * math.pi * freq * mult / RATE)
        z = complex(0.0, amp * gain / total)
        for i in range(n):
            out[i] += z.real
            z *= step
    # the same envelope as _env, by a running product
    k = math.exp(-decay / RATE)
    d = 1.0
    for i in range(n):
        a = i / attack if i < attack else 1.0
        tail = (n - i) / fade
        out[i] *= a * d * (tail if tail < 1.0 else 1.0)
        d *= k
    return out


def _noise(seconds: float, *, amp: float = 0.4, decay: float = 30.0, attack_ms: float = 2.0,
           smooth: float = 0.5, rng: random.Random) -> list[float]:
    """Filtered white noise burst (one-pole low-pass; ``smooth`` near 1 = duller)."""
    n = int(seconds * RATE)
    attack = max(1, int(attack_ms * RATE / 1000))
    out = []
    y = z = 0.0
    for i in range(n):
        # two one-pole low-passes in series: a soft, paper-like hush rather than a hiss
        y = smooth * y + (1 - smooth) * rng.uniform(-1.0, 1.0)
        z = smooth * z + (1 - smooth) * y
        out.append(2.0 * amp * z * _env(i, n, attack, decay))  # x2: level lost in the filter
    return out


def _mix(length_s: float, parts: Iterable[tuple[float, list[float]]]) -> list[float]:
    out = [0.0] * int(length_s * RATE)
    for start_s, samples in parts:
        start = int(start_s * RATE)
        for j, v in enumerate(samples[: max(0, len(out) - start)]):
            out[start + j] += v
    return out


def _deal(rng: random.Random) -> list[float]:
    # a soft "fft": short brushed noise with a faint low body
    return _mix(0.09, [(0.0, _noise(0.09, amp=0.35, decay=45, smooth=0.55, rng=rng)),
                       (0.0, _tone(180, 0.06, amp=0.12, decay=50))])


def _play(rng: random.Random) -> list[float]:
    # card laid on felt: a dull tap plus a short wooden knock
    return _mix(0.12, [(0.0, _noise(0.05, amp=0.3, decay=70, smooth=0.8, rng=rng)),
                       (0.0, _tone(320, 0.12, amp=0.22, decay=35, attack_ms=1.5,
                                   harmonics=((2.7, 0.2),)))])


def _shuffle(rng: random.Random) -> list[float]:
    # a riffle: many tiny noise ticks speeding up, then a soft settle
    parts: list[tuple[float, list[float]]] = []
    t = 0.0
    gap = 0.022
    for _ in range(16):
        parts.append((t, _noise(0.018, amp=0.22, decay=160, smooth=0.45, rng=rng)))
        t += gap
        gap = max(0.012, gap * 0.94)
    parts.append((t + 0.02, _noise(0.08, amp=0.25, decay=40, smooth=0.75, rng=rng)))
    return _mix(t + 0.12, parts)


def _bust(rng: random.Random) -> list[float]:
    # two soft falling notes (minor third down), muted, not a buzzer
    return _mix(0.42, [(0.0, _tone(392.0, 0.2, amp=0.35, decay=9)),
                       (0.16, _tone(311.1, 0.26, amp=0.35, decay=8))])


def _win(rng: random.Random) -> list[float]:
    # a bright major arpeggio C5-E5-G5-C6 with a light chord tail
    notes = (523.25, 659.25, 783.99, 1046.5)
    parts = [(0.09 * k, _tone(f, 0.45, amp=0.22, decay=5, harmonics=((2.0, 0.15), (3.0, 0.05))))
             for k, f in enumerate(notes)]
    return _mix(0.75, parts)


_SYNTHS: dict[str, Callable[[random.Random], list[float]]] = {
    "deal": _deal, "play": _play, "shuffle": _shuffle, "bust": _bust, "win": _win,
}


def render_pcm(name: str) -> array:
    """16-bit signed mono PCM (native byte order) of effect ``name`` at ``RATE`` Hz."""
    samples = _SYNTHS[name](random.Random(name))
    peak = max((abs(v) for v in samples), default=0.0)
    scale = 0.8 / peak if peak > 0.8 else 1.0
    return array("h", (int(max(-1.0, min(1.0, v * scale)) * 32767) for v in samples))


def render_wav(name: str) -> bytes:
    pcm = render_pcm(name)
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        if array("h", [1]).tobytes()[0] == 0:  # big-endian host: WAV is little-endian
            pcm = array("h", pcm)
            pcm.byteswap()
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def cache_path(name: str) -> Path:
    from cardtable import paths

    return paths.assets_dir() / "sounds" / f"{name}.wav"


def wav_bytes(name: str) -> bytes:
    """The effect as WAV bytes: from the cache in assets/sounds when present, else synthesized."""
    try:
        return cache_path(name).read_bytes()
    except OSError:
        return render_wav(name)


def write_cache() -> list[Path]:
    """(Re)write assets/sounds/<name>.wav for every effect."""
    written = []
    for name in SOUND_NAMES:
        path = cache_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(render_wav(name))
        written.append(path)
    return written


# ---------------------------------------------------------------- playback

class Audio:
    """Plays the named effects at the settings' volume; a no-op when there is no mixer."""

    def __init__(self, settings: _VolumeSettings | None = None) -> None:
        self.volume = float(getattr(settings, "volume", 0.7))
        self.muted = bool(getattr(settings, "muted", False))
        self._sounds: dict[str, Any] = {}
        self.enabled = self._init_mixer()
        if self.enabled:
            for name in SOUND_NAMES:
                self._load(name)
            self._apply_volume()

    @staticmethod
    def _init_mixer() -> bool:
        try:
            import pygame

            if pygame.mixer.get_init() is None:
                pygame.mixer.init()
            return pygame.mixer.get_init() is not None
        except Exception as exc:  # no device, no SDL audio, missing module...
            log.info("audio disabled: %s", exc)
            return False

    def _load(self, name: str) -> None:
        try:
            import pygame

            self._sounds[name] = pygame.mixer.Sound(file=io.BytesIO(wav_bytes(name)))
        except Exception as exc:
            log.warning("cannot load sound %r: %s", name, exc)

    def _apply_volume(self) -> None:
        level = 0.0 if self.muted else self.volume
        for sound in self._sounds.values():
            try:
                sound.set_volume(level)
            except Exception as exc:
                log.debug("set_volume failed: %s", exc)

    def play(self, name: str) -> None:
        if name not in _SYNTHS:
            log.warning("unknown sound %r", name)
            return
        if not self.enabled or self.muted or self.volume <= 0.0:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()
        except Exception as exc:
            log.debug("play(%r) failed: %s", name, exc)

    def set_volume(self, volume: float) -> None:
        self.volume = max(0.0, min(1.0, float(volume)))
        self._apply_volume()

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)
        self._apply_volume()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    for written in write_cache():
        log.info("wrote %s (%d bytes)", written, written.stat().st_size)
    sys.exit(0)
