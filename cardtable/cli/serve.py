"""`cardtable serve`: the headless table server for play over the Internet (no pygame).

    cardtable serve [--host 0.0.0.0] [--port 8765] [--data DIR] [--certfile F --keyfile K]

Everyone connects outward to it (home routers do not matter). Every table is kept in `--data`
after every action; started again on the same folder, the server resumes every table, and each
person reclaims their seat with their token. TLS: `--certfile/--keyfile` serve `wss://`
directly, or put a reverse proxy (Caddy, nginx) in front and keep this on plain `ws://` on
loopback (README, "Playing over the network").
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from pathlib import Path


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="cardtable serve",
                                description="the table server for play over the network")
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (0.0.0.0: every interface; default "
                        "127.0.0.1, behind a reverse proxy)")
    p.add_argument("--port", type=int, default=8765, help="0: any free port (printed)")
    p.add_argument("--data", type=Path, default=None,
                   help="where tables are kept (default: the user data folder's tables/)")
    p.add_argument("--certfile", type=Path, help="TLS certificate (PEM) for wss://")
    p.add_argument("--keyfile", type=Path, help="TLS private key (PEM)")
    p.add_argument("--grace", type=float, default=30.0,
                   help="seconds before the computer plays for a person who left")
    p.add_argument("--rate", type=float, default=20.0, help="frames per second per connection")
    p.add_argument("--burst", type=float, default=40.0, help="frames at once per connection")
    p.add_argument("--max-tables", type=int, default=1000)
    p.add_argument("--max-connections", type=int, default=4000)
    p.add_argument("--max-frame", type=int, default=16 * 1024, help="bytes in a client's frame")
    p.add_argument("--workers", type=int, default=2, help="threads for the computers")
    args = p.parse_args(argv)
    if (args.certfile is None) != (args.keyfile is None):
        p.error("--certfile and --keyfile go together")
    return args


def main(argv: list[str]) -> int:
    args = parse(argv)
    from cardtable.net.server import ServerConfig, TableServer

    data = args.data
    if data is None:
        from cardtable.paths import user_data_dir
        data = user_data_dir() / "tables"
    context = None
    if args.certfile is not None:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.certfile, args.keyfile)
    config = ServerConfig(host=args.host, port=args.port, data=data, ssl=context,
                          max_frame=args.max_frame, rate=args.rate, burst=args.burst,
                          max_tables=args.max_tables, max_connections=args.max_connections,
                          grace=args.grace, workers=args.workers)
    logging.getLogger("cardtable").setLevel(logging.INFO)

    async def run() -> None:
        server = TableServer(config)
        await server.start()
        sys.stdout.write(f"cardtable serve: listening on {server.url} "
                         f"(tables in {data}; {len(server.rooms)} resumed)\n")
        sys.stdout.flush()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            # Windows' event loops have no signal handlers (NotImplementedError): there Ctrl+C
            # ends asyncio.run with KeyboardInterrupt, and the tables are on disk already
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        await server.stop()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        sys.stderr.write(f"cardtable serve: error: {exc}\n")
        return 2
    return 0
