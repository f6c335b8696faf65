/* arraykit.ext.random._host: Threefry-2x32 and the float32 normal over host memory, for
 * eager CPU arrays (arraykit/ext/random/_common.py, Portable.host_key).
 *
 * The portable generator is ~115 elementwise framework calls per draw: on small eager CPU
 * arrays each is a kernel launch (torch 2.13: 1.6 ms for 40960 normals, torch.randn 0.2 ms).
 * Here the same computation is one loop in C over a buffer the caller owns (a NumPy array),
 * which the caller hands to its framework. The bits are the same as the portable code's
 * (jax.random's, jax_threefry_partitionable layout): Threefry of the counter (0, i) under the
 * key, i = 0 .. n-1. The normal follows Portable.normal operation by operation in the same
 * precisions; log1p (below, in float64) and sqrtf are this file's and the C library's, as
 * log1p and sqrt are each framework's own on the portable path (values agree to a few ulp,
 * not to the bit). Built with
 * -ffp-contract=off (a fused multiply-add would change the rounding of the polynomial) and
 * -fno-trapping-math and -fno-math-errno (no floating-point traps or errno are asked for; they
 * let the compiler vectorise the branch-free loops, sqrtf included; values are the same).
 * On x86-64 ELF the three fill loops are also compiled for AVX2 and picked at load time
 * (target_clones): 8 words a vector instead of SSE2's 4, 40960 normals 0.63 -> 0.30 ms
 * (gcc 12); no FMA is enabled, so every operation rounds as in the SSE2 build (the same
 * bits, checked over 2**24 draws per kernel).
 *
 *   stream(k0, k1, out)   out: writable uint32 buffer of 2n; y0 -> out[:n], y1 -> out[n:]
 *   bits(k0, k1, out)     out: writable uint32 buffer of n; y0 ^ y1
 *   normal(k0, k1, out)   out: writable float32 buffer of n; standard normal samples
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* The fill loops, twice on x86-64 ELF with gcc >= 6 or clang >= 14: for AVX2 and the baseline,
 * chosen once by the loader (an ifunc) from the CPU's features. */
#if !defined(VECTOR_CLONES) && defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
#endif
#endif
#ifndef VECTOR_CLONES /* (-DVECTOR_CLONES= builds the baseline alone) */
#define VECTOR_CLONES
#endif

static const int ROTATIONS[2][4] = {{13, 15, 26, 6}, {17, 29, 16, 24}};
#define PARITY 0x1BD11BDAu

/* Giles (2010) single-precision erfinv, XLA's ErfInv32 (as _common._ERFINV_LT5/_GE5). */
static const float ERFINV_LT5[9] = {
    2.81022636e-08f, 3.43273939e-07f, -3.5233877e-06f, -4.39150654e-06f, 0.00021858087f,
    -0.00125372503f, -0.00417768164f, 0.246640727f, 1.50140941f};
static const float ERFINV_GE5[9] = {
    -0.000200214257f, 0.000100950558f, 0.00134934322f, -0.00367342844f, 0.00573950773f,
    -0.0076224613f, 0.00943887047f, 1.00167406f, 2.83297682f};

static inline uint32_t
rotl(uint32_t x, int r)
{
    return (x << r) | (x >> (32 - r));
}

/* Threefry-2x32, 20 rounds, of the counter (0, i) under (k0, k1): _threefry.threefry2x32. */
static inline void
threefry(uint32_t k0, uint32_t k1, uint32_t i, uint32_t *y0, uint32_t *y1)
{
    const uint32_t ks[3] = {k0, k1, k0 ^ k1 ^ PARITY};
    uint32_t x0 = ks[0], x1 = i + ks[1];
    int block, j;
    for (block = 0; block < 5; block++) {
        for (j = 0; j < 4; j++) {
            x0 += x1;
            x1 = rotl(x1, ROTATIONS[block % 2][j]) ^ x0;
        }
        x0 += ks[(block + 1) % 3];
        x1 += ks[(block + 2) % 3] + (uint32_t)(block + 1);
    }
    *y0 = x0;
    *y1 = x1;
}

