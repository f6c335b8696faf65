"""The standard's ``fft`` extension written once, over a standard namespace and an FFT primitive.

Each shim binds these functions to its framework. Two things come from the shim:

``xp``
    An object with the standard's functions (a conformant namespace, or a thin adapter over
    raw framework ops; the functions do no promotion of their own, so the adapter need not
    either). The functions here use only: ``xp.concat``, ``xp.zeros``, ``xp.conj``,
    ``xp.real``, ``xp.flip``, ``xp.permute_dims``, ``xp.astype``, ``xp.roll``, ``xp.arange``,
    plus ``x.shape``/``x.dtype`` (with static, integer sizes), basic slicing ``x[..., a:b]``
    and ``*`` by a Python float.

``prim``
    The framework's transform kernels, an object with:

    * ``max_nd`` (int >= 1): the most trailing axes ``fftnd`` transforms at once;
    * ``fftnd(x, k, inverse)``: the complex DFT over the last ``k`` (1 <= k <= max_nd) axes of
      a complex array; unnormalised when forward, divided by the product of the ``k`` sizes
      when inverse (the usual "backward" convention of every framework's ``ifft``);
    * optional ``rfft(x, n)``: real -> complex over the last axis, length ``n`` (== the
      input's), output length ``n//2 + 1``, unnormalised;
    * optional ``irfft(x, n)``: complex (length ``n//2 + 1``) -> real of length ``n`` over the
      last axis, divided by ``n``.
      Without ``rfft``/``irfft`` they are computed from ``fftnd`` (a Hermitian extension).
    * ``complex_of(dtype)`` / ``real_of(dtype)``: the complex dtype of a real floating dtype's
      precision and the real dtype of a complex one (used when ``rfft``/``irfft`` are absent).

The callers (the shim's public functions) check dtypes and convert inputs; everything here
assumes floating inputs of the right kind and raises ``ValueError`` naming the public
function for bad ``n``/``s``/``axes``/``norm``.
"""

from __future__ import annotations

import math
import numbers
import operator
from typing import cast

from .checks import shown
from .sizes import check_count, check_shape
from .utils import doc_table, normalize_axis

NORMS = ("backward", "ortho", "forward")
_SWAP = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


# ---------------------------------------------------------------------------------------------
# argument checking


#: The standard's transforms: name -> True for the one-axis form (``n``, ``axis``), False for
#: the n-dimensional one (``s``, ``axes``).
ONE_AXIS = {"fft": True, "ifft": True, "fftn": False, "ifftn": False, "rfft": True,
            "irfft": True, "rfftn": False, "irfftn": False, "hfft": True, "ihfft": True}


def define_transform(fname: str, run, doc: str, module: str):
    """The shim's public transform ``fname`` with the standard's signature, calling
    ``run(x, size, where, norm)`` (``size``/``where`` are ``n``/``axis`` or ``s``/``axes``);
    ``module`` is the shim module it belongs to (``__module__``: TF's AutoGraph marking reads
    it)."""
    def one_axis(x, /, *, n=None, axis=-1, norm="backward"):
        return run(x, n, axis, norm)

    def many_axes(x, /, *, s=None, axes=None, norm="backward"):
        return run(x, s, axes, norm)

    transform = one_axis if ONE_AXIS[fname] else many_axes
    transform.__name__ = transform.__qualname__ = fname
    transform.__doc__ = doc
    transform.__module__ = module
    return transform


def check_norm(fname: str, norm) -> str:
    """``norm`` itself, or ValueError naming ``fname`` if it is not one of the three modes."""
    if norm not in NORMS:
        raise ValueError(f"{fname}: norm must be one of {NORMS}, got {norm!r}")
    return norm


def _check_n(fname: str, n, what: str = "n") -> int:
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"{fname}: {what} must be an integer, got {shown(n)}") from None
    if n < 1:
        raise ValueError(f"{fname}: invalid number of data points {what}={n}; must be >= 1")
    # A complex128 transform of n points must fit in memory that int64 can count.
    return check_count(fname, n, 16)


