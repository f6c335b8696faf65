"""Utility functions on Paddle: ``all``, ``any``, ``diff`` (``_common/statistics.py``)."""

from __future__ import annotations

from ._statistical_functions import _rules

all, any, diff = _rules.all, _rules.any, _rules.diff
