"""Conformance for arraykit: the array-api-tests runner, per-backend xfail files, recorded
results, and the project's own cross-backend differential tests."""
