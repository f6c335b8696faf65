"""JAX: ``jax.random`` itself (XLA's threefry kernel), with ``jax_threefry_partitionable``
pinned on for every call: that layout is JAX's default since 0.5 and the one the portable
generator computes, so the bits equal every other backend's whatever the user's config says.
Keys stay raw ``uint32[2]`` arrays (``jax.random.PRNGKey``'s format)."""

from __future__ import annotations

import functools
import math

from ._common import MASK, Portable


@functools.cache
def _trace_state_clean_of_jax():
    """jax's test for "no trace is running", looked up once (on the first key: jax is loaded
    then); another jax without it: always clean, so every key is built from its words."""
    try:
        from jax._src.core import trace_state_clean
    except ImportError:
        return lambda: True
    return trace_state_clean


def _random():
    import jax  # loaded already: a jax array exists whenever this runs

    return jax, jax.random


#: Seeds whose key jax's own ``random_seed`` makes with arraykit's words in either x64 mode
#: (with x64 off jax reads a negative seed or one from 2**32 as a 32-bit int).
_TRACED_SEEDS = range(2 ** 31)


class Impl(Portable):
    def key(self, seed, device):
        # Inside a trace (jit, vmap), jax's own key op, as ``jax.random.PRNGKey(seed)`` in the
        # traced function: the same words, and XLA then makes the program a native one makes
        # (a constant key folds alike, but its constants land in another order in the
        # optimised HLO). Eagerly, and for other seeds: the key built from its words.
        if seed in _TRACED_SEEDS and not _trace_state_clean_of_jax()():
            random = _random()[1]
            return random.key_data(random.key(seed, impl="threefry2x32"))
        return super().key(seed, device)

    def split(self, key, shape):
        jax, random = _random()
        with jax.threefry_partitionable(True):
            return random.split(key, shape)

    def fold_in(self, key, data):
        jax, random = _random()
        if not isinstance(data, int):
            data = self.xp.astype(data, self.xp.uint32)
        with jax.threefry_partitionable(True):
            return random.fold_in(key, data)

    def raw_bits(self, key, shape):
        return self.xp.reshape(self.bits(key, shape), (math.prod(shape),))

    def bits(self, key, shape):
        jax, random = _random()
        with jax.threefry_partitionable(True):
            return random.bits(key, shape, self.xp.uint32)

    def uniform(self, key, shape, dtype, minval, maxval):
        jax, random = _random()
        with jax.threefry_partitionable(True):
            return random.uniform(key, shape, getattr(self.xp, dtype), minval, maxval)

    def unit(self, key, shape, dtype):
        return self.uniform(key, shape, dtype, 0.0, 1.0)

    def normal(self, key, shape, dtype):
        jax, random = _random()
        with jax.threefry_partitionable(True):
            return random.normal(key, shape, getattr(self.xp, dtype))

    def integers(self, key, shape, minval, maxval, dtype):
        # The offset depends on the span alone; uint32 holds every span up to 2**32 - 1, and
        # maxval=2**32 takes jax's out-of-range path, the ``lo`` case of the portable code.
        jax, random = _random()
        xp = self.xp
        span = maxval - minval
        with jax.threefry_partitionable(True):
            u32 = xp.uint32
            offset = (random.randint(key, shape, xp.asarray(0, dtype=u32),
                                     xp.asarray(span, dtype=u32), u32)
                      if span <= MASK else None)
            if offset is None:
                offset = random.bits(random.split(key, 2)[1], shape, xp.uint32)
        dt = getattr(xp, dtype)
        return xp.add(xp.astype(offset, dt), xp.asarray(minval, dtype=dt) if minval else 0)

    def shuffle_indices(self, key, n):
        jax, random = _random()
        with jax.threefry_partitionable(True):
            return random.permutation(key, n)