/* log(y) for a positive normal double, branch-free so that the compiler vectorises it: the
 * exponent and the mantissa m folded into [sqrt(1/2), sqrt(2)), then
 * log m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.172, by its series to s**13 (error
 * below 1e-12 relative, far under float32's half ulp). */
static inline double
log_of_positive(double y)
{
    union { double d; uint64_t u; } v;
    uint32_t hi;
    int32_t e;
    int big;
    double m, s, s2, p;
    v.d = y;
    hi = (uint32_t)(v.u >> 32);
    e = (int32_t)((hi >> 20) & 0x7ff) - 1023;
    v.u = ((uint64_t)((hi & 0x000fffffu) | 0x3ff00000u) << 32) | (v.u & 0xffffffffu);
    m = v.d;
    big = m > 1.4142135623730951;
    m = big ? m * 0.5 : m;
    e = big ? e + 1 : e;
    s = (m - 1.0) / (m + 1.0);
    s2 = s * s;
    p = 2.0 / 13;
    p = p * s2 + 2.0 / 11;
    p = p * s2 + 2.0 / 9;
    p = p * s2 + 2.0 / 7;
    p = p * s2 + 2.0 / 5;
    p = p * s2 + 2.0 / 3;
    p = p * s2 + 2.0;
    return (double)e * 0.6931471805599453 + s * p;
}

/* log1p of a float32 in (-1, 0], rounded once to float32: in float64, where 1 + x is exact
 * for |x| >= 2**-20 (x has 24 significant bits), and the series below that. (glibc 2.36's
 * log1pf takes ~14 ns a call; this, vectorised, ~4.) */
static inline float
log1p_of_float(float x)
{
    double d = (double)x;
    double series = d - 0.5 * d * d + d * d * d / 3.0;
    double big = log_of_positive(1.0 + d);
    return (float)(fabs(d) < 0x1p-20 ? series : big);
}

/* Portable.uniform's float32 u in [lo, 1) of one word: the product and sum in float64,
 * rounded once to float32, then max(lo, u). */
static inline float
uniform_of_bits(uint32_t bits, float lo, float span)
{
    float unit = (float)(bits >> 9) * (1.0f / 8388608.0f); /* * 2**-23, exact */
    float u = (float)((double)unit * (double)span + (double)lo);
    return u < lo ? lo : u;
}

/* sqrt(2) * erfinv(u) as Portable.normal, over a chunk: u holds the uniforms, w
 * -log1p(-u*u); branch-free, so the compiler vectorises it. */
#define CHUNK 256

static void
normal_of_uniform(const float *u, const float *w0, float *out, Py_ssize_t m)
{
    Py_ssize_t i;
    int k;
    for (i = 0; i < m; i++) {
        float w = w0[i], p;
        int lt = w < 5.0f;
        w = lt ? w - 2.5f : sqrtf(w) - 3.0f;
        p = lt ? ERFINV_LT5[0] : ERFINV_GE5[0];
        for (k = 1; k < 9; k++) {
            p = (lt ? ERFINV_LT5[k] : ERFINV_GE5[k]) + p * w;
        }
        out[i] = (p * u[i]) * (float)1.4142135623730951;
    }
}

