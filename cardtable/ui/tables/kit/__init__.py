"""The table kit: the parts every game's table is built from.

- `visibility` — which seat's private faces may be drawn now (hot-seat privacy, decided once);
- `focus` — one hit / hover / focus model (the device used last decides the highlight,
  keyboard order is visual order);
- `fan` — hand fans: card rectangles, visible-strip hit areas, one hit per card slot (two
  identical cards are each reachable);
- `tooltip` — tooltips shown after the pointer rested on a thing, placed outside the table's
  protected rectangles; `tip_panel` — the card tooltip's panel (title and rule text);
- `plate` — seat plates: the panel, the seat's tag, the own plate's name and tag;
- `shown_hands` — every hand shown (demo): readable strips beside the plates;
- `zones` — a private zone as a table may hold it (faces it may see, else backs);
- `parts_table` — the PartLayer draw and resets of a table drawn part by part;
- `layout` — the shared 1280×720 layout (the felt);
- `describer` lives in `cardtable.history.describer` (the table log, move log, undo labels and
  replays share it); the dirty-part redraw in `cardtable.ui.tables.layer_parts`; group flights
  with a stagger in `cardtable.ui.anim.Director.fly_group`.

A game's table file keeps only what is its own: its zones and where they go, what a click means
(through `legal_actions()`), and its special widgets.
"""