def check_sizes(fname: str, x, sizes, axes, limits=None) -> None:
    """The size rule (``sizes.check_shape``) on a transform's result: ``x``'s shape with each
    of ``axes`` of its length in ``sizes``, complex128 at most, within the framework's own
    ``limits`` (``check_shape``'s keywords: MLX's extents and Paddle's ``n`` are int32). Each
    length alone may fit where their product does not: Paddle 3.3.1 corrupts its heap on
    ``fftn(x, s=(2**31, 2**31))``. A shape unknown until run time (None, a TF graph) is the
    framework's to check."""
    shape = list(x.shape)
    if None in shape:
        return
    for n, a in zip(sizes, axes):
        shape[a] = n
    check_shape(fname, shape, 16, **(limits or {}))


def check_n_along(fname: str, x, axis: int, n, limits=None) -> int:
    """``n`` of a one-axis transform of ``x`` along ``axis``: ``_check_n``, then
    ``check_sizes``."""
    n = _check_n(fname, n)
    check_sizes(fname, x, (n,), (axis,), limits)
    return n


def _static_size(fname: str, x, axis: int) -> int:
    m = x.shape[axis]
    if m is None:
        raise ValueError(
            f"{fname}: the size of axis {axis} is unknown (dynamic shape); pass n/s explicitly"
        )
    return int(m)


def default_points(fname: str, x, axis: int, half: bool = False) -> int:
    """The length a transform along ``axis`` takes without ``n``: the axis' size (with
    ``half``, irfft's and hfft's ``2 * (size - 1)``), a ValueError naming ``fname`` where it is
    below 1, as NumPy's ("Invalid number of FFT data points (0)"; MLX's kernel said "[fftn]
    Invalid FFT output size requested (0)", naming no function; TF and JAX returned an empty
    array, JAX's rfft failed to lower)."""
    m = _static_size(fname, x, axis)
    n = 2 * (m - 1) if half else m
    if n < 1:
        raise ValueError(f"{fname}: invalid number of data points ({n}) from an axis of size "
                         f"{m}; pass n")
    return n


def normalize_s_axes(fname: str, x, s, axes, *, last_half: bool = False, limits=None):
    """Resolve ``s``/``axes`` as the standard's ``*fftn`` functions do.

    Returns ``(s, axes)`` as lists of non-negative ints (sizes of the *logical* transform).
    ``s[i] == -1`` means "the input's size". With ``last_half`` (irfftn), the default size of
    the last axis is ``2*(M-1)``.
    """
    ndim = x.ndim
    if axes is None:
        # The standard requires axes with s; NumPy's legacy (last len(s) axes) is kept for
        # convenience since it is unambiguous.
        axes = list(range(ndim - len(s), ndim)) if s is not None else list(range(ndim))
    else:
        if isinstance(axes, int):
            axes = [axes]
        axes = [normalize_axis(a, ndim, fname) for a in axes]
    if len(set(axes)) != len(axes):
        raise ValueError(f"{fname}: repeated axes are not supported, got {axes}")
    if s is None:
        s = [default_points(fname, x, a) for a in axes]
        if last_half and axes:
            s[-1] = 2 * (s[-1] - 1)
            if s[-1] < 1:
                raise ValueError(
                    f"{fname}: invalid number of data points ({s[-1]}) for the last axis; "
                    "pass s explicitly"
                )
    else:
        s = list(s)
        if len(s) != len(axes):
            raise ValueError(f"{fname}: s and axes must have the same length ({s}, {axes})")
        out = []
        for i, (given, a) in enumerate(zip(s, axes)):
            n = given
            if given == -1:
                m = _static_size(fname, x, a)
                n = 2 * (m - 1) if (last_half and i == len(s) - 1) else m
            out.append(_check_n(fname, n, "s"))
        s = out
        check_sizes(fname, x, s, axes, limits)
    return s, axes


# ---------------------------------------------------------------------------------------------
# plumbing


def scale(x, norm: str, n: int, inverse: bool):
    """Apply the normalisation ``norm`` for a transform of logical size ``n``.

    Forward transforms arrive unnormalised, inverse ones divided by ``n`` (see ``prim``).
    """
    if n <= 0:
        return x
    if inverse:
        f = {"backward": None, "ortho": math.sqrt(n), "forward": float(n)}[norm]
    else:
        f = {"backward": None, "ortho": 1.0 / math.sqrt(n), "forward": 1.0 / n}[norm]
    return x if f is None else x * f


