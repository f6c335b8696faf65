"""``python -m benchmarks.overhead``: the same as ``python -m benchmarks``."""

import sys

from .cli import main

sys.exit(main())
