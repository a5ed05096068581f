"""`cardtable serve` (issue 31): a headless process that imports no pygame, says where it
listens, keeps every table on disk, and resumes it after being killed (SIGKILL) and started
again on the same folder."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.net.client import Client
from tests.net.netplay import Bot, play_out, play_until

ROOT = Path(__file__).resolve().parents[2]


def _no_pygame_env(tmp_path: Path) -> dict[str, str]:
    """An environment where importing pygame kills the process (a stand-in package first on
    the path), so a server that imports it cannot go unnoticed."""
    shim = tmp_path / "shim" / "pygame"
    shim.mkdir(parents=True, exist_ok=True)
    (shim / "__init__.py").write_text("raise SystemExit('pygame was imported')\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "shim"), str(ROOT)])
    env["PYTHONUNBUFFERED"] = "1"
    return env


def test_the_network_modules_import_no_pygame(tmp_path: Path) -> None:
    code = ("import sys\n"
            "import cardtable.cli.serve, cardtable.net.server, cardtable.net.client\n"
            "from cardtable.cli.main import COMMANDS, help_text\n"
            "assert 'serve' in COMMANDS\n"
            "from cardtable.net.protocol import rules_digest; rules_digest()\n"
            "assert 'pygame' not in sys.modules, 'pygame'\n"
            "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=_no_pygame_env(tmp_path), timeout=60, cwd=ROOT)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def _start(tmp_path: Path, data: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", "0", "--data", str(data),
         "--rate", "10000", "--burst", "10000", "--grace", "30"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_no_pygame_env(tmp_path), cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening on" not in line:
        proc.kill()
        raise AssertionError(f"no server: {line!r} {proc.stderr.read() if proc.stderr else ''}")
    return proc, line.split("listening on ")[1].split()[0]


def test_serve_keeps_tables_and_resumes_them_after_a_kill(tmp_path: Path) -> None:
    data = tmp_path / "tables"
    proc, url = _start(tmp_path, data)
    try:
        a = Bot(Client(url, "A"), random.Random(2))
        seated = a.client.create("cirno", 3, [{"kind": "person"}, {"kind": "computer",
                                 "level": "easy"}, {"kind": "computer", "level": "easy"}])
        code, token = seated["room"], seated["token"]
        play_until([a], lambda: a.latest >= 4)
        a.acted = 10**9
        # hold at our own turn (one we have not answered)
        answered = max((f["seq"] for f in a.game_frames() if f["decoded"].acting == 0),
                       default=-1)
        play_until([a], lambda: a.game_frames()[-1]["decoded"].acting == 0
                   and a.game_frames()[-1]["seq"] > answered, active=[])
        last = a.game_frames()[-1]
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        a.client.kill()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert (data / f"{code}.table").exists()
    proc, url = _start(tmp_path, data)
    try:
        a2 = Bot(Client(url, "A"), random.Random(3))
        a2.client.claim(code, 0, token)
        snap = a2.client.expect("snapshot")
        a2.take(snap)
        assert snap["seq"] == last["seq"] and snap["decoded"].view == last["decoded"].view
        play_out([a2])
        assert len(a2.record["actions"]) == a2.latest  # type: ignore[index]
        a2.client.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()


@pytest.mark.parametrize("args", [["--certfile", "x.pem"], ["--port", "nope"]])
def test_serve_refuses_bad_arguments(args: list[str], tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "cardtable", "serve", *args],
                         capture_output=True, text=True, env=_no_pygame_env(tmp_path),
                         timeout=60, cwd=ROOT)
    assert out.returncode == 2 and "error" in out.stderr


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl tool")
def test_serve_speaks_wss_with_a_certificate(tmp_path: Path) -> None:
    import ssl
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True,
                   timeout=60)
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", "0", "--data",
         str(tmp_path / "t"), "--certfile", str(cert), "--keyfile", str(key)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=_no_pygame_env(tmp_path), cwd=ROOT)
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split("listening on ")[1].split()[0]
        assert url.startswith("wss://")
        context = ssl.create_default_context(cafile=str(cert))
        client = Client(url, "甲", ssl_context=context)
        assert client.welcome and client.welcome["protocol"] == 1
        client.close()
    finally:
        proc.terminate()
        proc.wait(20)
