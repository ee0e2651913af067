"""``python -m tabletop``: the same command line as the ``tabletop`` script."""

import sys

from tabletop.shell.cli import main

sys.exit(main())
