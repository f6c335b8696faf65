"""``python -m benchmarks``: the overhead study (see ``benchmarks/overhead.py``)."""

import sys

from .overhead import main

sys.exit(main())
