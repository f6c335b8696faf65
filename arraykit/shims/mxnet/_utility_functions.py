"""Utility functions on MXNet: ``all``, ``any``, ``diff`` (``_common/statistics.py``)."""

from __future__ import annotations

from ._statistical_functions import _rules, all, any  # noqa: F401 - this section's (fast paths there)

diff = _rules.diff
