"""``python -m arraykit``: the same as the ``arraykit`` command."""

import sys

from .cli import main

sys.exit(main())
