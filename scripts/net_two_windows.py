"""Two copies of the app in real windows play a Wizard game through a local table server.

    python scripts/net_two_windows.py [--out /work/notes/net-shots] [--displays 79,80]

Under Xvfb (one display per window, 1280×720): starts `cardtable serve` on loopback (a short
grace period, so the computer's stand-in shows soon), app A (--lang zh-TW) and app B
(--lang zh-CN), each with its own CARDTABLE_HOME and `--server`. With xdotool: A opens
連線對戰 → 開桌 → Wizard (4 players: A, a seat for a friend, two computers) → 開始遊戲; the
room code is read from A's kept seat; B opens 連線對戰 → 加入, types the code and joins. Both
play (key 1 / Enter: the first choice) for a while and send a quick phrase; B is killed (A's
table shows B away, then the computer standing in), B is started again and reclaims its seat
with 回到牌桌 (its kept token). Then the server is killed (both windows show the reconnecting
banner) and started again (it resumes the table from disk; both reclaim their seats). Screenshots of both windows at each step go to `--out`.

Needs Xvfb, xdotool and ImageMagick's `import`. Everything it starts is stopped at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable

# logical positions (the window is 1280×720 at the display's origin)
TITLE_ONLINE = (397, 292)
NET_HOST, NET_JOIN, NET_BACK_TO_TABLE = (640, 249), (640, 321), (640, 393)
WIZARD_TILE = (885, 471)
SETUP_START = (1111, 667)
ROOM_START = (820, 534)
ROOM_COPY = (460, 534)
JOIN_CODE = (640, 197)
TABLE_CHAT = (1057, 605)
CHAT_PHRASE_HELLO = (310, 514)
CHAT_BACK = (865, 132)


def say(*parts: object, err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(" ".join(str(p) for p in parts) + "\n")
    stream.flush()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Run:
    def __init__(self, out: Path, displays: tuple[int, int]) -> None:
        self.out = out
        self.displays = displays
        self.procs: list[subprocess.Popen[bytes]] = []
        self.tmp = Path(tempfile.mkdtemp(prefix="net-two-"))
        self.shots: list[Path] = []

    def start(self, args: list[str], env: dict[str, str] | None = None,
              log: str = "proc") -> subprocess.Popen[bytes]:
        fh = open(self.tmp / f"{log}.log", "wb")  # noqa: SIM115 - kept open for the child
        p = subprocess.Popen(args, env={**os.environ, **(env or {})}, stdout=fh, stderr=fh,
                             cwd=ROOT)
        self.procs.append(p)
        return p

    def xdo(self, display: int, *args: str) -> None:
        subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": f":{display}"},
                       check=False, timeout=20)

    def click(self, display: int, pos: tuple[int, int], pause: float = 0.6) -> None:
        self.xdo(display, "mousemove", str(pos[0]), str(pos[1]))
        time.sleep(0.15)
        self.xdo(display, "click", "1")
        time.sleep(pause)

    def key(self, display: int, *keys: str, pause: float = 0.25) -> None:
        for k in keys:
            self.xdo(display, "key", k)
            time.sleep(pause)

    def shot(self, display: int, name: str) -> Path:
        path = self.out / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(path)],
                       env={**os.environ, "DISPLAY": f":{display}"}, check=False, timeout=30)
        self.shots.append(path)
        say("shot", path)
        return path

    def app(self, display: int, lang: str, home: Path, url: str, log: str
            ) -> subprocess.Popen[bytes]:
        env = {"DISPLAY": f":{display}", "CARDTABLE_HOME": str(home), "SDL_AUDIODRIVER": "dummy",
               "SDL_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR": "0"}
        env.pop("SDL_VIDEODRIVER", None)
        p = self.start([PY, "-m", "cardtable", "--lang", lang, "--windowed", "--size",
                        "1280x720", "--server", url], env=env, log=log)
        time.sleep(6)  # the window comes up (fonts, art)
        self.xdo(display, "mousemove", "640", "360")
        return p

    def play(self, displays: list[int], seconds: float) -> None:
        """Key 1 (the first choice) and Enter (a dialog's button) in each window in turn."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for d in displays:
                self.xdo(d, "mousemove", "640", "20")
                self.key(d, "1", pause=0.05)
                self.key(d, "Return", pause=0.05)
            time.sleep(0.4)

    def stop(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/work/notes/net-shots"))
    ap.add_argument("--displays", default="79,80")
    ap.add_argument("--play", type=float, default=25.0, help="seconds of play before leaving")
    ns = ap.parse_args(argv)
    for tool in ("Xvfb", "xdotool", "import"):
        if shutil.which(tool) is None:
            say(f"needs {tool}", err=True)
            return 2
    da, db = (int(x) for x in ns.displays.split(","))
    ns.out.mkdir(parents=True, exist_ok=True)
    run = Run(ns.out, (da, db))
    try:
        for d in (da, db):
            run.start(["Xvfb", f":{d}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
                      log=f"xvfb{d}")
        port = free_port()
        url = f"ws://127.0.0.1:{port}"
        server_args = [PY, "-m", "cardtable", "serve", "--port", str(port), "--data",
                       str(run.tmp / "tables"), "--grace", "4", "--rate", "200", "--burst", "400"]
        server = run.start(server_args, log="server")
        time.sleep(2)
        home_a, home_b = run.tmp / "home-a", run.tmp / "home-b"
        run.app(da, "zh-TW", home_a, url, "app-a")
        run.app(db, "zh-CN", home_b, url, "app-b")
        run.shot(da, "01-a-title-zh-TW")
        # A: 連線對戰 → 開桌 → Wizard → 開始遊戲
        run.click(da, TITLE_ONLINE)
        run.shot(da, "02-a-net-menu-zh-TW")
        run.click(da, NET_HOST)
        run.click(da, WIZARD_TILE, 1.0)
        run.shot(da, "03-a-host-setup-zh-TW")
        run.click(da, SETUP_START, 2.0)
        run.click(da, ROOM_COPY, 0.8)
        run.shot(da, "04-a-room-code-zh-TW")
        seat_file = home_a / "data" / "online_seat.json"
        for _ in range(50):
            if seat_file.exists():
                break
            time.sleep(0.2)
        code = json.loads(seat_file.read_text(encoding="utf-8"))["room"]
        say("room", code)
        run.click(da, ROOM_START)
        # B: 連線對戰 → 加入 → the code → Enter
        run.click(db, TITLE_ONLINE)
        run.click(db, NET_JOIN)
        run.click(db, JOIN_CODE, 0.3)
        run.xdo(db, "type", "--delay", "80", code)
        time.sleep(0.3)
        run.shot(db, "05-b-join-zh-CN")
        run.key(db, "Return", pause=2.0)
        run.shot(db, "06-b-table-joined-zh-CN")
        run.shot(da, "07-a-table-joined-zh-TW")
        # a quick phrase from B: each reads it in their own script
        run.click(db, TABLE_CHAT)
        run.click(db, CHAT_PHRASE_HELLO)
        run.click(db, CHAT_BACK)
        run.play([da, db], ns.play)
        run.shot(da, "08-a-playing-zh-TW")
        run.shot(db, "09-b-playing-zh-CN")
        # B leaves (killed)
        b = next(p for p in run.procs if p.args and "zh-CN" in p.args)
        b.kill()
        b.wait(10)
        time.sleep(1.5)
        run.shot(da, "10-a-b-away-zh-TW")
        run.play([da], 8.0)  # past the grace period: the computer plays B's turns
        run.shot(da, "11-a-b-stand-in-zh-TW")
        # B again: 連線對戰 → 回到牌桌 (its kept token)
        run.app(db, "zh-CN", home_b, url, "app-b2")
        run.click(db, TITLE_ONLINE)
        run.shot(db, "12-b-net-menu-saved-seat-zh-CN")
        run.click(db, NET_BACK_TO_TABLE, 2.5)
        run.shot(db, "13-b-reclaimed-zh-CN")
        run.shot(da, "14-a-b-back-zh-TW")
        run.play([da, db], 10.0)
        run.shot(da, "15-a-later-zh-TW")
        run.shot(db, "16-b-later-zh-CN")
        # the server goes down: both show the reconnecting banner; started again on the same
        # port, it resumes the table from disk and both reclaim their seats with their tokens
        server.send_signal(signal.SIGKILL)
        server.wait(10)
        time.sleep(2.0)
        run.shot(da, "17-a-reconnecting-zh-TW")
        run.shot(db, "18-b-reconnecting-zh-CN")
        run.start(server_args, log="server2")
        time.sleep(8.0)
        run.shot(da, "19-a-resumed-zh-TW")
        run.shot(db, "20-b-resumed-zh-CN")
        run.play([da, db], 8.0)
        run.shot(da, "21-a-after-resume-zh-TW")
        run.shot(db, "22-b-after-resume-zh-CN")
    finally:
        run.stop()
        say("logs in", run.tmp)
    say("\n".join(str(s) for s in run.shots))
    return 0


if __name__ == "__main__":
    sys.exit(main())
