"""Cross-backend differential testing of arraykit's namespaces.

``spec.py`` is the 2025.12 function table (data), ``cases.py`` draws inputs for each entry,
``harness.py`` runs every drawn case on all backends and compares with the reference,
``bad_inputs.py`` checks error consistency, and ``known_mismatches.txt`` lists the mismatches
with the framework (or arraykit) bug behind each. Entry points: ``python -m
conformance.differential`` (long run) and ``tests/test_differential.py`` (CI-sized run).
"""
