"""The table kit: the parts every game's table is built from.

Model (no drawing):
- `visibility` — which seat's private faces may be drawn now (hot-seat privacy, decided once);
- `focus` — one hit / hover / focus model (the device used last decides the highlight,
  keyboard order is visual order);
- `fan` — hand fans: card rectangles, visible-strip hit areas, one hit per card slot (two
  identical cards are each reachable);
- `tooltip` — tooltips shown after the pointer rested on a thing, placed outside the table's
  protected rectangles (else over the emptiest place; `free_spot` finds a place touching none);
- `guard` — misclick safety: a button new where another just was ignores clicks briefly;
- `seats` — who sits where from the bottom seat, and a seat's tag;
- `zones` — zone mirrors: a private zone as a view shows it, a card leaving a mirror.

Parts that draw:
- `plate` — seat plates (panel, own plate); `tipbox` — the card tooltip's box;
- `dialog` — dialog panels and the game-over heading; `results_panel` — a final ranking panel;
- `prompt`, `status` — the turn line and the prompt pill;
- `parts`, `parts_table` — tables drawn part by part on `layer_parts.PartLayer`;
- `shown_hands` — every hand shown (demo): readable strips beside the plates;
- `layout` — the shared felt; `sample` — pushing a sample table.

Hints (`TableScene.request_hint` … `draw_hint`, issue 21) are the kit's too: the 提示 button and
H key, the hint computed on the AI thread, the ring on the hits whose actions hold the hinted
action and the reason's line placed clear of `protected_rects()` (a table may ring a card as
drawn, `hint_rect`, or keep more of its own areas clear, `hint_keep_clear`).

Beside the kit: one describer per game in `cardtable.history.describers` (the table log, move
log, undo labels and replays share it); group flights with a stagger in
`cardtable.ui.anim.Director.fly_group` (a table's `move_stream` hook makes consecutive card
moves of one stream, e.g. a turn's end, one group); the round and game dialogs in
`cardtable.ui.scenes.results.ResultsScene` (Esc opens the menu, V puts the dialog aside).

A game's table file keeps only what is its own: its zones and where they go, what a click means
(through `legal_actions()`), and its special widgets.
"""
