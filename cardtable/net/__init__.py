"""Play over the network (pure: no pygame): a remote person is one more seat controller of the
match host.

- `protocol`: the frames (pydantic, strict) and the one builder of game frames for a seat.
- `room`: a table online (its host, seats, tokens, presence, stand-ins, chat, persistence).
- `server`: the websockets asyncio server (`cardtable serve`, and the app's LAN host).
- `client`: a threaded client feeding a `queue.Queue` (tests, bots, the app).
"""
