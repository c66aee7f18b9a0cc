"""``python3 -m tui.cli ...``: the ``lycee`` command (tests, docs and helpers use it)."""

import sys

# run the package's main (not a copy of it in __main__), so that its errors
# are the classes the command modules raise
from tui.cli import main

sys.exit(main())