def resize(xp, x, axis: int, n: int):
    """Zero-pad or truncate ``x`` along ``axis`` to length ``n`` (no copy when equal)."""
    m = x.shape[axis]
    if m == n:
        return x
    if m > n:
        idx = (slice(None),) * axis + (slice(0, n),)
        return x[idx]
    shape = list(x.shape)
    shape[axis] = n - m
    return xp.concat([x, xp.zeros(tuple(shape), dtype=x.dtype)], axis=axis)


def _to_end(xp, x, axes):
    """Move ``axes`` (in order) to the end; return the array and the inverse permutation."""
    nd = x.ndim
    rest = [i for i in range(nd) if i not in axes]
    perm = rest + list(axes)
    if perm == list(range(nd)):
        return x, None
    inv = [0] * nd
    for i, p in enumerate(perm):
        inv[p] = i
    return xp.permute_dims(x, tuple(perm)), tuple(inv)


def _back(xp, x, inv):
    return x if inv is None else xp.permute_dims(x, inv)


def _limits(prim):
    """The framework's own size limits for a transform (``prim.size_limits``: keywords of
    ``sizes.check_shape``), or None."""
    return getattr(prim, "size_limits", None)


def fft_last_k(xp, prim, x, k: int, inverse: bool):
    """The complex DFT over the last ``k`` axes, in chunks of ``prim.max_nd`` axes."""
    if k == 0:
        return x
    step = prim.max_nd
    if k <= step:
        return prim.fftnd(x, k, inverse)
    nd = x.ndim
    block = list(range(nd - k, nd))
    done = 0
    while done < k:
        c = min(step, k - done)
        x = prim.fftnd(x, c, inverse)
        done += c
        # Rotate the k-axis block right by c: processed axes go to its front. After the last
        # chunk the rotations add up to k, i.e. the original order.
        perm = list(range(nd - k)) + block[k - c:] + block[: k - c]
        x = xp.permute_dims(x, tuple(perm))
    return x


