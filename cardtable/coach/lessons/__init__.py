"""One module per game with its lessons (`LESSONS`); see `cardtable.coach.lesson`."""
