"""Entry script frozen by PyInstaller (build.spec): the same `main` as the `cardtable` command."""

import multiprocessing
import sys

from cardtable.__main__ import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # `cardtable simulate --workers N` on Windows/macOS (spawn)
    sys.exit(main())
