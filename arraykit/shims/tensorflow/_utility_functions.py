"""Utility functions: the standard's rules written once (``_common/statistics.py``) over the
TF primitives, TF runtime errors translated (``_base.wrap_errors``)."""

from __future__ import annotations

from ._base import wrap_errors
from ._statistical_functions import _rules

__all__ = ["all", "any", "diff"]

all = wrap_errors("all")(_rules.all)
any = wrap_errors("any")(_rules.any)
diff = wrap_errors("diff")(_rules.diff)