def _rfft_last(xp, prim, x, n: int):
    """Unnormalised real FFT over the last axis (already of length n)."""
    if getattr(prim, "rfft", None) is not None:
        return prim.rfft(x, n)
    xc = xp.astype(x, prim.complex_of(x.dtype))
    return prim.fftnd(xc, 1, False)[..., : n // 2 + 1]


def _irfft_last(xp, prim, x, n: int):
    """Inverse real FFT (divided by n) over the last axis; x already of length n//2+1."""
    if getattr(prim, "irfft", None) is not None:
        return prim.irfft(x, n)
    # Hermitian extension: X[n-k] = conj(X[k]) for k = 1 .. n - n//2 - 1. The imaginary parts
    # of X[0] (and of X[n/2] for even n) only add an imaginary term, which ``real`` drops,
    # so this equals NumPy's irfft.
    tail = x[..., 1 : n - n // 2]
    full = xp.concat([x, xp.conj(xp.flip(tail, axis=-1))], axis=-1)
    return xp.real(prim.fftnd(full, 1, True))


# ---------------------------------------------------------------------------------------------
# the standard's functions (minus dtype checks, which the binding does)


def c2c(xp, prim, x, *, n=None, axis=-1, norm="backward", inverse=False, fname="fft"):
    """``fft``/``ifft`` of a complex array: pad/truncate to ``n``, transform along ``axis``."""
    check_norm(fname, norm)
    ax = normalize_axis(axis, x.ndim, fname)
    n = default_points(fname, x, ax) if n is None else check_n_along(
        fname, x, ax, n, _limits(prim))
    x = resize(xp, x, ax, n)
    x, inv = _to_end(xp, x, [ax])
    y = prim.fftnd(x, 1, inverse)
    return scale(_back(xp, y, inv), norm, n, inverse)


def c2cn(xp, prim, x, *, s=None, axes=None, norm="backward", inverse=False, fname="fftn"):
    """``fftn``/``ifftn`` of a complex array over ``axes`` with sizes ``s``."""
    check_norm(fname, norm)
    s, axes = normalize_s_axes(fname, x, s, axes, limits=_limits(prim))
    for n, a in zip(s, axes):
        x = resize(xp, x, a, n)
    x, inv = _to_end(xp, x, axes)
    y = fft_last_k(xp, prim, x, len(axes), inverse)
    return scale(_back(xp, y, inv), norm, math.prod(s), inverse)


def rfft(xp, prim, x, *, n=None, axis=-1, norm="backward", fname="rfft"):
    """``rfft`` of a real floating array."""
    check_norm(fname, norm)
    ax = normalize_axis(axis, x.ndim, fname)
    n = default_points(fname, x, ax) if n is None else check_n_along(
        fname, x, ax, n, _limits(prim))
    x = resize(xp, x, ax, n)
    x, inv = _to_end(xp, x, [ax])
    y = _rfft_last(xp, prim, x, n)
    return scale(_back(xp, y, inv), norm, n, False)


def irfft(xp, prim, x, *, n=None, axis=-1, norm="backward", fname="irfft"):
    """``irfft`` of a complex array: output length ``n`` (default ``2*(M-1)``)."""
    check_norm(fname, norm)
    ax = normalize_axis(axis, x.ndim, fname)
    if n is None:
        n = default_points(fname, x, ax, half=True)
    else:
        n = check_n_along(fname, x, ax, n, _limits(prim))
    x = resize(xp, x, ax, n // 2 + 1)
    x, inv = _to_end(xp, x, [ax])
    y = _irfft_last(xp, prim, x, n)
    return scale(_back(xp, y, inv), norm, n, True)


def rfftn(xp, prim, x, *, s=None, axes=None, norm="backward", fname="rfftn"):
    """``rfftn``: a real FFT over the last of ``axes``, complex FFTs over the others."""
    check_norm(fname, norm)
    s, axes = normalize_s_axes(fname, x, s, axes, limits=_limits(prim))
    for n, a in zip(s, axes):
        x = resize(xp, x, a, n)
    x, inv = _to_end(xp, x, axes)
    y = _rfft_last(xp, prim, x, s[-1])
    # The other axes now sit just before the last one.
    k = len(axes) - 1
    if k:
        y, inv2 = _to_end(xp, y, list(range(y.ndim - 1 - k, y.ndim - 1)))
        y = fft_last_k(xp, prim, y, k, False)
        y = _back(xp, y, inv2)
    return scale(_back(xp, y, inv), norm, math.prod(s), False)


def irfftn(xp, prim, x, *, s=None, axes=None, norm="backward", fname="irfftn"):
    """``irfftn``: inverse complex FFTs over all but the last of ``axes``, then ``irfft``."""
    check_norm(fname, norm)
    s, axes = normalize_s_axes(fname, x, s, axes, last_half=True, limits=_limits(prim))
    for i, (n, a) in enumerate(zip(s, axes)):
        x = resize(xp, x, a, n // 2 + 1 if i == len(s) - 1 else n)
    x, inv = _to_end(xp, x, axes)
    k = len(axes) - 1
    if k:
        x, inv2 = _to_end(xp, x, list(range(x.ndim - 1 - k, x.ndim - 1)))
        x = fft_last_k(xp, prim, x, k, True)
        x = _back(xp, x, inv2)
    y = _irfft_last(xp, prim, x, s[-1])
    return scale(_back(xp, y, inv), norm, math.prod(s), True)


def hfft(xp, prim, x, *, n=None, axis=-1, norm="backward", fname="hfft"):
    """``hfft``: the FFT of a Hermitian-symmetric signal given by its first half (real out).

    ``hfft(x, n, norm) == irfft(conj(x), n, swap(norm))`` (NumPy's definition).
    """
    check_norm(fname, norm)
    return irfft(xp, prim, xp.conj(x), n=n, axis=axis, norm=_SWAP[norm], fname=fname)


def ihfft(xp, prim, x, *, n=None, axis=-1, norm="backward", fname="ihfft"):
    """``ihfft``: ``conj(rfft(x, n, swap(norm)))`` (NumPy's definition)."""
    check_norm(fname, norm)
    return xp.conj(rfft(xp, prim, x, n=n, axis=axis, norm=_SWAP[norm], fname=fname))


#: The kernel of each of the standard's transforms, in the order ``define_transforms``
#: returns them (fft and ifft share one, as do fftn and ifftn: ``inverse`` tells them apart).
KERNELS = {"fft": c2c, "ifft": c2c, "fftn": c2cn, "ifftn": c2cn, "rfft": rfft, "irfft": irfft,
           "rfftn": rfftn, "irfftn": irfftn, "hfft": hfft, "ihfft": ihfft}
#: The transforms of real floating input; the others take complex input (or real floating
#: input, which the shim casts to complex).
REAL_INPUT = frozenset(("rfft", "rfftn", "ihfft"))

_DOCS = """
fft: One-dimensional DFT along ``axis``; the axis is zero-padded/truncated to ``n``.
ifft: One-dimensional inverse DFT along ``axis`` (``norm='backward'`` divides by ``n``).
fftn: N-dimensional DFT over ``axes`` (default all) with sizes ``s``.
ifftn: N-dimensional inverse DFT over ``axes`` (default all) with sizes ``s``.
rfft: DFT of real input along ``axis``: ``n//2 + 1`` non-negative frequencies, complex.
irfft: Inverse of ``rfft``: real output of length ``n`` (default ``2*(M-1)``) along ``axis``.
rfftn: N-dimensional DFT of real input; the last of ``axes`` keeps ``s[-1]//2 + 1`` entries.
irfftn: Inverse of ``rfftn``: real output with sizes ``s`` (last default ``2*(M-1)``).
hfft: DFT of a Hermitian-symmetric signal given by its first half: real, length ``n``.
ihfft: Inverse of ``hfft`` for real input: ``n//2 + 1`` complex entries along ``axis``.
"""
#: The transforms' docstrings.
DOCS = doc_table(_DOCS)


def define_transforms(call, module: str) -> tuple:
    """The shim's ten public transforms, in ``KERNELS``' order (fft, ifft, fftn, ifftn, rfft,
    irfft, rfftn, irfftn, hfft, ihfft), with the standard's signatures and ``DOCS``; each
    calls ``call(fname, kernel, want, x, **kw)``: ``kernel`` from ``KERNELS``, ``want`` its
    input ("real" or "complex", see ``REAL_INPUT``), ``kw`` the kernel's keywords but
    ``fname`` (``n``/``axis`` or ``s``/``axes``, ``norm``, and ``inverse`` for c2c/c2cn).
    ``module`` as in ``define_transform``."""
    return tuple(_transform_calling(call, fname, module) for fname in KERNELS)


def _transform_calling(call, fname: str, module: str):
    kernel = KERNELS[fname]
    want = "real" if fname in REAL_INPUT else "complex"
    fixed = {"inverse": fname in ("ifft", "ifftn")} if kernel in (c2c, c2cn) else {}
    size, where = ("n", "axis") if ONE_AXIS[fname] else ("s", "axes")

    def run(x, size_value, where_value, norm):
        return call(fname, kernel, want, x, norm=norm, **{size: size_value, where: where_value},
                    **fixed)

    return define_transform(fname, run, DOCS[fname], module)


def _inverse_spacing(fname: str, n: int, d) -> float:
    """``1 / (d * n)`` as a Python float: TypeError unless ``d`` is a real number (an array
    there reached Paddle 3.3.1's kernels: RuntimeError), ValueError for a zero ``d`` (NumPy
    raises ZeroDivisionError, which no caller expects of a bad argument)."""
    if isinstance(d, bool) or not isinstance(d, numbers.Real):
        raise TypeError(f"{fname}: d must be a real number, got {type(d).__name__}")
    if not d:
        raise ValueError(f"{fname}: d (the sample spacing) must not be zero")
    return 1.0 / (n * cast(float, d))  # numbers.Real: its stubs type `/` as complex


def freq_args_check(fname: str):
    """``fftfreq``/``rfftfreq``'s argument check (``Rules.extra``) for the namespaces that run
    the framework's own: ``n`` >= 1 and ``d`` a nonzero real number, as the shims' (NumPy and
    array-api-strict raised ZeroDivisionError at ``n=0`` or ``d=0``, torch and jax returned
    ``[]``, or infinities and NaN)."""
    def check(args: tuple, kwargs: dict) -> None:
        _check_n(fname, args[0] if args else kwargs.get("n"))
        d = args[1] if len(args) > 1 else kwargs.get("d", 1.0)
        # (an array d, which these frameworks take, is theirs to read)
        if isinstance(d, numbers.Real) and not d:
            raise ValueError(f"{fname}: d (the sample spacing) must not be zero")
    return check


FREQ_CHECKS = {"fftfreq": freq_args_check("fftfreq"), "rfftfreq": freq_args_check("rfftfreq")}


def fftfreq(xp, n, *, d=1.0, dtype, device=None, fname="fftfreq", itemsize=8, **limits):
    """Sample frequencies ``[0, 1, ..., -(n//2), ..., -1] / (d*n)`` in ``dtype``.

    Computed as integers times ``1/(d*n)``, like NumPy, so values match it bit for bit.
    Needs ``xp.arange(start, stop, dtype=, device=)`` and ``xp.concat``. ``itemsize`` (the
    dtype's bytes) and ``limits`` (the framework's, see ``sizes.check_shape``) bound ``n``.
    """
    n = check_count(fname, _check_n(fname, n), itemsize, **limits)
    val = _inverse_spacing(fname, n, d)
    pos = xp.arange(0, (n - 1) // 2 + 1, dtype=dtype, device=device)
    neg = xp.arange(-(n // 2), 0, dtype=dtype, device=device)
    return xp.concat([pos, neg], axis=0) * val


def rfftfreq(xp, n, *, d=1.0, dtype, device=None, fname="rfftfreq", itemsize=8, **limits):
    """Sample frequencies ``[0, 1, ..., n//2] / (d*n)`` in ``dtype`` (NumPy's values); ``n``
    bounded as in ``fftfreq``."""
    n = _check_n(fname, n)
    check_count(fname, n // 2 + 1, itemsize, **limits)
    val = _inverse_spacing(fname, n, d)
    return xp.arange(0, n // 2 + 1, dtype=dtype, device=device) * val


def _shift(xp, x, axes, sign: int, fname: str):
    nd = x.ndim
    if axes is None:
        axes = list(range(nd))
    elif isinstance(axes, int) or hasattr(axes, "__index__"):
        axes = [axes]
    axes = [normalize_axis(a, nd, fname) for a in axes]
    if not axes:
        return x
    shifts = [sign * (_static_size(fname, x, a) // 2) for a in axes]
    return xp.roll(x, shift=tuple(shifts), axis=tuple(axes))


def fftshift(xp, x, *, axes=None, fname="fftshift"):
    """Roll each of ``axes`` (default all) by ``size//2`` (needs ``xp.roll`` with tuples)."""
    return _shift(xp, x, axes, 1, fname)


def ifftshift(xp, x, *, axes=None, fname="ifftshift"):
    """Roll each of ``axes`` (default all) by ``-(size//2)``: the inverse of ``fftshift``."""
    return _shift(xp, x, axes, -1, fname)


def define_shifts(namespace, check, module: str):
    """The shim's public ``fftshift`` and ``ifftshift``: ``check(x, fname)`` raises for an
    input the shim refuses (what it returns is not used: ``x`` itself is shifted),
    ``namespace()`` is the shim's namespace; ``module`` as in ``define_transform``."""
    def fftshift(x, /, *, axes=None):
        """Array API ``fft.fftshift``: roll each of ``axes`` (default all) by ``size//2``."""
        check(x, "fftshift")
        return _shift(namespace(), x, axes, 1, "fftshift")

    def ifftshift(x, /, *, axes=None):
        """Array API ``fft.ifftshift``: the inverse of ``fftshift``."""
        check(x, "ifftshift")
        return _shift(namespace(), x, axes, -1, "ifftshift")

    for f in (fftshift, ifftshift):
        f.__module__ = module
    return fftshift, ifftshift
