"""Failure causes: one regex table over "exception class: message @ raise site".

The first matching row wins, so the specific causes come before the generic ones.
"""

from __future__ import annotations

import re
from typing import Any

CATEGORIES: tuple[tuple[str, str], ...] = (
    ("crash", r"^crashed\b"),
    ("warning-as-error", r"^[\w.]*Warning\b"),
    ("expected error/warning not raised, or another message",
     r"DID NOT (RAISE|WARN)|Regex pattern did not match"),
    ("in-place write into an immutable array",
     r"does not support item assignment|has no attribute '__setitem__'|immutable"
     r"|read-?only|not writ(e)?able|__i(add|sub|mul|truediv|and|or)__"),
    ("promotion refused",
     r"was expected to be a \w+ tensor but is a \w+ tensor|promot|mixed (d)?types"
     r"|cannot (be )?(combine|mix)|incompatible dtypes"),
    ("dtype refused",
     r"Cannot convert .* to EagerTensor of dtype|not in the list of allowed values"
     r"|Type inconsistent|has no \w+ dtype"
     r"|(unsupported|not supported|invalid|unknown) (data ?)?(d)?type|dtype .*(not supported|"
     r"unsupported)|does not support (complex|float16|int16|uint)|no (d)?type"),
    ("tolerance/value mismatch",
     r"^AssertionError.*(Not equal|Mismatch|not close|tolerance|are not equal|Arrays are)"),
    ("NaN sorting", r"(?i:nan.*sort|sort.*nan)"),
    ("empty reduction", r"(?i:empty|zero-size|size 0|0 elements)"),
    ("linspace", r"(?i:linspace)"),
    ("indexing", r"^IndexError|(?i:\bindic|\bindex|getitem|slice|gather|boolean mask)"),
    ("namespace/type check",
     r"(?i:namespace)|^AssertionError.*(dtype|shape|type)|(?i:expected .*array)"),
    ("missing function or attribute", r"^(AttributeError|NotImplementedError)"),
    ("conversion to NumPy/Python", r"(?i:__array__|to numpy|numpy\(\)|__float__|__bool__)"),
    ("other assertion", r"^AssertionError"),
)
_COMPILED = tuple((name, re.compile(pattern, re.S)) for name, pattern in CATEGORIES)


def categorise(record: dict[str, Any]) -> str:
    """The cause of one failed/errored/crashed test record from the progress file."""
    if record.get("outcome") == "crashed":
        return "crash"
    text = (f"{record.get('exc_type', '')}: {record.get('message', '')}"
            f" @ {record.get('raise_site', '')}")
    for name, pattern in _COMPILED:
        if pattern.search(text):
            return name
    return "other"
