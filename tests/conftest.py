import os

# Keep TensorFlow's start-up chatter out of test output.
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# SciPy reads this once, at its import: it must be set before any test imports scipy
# (conformance/drop_in.py runs SciPy functions on TF and MXNet arrays).
os.environ.setdefault("SCIPY_ARRAY_API", "1")
