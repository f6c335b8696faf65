"""Framework-agnostic pieces shared by the shims: dtype rules as data, algorithms that take
the framework's ops as arguments, and the opt-in array-object mechanism."""
