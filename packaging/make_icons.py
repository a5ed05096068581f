"""Draw the app icon in code and write every format the installers need.

    python packaging/make_icons.py            # writes packaging/icons/

Output (all from one drawing, made at 1024 px and scaled down smoothly):
- ``icons/cardtable-<N>.png`` for N in 16, 24, 32, 48, 64, 128, 256, 512 (Linux hicolor theme,
  the pygame window icon could use one too);
- ``icons/cardtable.ico`` (Windows: 16-256 px, PNG-compressed entries, readable by Windows Vista
  and later);
- ``icons/cardtable.icns`` (macOS: 16-1024 px, PNG entries; 1024 is the Retina 512 pt icon).

No tool outside pygame is needed: the .ico and .icns containers are written here directly.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

HERE = Path(__file__).resolve().parent
OUT = HERE / "icons"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# icns entry types holding PNG data, by pixel size
ICNS_TYPES = ((16, b"icp4"), (32, b"icp5"), (64, b"icp6"), (128, b"ic07"), (256, b"ic08"),
              (512, b"ic09"), (1024, b"ic10"))
BASE = 1024

FELT = (30, 86, 92)
FELT_DARK = (20, 60, 66)
EDGE = (98, 72, 44)
CARD_BACK = (30, 52, 104)
CARD_BLUE = (46, 112, 214)
CARD_RED = (214, 66, 60)
WHITE = (250, 250, 246)
ICE = (120, 200, 255)


def _card(w: int, h: int, fill: tuple[int, int, int], inner: tuple[int, int, int] | None,
          ) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = w // 9
    pygame.draw.rect(surf, (0, 0, 0, 90), (6, 10, w - 6, h - 10), border_radius=r)  # shadow
    pygame.draw.rect(surf, WHITE, (0, 0, w - 8, h - 12), border_radius=r)
    m = w // 14
    pygame.draw.rect(surf, fill, (m, m, w - 8 - 2 * m, h - 12 - 2 * m), border_radius=r * 2 // 3)
    if inner is not None:
        cx, cy = (w - 8) // 2, (h - 12) // 2
        pygame.draw.ellipse(surf, inner, (cx - w // 4, cy - h // 5, w // 2, h * 2 // 5))
    return surf


def _diamond(surf: pygame.Surface, cx: int, cy: int, d: int, color: tuple[int, int, int]
             ) -> None:
    pygame.draw.polygon(surf, color, [(cx, cy - d * 4 // 3), (cx + d, cy), (cx, cy + d * 4 // 3),
                                      (cx - d, cy)])


def draw_icon(size: int = BASE) -> pygame.Surface:
    """The icon: three fanned cards on a round-cornered felt tile."""
    big = pygame.Surface((BASE, BASE), pygame.SRCALPHA)
    pad = BASE // 32
    radius = BASE // 5
    pygame.draw.rect(big, EDGE, (pad, pad, BASE - 2 * pad, BASE - 2 * pad), border_radius=radius)
    inset = pad + BASE // 28
    pygame.draw.rect(big, FELT_DARK, (inset, inset, BASE - 2 * inset, BASE - 2 * inset),
                     border_radius=radius - BASE // 28)
    pygame.draw.circle(big, FELT, (BASE // 2, BASE // 2 - BASE // 20), BASE * 2 // 5)
    cw, ch = BASE * 40 // 100, BASE * 58 // 100
    cards = (
        (_card(cw, ch, CARD_BACK, CARD_BLUE), 24, -BASE // 6),
        (_card(cw, ch, ICE, None), 0, 0),
        (_card(cw, ch, WHITE, None), -24, BASE // 6),
    )
    for surf, angle, dx in cards:
        rot = pygame.transform.rotozoom(surf, angle, 1.0)
        rect = rot.get_rect(center=(BASE // 2 + dx, BASE // 2 + BASE // 30 + abs(dx) // 5))
        big.blit(rot, rect)
    # the front card's mark: a big red diamond and two corner pips (no text: reads at 16 px)
    front = pygame.Surface((cw, ch), pygame.SRCALPHA)
    cx, cy = (cw - 8) // 2, (ch - 12) // 2
    _diamond(front, cx, cy, cw // 3, CARD_RED)
    _diamond(front, cw // 6, ch // 9, cw // 14, CARD_RED)
    _diamond(front, cw - 8 - cw // 6, ch - 12 - ch // 9, cw // 14, CARD_RED)
    rot = pygame.transform.rotozoom(front, -24, 1.0)
    big.blit(rot, rot.get_rect(center=(BASE // 2 + BASE // 6, BASE // 2 + BASE // 30
                                       + BASE // 30)))
    if size == BASE:
        return big
    out = big
    while out.get_width() // 2 >= size:  # halve step by step: smoother than one big jump
        out = pygame.transform.smoothscale(out, (out.get_width() // 2, out.get_height() // 2))
    if out.get_width() != size:
        out = pygame.transform.smoothscale(out, (size, size))
    return out


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding PNG images (size 256 is written as 0 in the directory)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An Apple .icns holding PNG images."""
    body = b""
    for s, kind in ICNS_TYPES:
        data = pngs[s]
        body += kind + struct.pack(">I", len(data) + 8) + data
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main() -> int:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    pngs = {s: png_bytes(draw_icon(s)) for s in PNG_SIZES}
    for s, data in pngs.items():
        (OUT / f"cardtable-{s}.png").write_bytes(data)
    (OUT / "cardtable.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (OUT / "cardtable.icns").write_bytes(icns_bytes({**pngs, BASE: png_bytes(draw_icon(BASE))}))
    window_icon = OUT.parents[1] / "assets" / "icons" / "cardtable-256.png"  # the app's window
    window_icon.parent.mkdir(parents=True, exist_ok=True)
    window_icon.write_bytes(pngs[256])
    sys.stdout.write(f"wrote {len(pngs)} PNGs, cardtable.ico and cardtable.icns to {OUT}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
