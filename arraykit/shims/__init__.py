"""Complete Array API 2025.12 namespaces for frameworks that have none.

One package per framework (``tensorflow/``, ``mxnet/``, ``jax/`` for the 2025.12 top-up of
``jax.numpy``). Each package *is* the namespace module: ``arraykit.array_namespace(x)`` returns
it for that framework's arrays. Logic shared by several shims lives in ``_common/`` and takes
the framework's ops as arguments, so each per-framework package holds only what differs.

Importing ``arraykit.shims`` imports no framework; importing ``arraykit.shims.<framework>``
imports that framework.
"""