/* (k0, k1, out) with out a writable C-contiguous buffer; *n its size in items of itemsize. */
static int
parse(PyObject *args, const char *name, uint32_t *k0, uint32_t *k1, Py_buffer *view,
      Py_ssize_t itemsize, Py_ssize_t multiple, Py_ssize_t *n)
{
    unsigned long long a, b;
    PyObject *out;
    if (!PyArg_ParseTuple(args, "KKO", &a, &b, &out)) {
        return -1;
    }
    if (a > 0xFFFFFFFFull || b > 0xFFFFFFFFull) {
        PyErr_Format(PyExc_OverflowError, "%s: key words must be in [0, 2**32)", name);
        return -1;
    }
    if (PyObject_GetBuffer(out, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    if (view->len % (itemsize * multiple) != 0) {
        PyErr_Format(PyExc_ValueError, "%s: out holds %zd bytes, not a multiple of %zd", name,
                     view->len, itemsize * multiple);
        PyBuffer_Release(view);
        return -1;
    }
    if (view->len / (itemsize * multiple) > (Py_ssize_t)0xFFFFFFFF) {
        PyErr_Format(PyExc_ValueError, "%s: at most 2**32 - 1 draws", name);
        PyBuffer_Release(view);
        return -1;
    }
    *k0 = (uint32_t)a;
    *k1 = (uint32_t)b;
    *n = view->len / (itemsize * multiple);
    return 0;
}

/* The three kernels: fill buf (n draws) for key (k0, k1). */
typedef void (*fill_fn)(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n);

VECTOR_CLONES static void
fill_stream(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    uint32_t *out = (uint32_t *)buf;
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        threefry(k0, k1, (uint32_t)i, &out[i], &out[n + i]);
    }
}

VECTOR_CLONES static void
fill_bits(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    uint32_t *out = (uint32_t *)buf, y0, y1;
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        threefry(k0, k1, (uint32_t)i, &y0, &y1);
        out[i] = y0 ^ y1;
    }
}

VECTOR_CLONES static void
fill_normal(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    float *out = (float *)buf;
    const float lo = -0.99999994f, span = 1.0f - lo; /* float32, as Portable.uniform */
    uint32_t y0, y1;
    Py_ssize_t i, start;
    for (start = 0; start < n; start += CHUNK) {
        float u[CHUNK], w[CHUNK];
        Py_ssize_t m = n - start < CHUNK ? n - start : CHUNK;
        for (i = 0; i < m; i++) {
            threefry(k0, k1, (uint32_t)(start + i), &y0, &y1);
            u[i] = uniform_of_bits(y0 ^ y1, lo, span);
        }
        for (i = 0; i < m; i++) { /* a loop of its own: vectorised */
            w[i] = -log1p_of_float(-(u[i] * u[i]));
        }
        normal_of_uniform(u, w, out + start, m);
    }
}

/* Parse (k0, k1, out), fill out without the GIL (the caller owns the buffer). */
static PyObject *
run(PyObject *args, const char *name, Py_ssize_t per_draw, fill_fn fill)
{
    uint32_t k0, k1;
    Py_buffer view;
    Py_ssize_t n;
    if (parse(args, name, &k0, &k1, &view, 4, per_draw, &n) < 0) {
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    fill(k0, k1, view.buf, n);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyObject *
stream(PyObject *self, PyObject *args)
{
    return run(args, "stream", 2, fill_stream);
}

static PyObject *
bits(PyObject *self, PyObject *args)
{
    return run(args, "bits", 1, fill_bits);
}

static PyObject *
normal(PyObject *self, PyObject *args)
{
    return run(args, "normal", 1, fill_normal);
}

static PyMethodDef methods[] = {
    {"stream", stream, METH_VARARGS,
     "stream(k0, k1, out): Threefry-2x32 of the counters 0..n-1 under key (k0, k1) into the\n"
     "writable uint32 buffer out of 2n items: the first words, then the second words."},
    {"bits", bits, METH_VARARGS,
     "bits(k0, k1, out): the xor of the two Threefry words of the counters 0..n-1 into the\n"
     "writable uint32 buffer out of n items (jax.random's 32-bit bits)."},
    {"normal", normal, METH_VARARGS,
     "normal(k0, k1, out): standard normal float32 samples, jax.random.normal's algorithm,\n"
     "into the writable float32 buffer out of n items."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "arraykit.ext.random._host",
    "Threefry-2x32 and the float32 normal over host buffers (see the C file's comment).", -1,
    methods,
};

PyMODINIT_FUNC
PyInit__host(void)
{
    return PyModule_Create(&module);
}
