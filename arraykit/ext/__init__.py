"""Extension namespaces: what the Array API standard lacks and real users need.

Planned: ``nd`` (gather/scatter with one pinned meaning), ``grad`` and ``jit``. None exists
yet; ``EXTENSIONS`` lists those that do, and ``arraykit info`` reports it.
"""

#: name -> one-line description of every extension namespace that exists.
EXTENSIONS: dict[str, str] = {}
