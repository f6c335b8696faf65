"""A pytest plugin the runner loads into array-api-tests (``-p conformance._hypothesis_profile``).

It loads a hypothesis profile without the *shrink* phase before the suite registers its own
profile, which inherits from the loaded one. Shrinking only minimises a failing example, and
on a failing test it can take many minutes; pass/fail results are the same without it. The
failing example is still printed, just not minimised.
"""

from hypothesis import Phase, settings

settings.register_profile(
    "arraykit-conformance", phases=[Phase.explicit, Phase.reuse, Phase.generate]
)
settings.load_profile("arraykit-conformance")
