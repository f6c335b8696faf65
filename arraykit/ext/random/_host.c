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
 * On x86-64 with gcc or clang the four kernels are also written with AVX2 intrinsics
 * (below), picked at import where the CPU has AVX2 (the module's SIMD says which): 8 words
 * a vector and 8 vectors in flight, the same operations in the same order, no FMA, so the
 * same bits as the loops (checked for the normal over all 2**23 inputs it depends on, and
 * over 3000 keys and sizes per kernel). 40960 normals (AMD EPYC, gcc 12): 0.29 ms with the
 * auto-vectorised AVX2 loops, 0.15 ms with these; Threefry's bits 0.11 -> 0.05 ms. Where the
 * CPU also has AVX-512 (F and DQ) the normal runs the same operations on 16 words a vector
 * (fill_normal_avx512; checked as the AVX2 one): 40960 normals (Xeon with AVX512_SPR, gcc 12,
 * CPU time) 0.117 ms with the AVX2 kernel, 0.072 ms with it (torch.randn: ~0.10 ms).
 *
 *   stream(k0, k1, out)   out: writable uint32 buffer of 2n; y0 -> out[:n], y1 -> out[n:]
 *   bits(k0, k1, out)     out: writable uint32 buffer of n; y0 ^ y1
 *   unit(k0, k1, out)     out: writable float32 buffer of n; ((y0 ^ y1) >> 9) * 2**-23
 *   normal(k0, k1, out)   out: writable float32 buffer of n; standard normal samples
 * (each with an optional fourth argument, baseline: True runs the loops, not AVX2's)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

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

/* (k0, k1, out[, baseline]) with out a writable C-contiguous buffer; *n its size in items of
 * itemsize. */
static int
parse(PyObject *args, const char *name, uint32_t *k0, uint32_t *k1, Py_buffer *view,
      Py_ssize_t itemsize, Py_ssize_t multiple, Py_ssize_t *n, int *baseline)
{
    unsigned long long a, b;
    PyObject *out;
    if (!PyArg_ParseTuple(args, "KKO|p", &a, &b, &out, baseline)) {
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

/* The four kernels: fill buf (n draws) for key (k0, k1). */
typedef void (*fill_fn)(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n);

static void
fill_stream(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    uint32_t *out = (uint32_t *)buf;
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        threefry(k0, k1, (uint32_t)i, &out[i], &out[n + i]);
    }
}

static void
fill_bits(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    uint32_t *out = (uint32_t *)buf, y0, y1;
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        threefry(k0, k1, (uint32_t)i, &y0, &y1);
        out[i] = y0 ^ y1;
    }
}

static void
fill_unit(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    float *out = (float *)buf;
    uint32_t y0, y1;
    Py_ssize_t i;
    for (i = 0; i < n; i++) {
        threefry(k0, k1, (uint32_t)i, &y0, &y1);
        out[i] = (float)((y0 ^ y1) >> 9) * (1.0f / 8388608.0f); /* exact */
    }
}

static void
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

/* ---- The AVX2 kernels (x86-64, gcc or clang; -DHOST_AVX2=0 leaves them out): the same
 * operations as the loops above, in the same order and precisions, written with intrinsics so
 * that the independent chains of WAYS vectors are interleaved (the auto-vectorised loops run
 * one vector's chain at a time: Threefry's 20 rounds are ~60 cycles of latency, the sampler's
 * ~150). No FMA: every operation rounds as the scalar code's. Picked at import where the CPU
 * has AVX2 (__builtin_cpu_supports). */
#if !defined(HOST_AVX2) && defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define HOST_AVX2 1
#endif
#if HOST_AVX2
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#define LANES 8   /* 32-bit words in a vector */
#define WAYS 8    /* vectors of counters in flight per step (4: 5% slower, 2: 40%) */
#define STEP (LANES * WAYS)
#define INLINE __attribute__((always_inline)) static inline

AVX2 INLINE __m256i
rotl8(__m256i x, int r)
{
    if (r == 16) { /* byte rotations: one shuffle instead of two shifts and an or */
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9,
            14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
    }
    if (r == 24) {
        return _mm256_shuffle_epi8(x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8,
            13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
    }
    return _mm256_or_si256(_mm256_slli_epi32(x, r), _mm256_srli_epi32(x, 32 - r));
}

/* Threefry-2x32 of the counters base + 0 .. STEP-1 under (k0, k1) (ks0, ks1, ks2: the key
 * schedule, broadcast): out0[w], out1[w] get the two words of counters base + 8w + 0..7. */
#define ROUND(r)                                                                             \
    for (w = 0; w < WAYS; w++) {                                                             \
        x0[w] = _mm256_add_epi32(x0[w], x1[w]);                                              \
        x1[w] = _mm256_xor_si256(rotl8(x1[w], r), x0[w]);                                     \
    }
#define INJECT(a, b, c)                                                                      \
    for (w = 0; w < WAYS; w++) {                                                             \
        x0[w] = _mm256_add_epi32(x0[w], a);                                                  \
        x1[w] = _mm256_add_epi32(x1[w], _mm256_add_epi32(b, _mm256_set1_epi32(c)));         \
    }

AVX2 INLINE void
threefry_step(__m256i ks0, __m256i ks1, __m256i ks2, uint32_t base, __m256i *out0,
              __m256i *out1)
{
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i x0[WAYS], x1[WAYS];
    int w;
    for (w = 0; w < WAYS; w++) {
        x0[w] = ks0;
        x1[w] = _mm256_add_epi32(_mm256_add_epi32(_mm256_set1_epi32((int)(base + 8u * w)), iota),
                                 ks1);
    }
    ROUND(13) ROUND(15) ROUND(26) ROUND(6) INJECT(ks1, ks2, 1)
    ROUND(17) ROUND(29) ROUND(16) ROUND(24) INJECT(ks2, ks0, 2)
    ROUND(13) ROUND(15) ROUND(26) ROUND(6) INJECT(ks0, ks1, 3)
    ROUND(17) ROUND(29) ROUND(16) ROUND(24) INJECT(ks1, ks2, 4)
    ROUND(13) ROUND(15) ROUND(26) ROUND(6) INJECT(ks2, ks0, 5)
    for (w = 0; w < WAYS; w++) {
        out0[w] = x0[w];
        out1[w] = x1[w];
    }
}

#define KEYS                                                                                 \
    const __m256i ks0 = _mm256_set1_epi32((int)k0), ks1 = _mm256_set1_epi32((int)k1);       \
    const __m256i ks2 = _mm256_set1_epi32((int)(k0 ^ k1 ^ PARITY))

AVX2 static void
fill_bits_avx2(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    uint32_t *out = (uint32_t *)buf, tail[STEP];
    __m256i x0[WAYS], x1[WAYS];
    Py_ssize_t i;
    int w;
    KEYS;
    for (i = 0; i < n; i += STEP) {
        uint32_t *dst = n - i >= STEP ? out + i : tail;
        threefry_step(ks0, ks1, ks2, (uint32_t)i, x0, x1);
        for (w = 0; w < WAYS; w++) {
            _mm256_storeu_si256((__m256i *)(dst + LANES * w), _mm256_xor_si256(x0[w], x1[w]));
        }
        if (dst == tail) {
            memcpy(out + i, tail, (size_t)(n - i) * 4);
        }
    }
}

AVX2 static void
fill_stream_avx2(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    uint32_t *out = (uint32_t *)buf, tail[2][STEP];
    __m256i x0[WAYS], x1[WAYS];
    Py_ssize_t i;
    int w;
    KEYS;
    for (i = 0; i < n; i += STEP) {
        int full = n - i >= STEP;
        uint32_t *d0 = full ? out + i : tail[0], *d1 = full ? out + n + i : tail[1];
        threefry_step(ks0, ks1, ks2, (uint32_t)i, x0, x1);
        for (w = 0; w < WAYS; w++) {
            _mm256_storeu_si256((__m256i *)(d0 + LANES * w), x0[w]);
            _mm256_storeu_si256((__m256i *)(d1 + LANES * w), x1[w]);
        }
        if (!full) {
            memcpy(out + i, tail[0], (size_t)(n - i) * 4);
            memcpy(out + n + i, tail[1], (size_t)(n - i) * 4);
        }
    }
}

/* The normal sampler over a step of WAYS vectors of 8 words, operation by operation as
 * uniform_of_bits, log1p_of_float and normal_of_uniform, each stage across the step's
 * independent vectors in turn (one vector's chain of ~150 cycles would leave the core idle). */
#define HALVES (2 * WAYS) /* 4-double vectors per step */
#define EACH(j, count) for (j = 0; j < (count); j++)

AVX2 static void
fill_unit_avx2(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    float *out = (float *)buf, tail[STEP];
    __m256i x0[WAYS], x1[WAYS];
    Py_ssize_t i;
    int w;
    KEYS;
    for (i = 0; i < n; i += STEP) {
        float *dst = n - i >= STEP ? out + i : tail;
        threefry_step(ks0, ks1, ks2, (uint32_t)i, x0, x1);
        for (w = 0; w < WAYS; w++) {
            __m256i top = _mm256_srli_epi32(_mm256_xor_si256(x0[w], x1[w]), 9);
            _mm256_storeu_ps(dst + LANES * w, _mm256_mul_ps(_mm256_cvtepi32_ps(top),
                                                            _mm256_set1_ps(1.0f / 8388608.0f)));
        }
        if (dst == tail) {
            memcpy(out + i, tail, (size_t)(n - i) * 4);
        }
    }
}

/* log_of_positive of 4 vectors of 4 doubles. */
AVX2 INLINE void
log4x4(const __m256d *y, __m256d *r)
{
    const __m256i magic = _mm256_set1_epi64x(0x4330000000000000LL); /* 2**52 */
    __m256d e[4], m[4], s[4], s2[4], p[4];
    int j;
    EACH(j, 4) {
        const __m256i bits = _mm256_castpd_si256(y[j]);
        /* the biased exponent k as the double 2**52 + k, exactly: e = k - 1023 */
        __m256i k = _mm256_srli_epi64(bits, 52); /* y > 0: no sign bit */
        __m256d big;
        e[j] = _mm256_sub_pd(_mm256_castsi256_pd(_mm256_or_si256(k, magic)),
                             _mm256_set1_pd(4503599627370496.0 + 1023.0));
        m[j] = _mm256_castsi256_pd(_mm256_or_si256(
            _mm256_and_si256(bits, _mm256_set1_epi64x(0x000fffffffffffffLL)),
            _mm256_set1_epi64x(0x3ff0000000000000LL)));
        big = _mm256_cmp_pd(m[j], _mm256_set1_pd(1.4142135623730951), _CMP_GT_OQ);
        m[j] = _mm256_blendv_pd(m[j], _mm256_mul_pd(m[j], _mm256_set1_pd(0.5)), big);
        e[j] = _mm256_blendv_pd(e[j], _mm256_add_pd(e[j], _mm256_set1_pd(1.0)), big);
    }
    EACH(j, 4) {
        s[j] = _mm256_div_pd(_mm256_sub_pd(m[j], _mm256_set1_pd(1.0)),
                             _mm256_add_pd(m[j], _mm256_set1_pd(1.0)));
    }
    EACH(j, 4) {
        s2[j] = _mm256_mul_pd(s[j], s[j]);
        p[j] = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(2.0 / 13), s2[j]),
                             _mm256_set1_pd(2.0 / 11));
    }
#define HORNER(c) \
    EACH(j, 4) { p[j] = _mm256_add_pd(_mm256_mul_pd(p[j], s2[j]), _mm256_set1_pd(c)); }
    HORNER(2.0 / 9) HORNER(2.0 / 7) HORNER(2.0 / 5) HORNER(2.0 / 3) HORNER(2.0)
#undef HORNER
    EACH(j, 4) {
        r[j] = _mm256_add_pd(_mm256_mul_pd(e[j], _mm256_set1_pd(0.6931471805599453)),
                             _mm256_mul_pd(s[j], p[j]));
    }
}

/* log1p_of_float's series where |d| < 2**-20 (about one draw in 1000), in place. */
AVX2 __attribute__((noinline)) static void
log1p_series(__m256d d, __m256d tiny, __m256d *r)
{
    double lanes[4], dd[4];
    int j, mask = _mm256_movemask_pd(tiny);
    _mm256_storeu_pd(lanes, *r);
    _mm256_storeu_pd(dd, d);
    for (j = 0; j < 4; j++) {
        if (mask >> j & 1) {
            double x = dd[j];
            lanes[j] = x - 0.5 * x * x + x * x * x / 3.0;
        }
    }
    *r = _mm256_loadu_pd(lanes);
}

/* The erfinv polynomial of 4 vectors: every w < 5 (the coefficients need no select) or not. */
#define ERFINV_HORNER(coef)                                                                  \
    for (k = 1; k < 9; k++) {                                                                \
        EACH(j, WAYS) { p[j] = _mm256_add_ps(coef, _mm256_mul_ps(p[j], w[j])); }             \
    }

AVX2 INLINE void
normal_step(const __m256i *bits, float *dst)
{
    const float lo = -0.99999994f; /* as fill_normal's: span = 1.0f - lo rounds to 2 */
    const __m256 sign = _mm256_set1_ps(-0.0f);
    __m256d d[HALVES], r[HALVES];
    __m256 u[WAYS], w[WAYS], lt[WAYS], p[WAYS];
    int j, k, all_lt = 0xff;
    EACH(j, WAYS) {
        /* uniform_of_bits in float32: unit * 2 is exact, and unit * 2 + lo (a multiple of
         * 2**-24 below 1 in magnitude) is exact in float64, so the float64 sum rounded to
         * float32 is the float32 sum, rounded once from the same exact value */
        __m256 unit = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_srli_epi32(bits[j], 9)),
                                    _mm256_set1_ps(1.0f / 8388608.0f));
        __m256 v = _mm256_add_ps(_mm256_mul_ps(unit, _mm256_set1_ps(2.0f)),
                                 _mm256_set1_ps(lo));
        __m256 nsq;
        u[j] = _mm256_max_ps(_mm256_set1_ps(lo), v); /* u < lo ? lo : u */
        nsq = _mm256_xor_ps(_mm256_mul_ps(u[j], u[j]), sign); /* -(u * u) */
        d[2 * j] = _mm256_cvtps_pd(_mm256_castps256_ps128(nsq));
        d[2 * j + 1] = _mm256_cvtps_pd(_mm256_extractf128_ps(nsq, 1));
    }
    EACH(j, HALVES) { /* -log1p_of_float(-(u * u)) */
        r[j] = _mm256_add_pd(_mm256_set1_pd(1.0), d[j]);
    }
    for (j = 0; j < HALVES; j += 4) {
        log4x4(r + j, r + j);
    }
    EACH(j, HALVES) {
        __m256d tiny = _mm256_cmp_pd(_mm256_andnot_pd(_mm256_set1_pd(-0.0), d[j]),
                                     _mm256_set1_pd(0x1p-20), _CMP_LT_OQ);
        if (__builtin_expect(_mm256_movemask_pd(tiny) != 0, 0)) {
            log1p_series(d[j], tiny, &r[j]);
        }
    }
    EACH(j, WAYS) {
        w[j] = _mm256_xor_ps(_mm256_set_m128(_mm256_cvtpd_ps(r[2 * j + 1]),
                                             _mm256_cvtpd_ps(r[2 * j])), sign);
        lt[j] = _mm256_cmp_ps(w[j], _mm256_set1_ps(5.0f), _CMP_LT_OQ);
        all_lt &= _mm256_movemask_ps(lt[j]);
    }
    if (__builtin_expect(all_lt == 0xff, 1)) {
        EACH(j, WAYS) {
            w[j] = _mm256_sub_ps(w[j], _mm256_set1_ps(2.5f));
            p[j] = _mm256_set1_ps(ERFINV_LT5[0]);
        }
        ERFINV_HORNER(_mm256_set1_ps(ERFINV_LT5[k]))
    }
    else {
        EACH(j, WAYS) {
            w[j] = _mm256_blendv_ps(_mm256_sub_ps(_mm256_sqrt_ps(w[j]), _mm256_set1_ps(3.0f)),
                                    _mm256_sub_ps(w[j], _mm256_set1_ps(2.5f)), lt[j]);
            p[j] = _mm256_blendv_ps(_mm256_set1_ps(ERFINV_GE5[0]),
                                    _mm256_set1_ps(ERFINV_LT5[0]), lt[j]);
        }
        ERFINV_HORNER(_mm256_blendv_ps(_mm256_set1_ps(ERFINV_GE5[k]),
                                       _mm256_set1_ps(ERFINV_LT5[k]), lt[j]))
    }
    EACH(j, WAYS) {
        _mm256_storeu_ps(dst + LANES * j,
                         _mm256_mul_ps(_mm256_mul_ps(p[j], u[j]),
                                       _mm256_set1_ps((float)1.4142135623730951)));
    }
}

AVX2 static void
fill_normal_avx2(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    float *out = (float *)buf, tail[STEP];
    __m256i x0[WAYS], x1[WAYS];
    Py_ssize_t i;
    int w;
    KEYS;
    for (i = 0; i < n; i += STEP) {
        float *dst = n - i >= STEP ? out + i : tail;
        threefry_step(ks0, ks1, ks2, (uint32_t)i, x0, x1);
        for (w = 0; w < WAYS; w++) {
            x0[w] = _mm256_xor_si256(x0[w], x1[w]);
        }
        normal_step(x0, dst);
        if (dst == tail) {
            memcpy(out + i, tail, (size_t)(n - i) * 4);
        }
    }
}
#endif

/* ---- The AVX-512 normal (x86-64, gcc or clang, where the CPU has AVX-512 F and DQ): the AVX2
 * kernel's operations on 16 words a vector, in the same order and precisions (no FMA; masks
 * in place of blends), so the same bits as the loops; Threefry's rotations are one
 * instruction each (vprold). */
#if HOST_AVX2 && !defined(HOST_AVX512)
#define HOST_AVX512 1
#endif
#if HOST_AVX512
#define AVX512 __attribute__((target("avx512f,avx512dq")))
#define LANES16 16 /* 32-bit words in a vector */
#define WAYS16 8   /* vectors of counters in flight per step (4: 5-10% slower) */
#define HALVES16 (2 * WAYS16) /* 8-double vectors per step */

#define ROUND16(r)                                                                           \
    for (w = 0; w < WAYS16; w++) {                                                           \
        x0[w] = _mm512_add_epi32(x0[w], x1[w]);                                              \
        x1[w] = _mm512_xor_si512(_mm512_rol_epi32(x1[w], r), x0[w]);                         \
    }
#define INJECT16(a, b, c)                                                                    \
    for (w = 0; w < WAYS16; w++) {                                                           \
        x0[w] = _mm512_add_epi32(x0[w], a);                                                  \
        x1[w] = _mm512_add_epi32(x1[w], _mm512_add_epi32(b, _mm512_set1_epi32(c)));         \
    }

/* Threefry-2x32 of the counters base + 0 .. STEP-1: bits[w] gets y0 ^ y1 of counters
 * base + 16w + 0..15. */
AVX512 INLINE void
threefry_bits16(__m512i ks0, __m512i ks1, __m512i ks2, uint32_t base, __m512i *bits)
{
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14,
                                           15);
    __m512i x0[WAYS16], x1[WAYS16];
    int w;
    for (w = 0; w < WAYS16; w++) {
        x0[w] = ks0;
        x1[w] = _mm512_add_epi32(
            _mm512_add_epi32(_mm512_set1_epi32((int)(base + 16u * w)), iota), ks1);
    }
    ROUND16(13) ROUND16(15) ROUND16(26) ROUND16(6) INJECT16(ks1, ks2, 1)
    ROUND16(17) ROUND16(29) ROUND16(16) ROUND16(24) INJECT16(ks2, ks0, 2)
    ROUND16(13) ROUND16(15) ROUND16(26) ROUND16(6) INJECT16(ks0, ks1, 3)
    ROUND16(17) ROUND16(29) ROUND16(16) ROUND16(24) INJECT16(ks1, ks2, 4)
    ROUND16(13) ROUND16(15) ROUND16(26) ROUND16(6) INJECT16(ks2, ks0, 5)
    for (w = 0; w < WAYS16; w++) {
        bits[w] = _mm512_xor_si512(x0[w], x1[w]);
    }
}

/* log_of_positive of 4 vectors of 8 doubles (log4x4's operations). */
AVX512 INLINE void
log4x8(const __m512d *y, __m512d *r)
{
    const __m512i magic = _mm512_set1_epi64(0x4330000000000000LL); /* 2**52 */
    __m512d e[4], m[4], s[4], s2[4], p[4];
    int j;
    EACH(j, 4) {
        const __m512i bits = _mm512_castpd_si512(y[j]);
        __m512i k = _mm512_srli_epi64(bits, 52); /* y > 0: no sign bit */
        __mmask8 big;
        e[j] = _mm512_sub_pd(_mm512_castsi512_pd(_mm512_or_si512(k, magic)),
                             _mm512_set1_pd(4503599627370496.0 + 1023.0));
        m[j] = _mm512_castsi512_pd(_mm512_or_si512(
            _mm512_and_si512(bits, _mm512_set1_epi64(0x000fffffffffffffLL)),
            _mm512_set1_epi64(0x3ff0000000000000LL)));
        big = _mm512_cmp_pd_mask(m[j], _mm512_set1_pd(1.4142135623730951), _CMP_GT_OQ);
        m[j] = _mm512_mask_mul_pd(m[j], big, m[j], _mm512_set1_pd(0.5));
        e[j] = _mm512_mask_add_pd(e[j], big, e[j], _mm512_set1_pd(1.0));
    }
    EACH(j, 4) {
        s[j] = _mm512_div_pd(_mm512_sub_pd(m[j], _mm512_set1_pd(1.0)),
                             _mm512_add_pd(m[j], _mm512_set1_pd(1.0)));
    }
    EACH(j, 4) {
        s2[j] = _mm512_mul_pd(s[j], s[j]);
        p[j] = _mm512_add_pd(_mm512_mul_pd(_mm512_set1_pd(2.0 / 13), s2[j]),
                             _mm512_set1_pd(2.0 / 11));
    }
#define HORNER16(c) \
    EACH(j, 4) { p[j] = _mm512_add_pd(_mm512_mul_pd(p[j], s2[j]), _mm512_set1_pd(c)); }
    HORNER16(2.0 / 9) HORNER16(2.0 / 7) HORNER16(2.0 / 5) HORNER16(2.0 / 3) HORNER16(2.0)
#undef HORNER16
    EACH(j, 4) {
        r[j] = _mm512_add_pd(_mm512_mul_pd(e[j], _mm512_set1_pd(0.6931471805599453)),
                             _mm512_mul_pd(s[j], p[j]));
    }
}

/* log1p_series's lanes, 8 doubles. */
AVX512 __attribute__((noinline)) static void
log1p_series8(__m512d d, __mmask8 tiny, __m512d *r)
{
    double lanes[8], dd[8];
    int j;
    _mm512_storeu_pd(lanes, *r);
    _mm512_storeu_pd(dd, d);
    for (j = 0; j < 8; j++) {
        if (tiny >> j & 1) {
            double x = dd[j];
            lanes[j] = x - 0.5 * x * x + x * x * x / 3.0;
        }
    }
    *r = _mm512_loadu_pd(lanes);
}

#define ERFINV_HORNER16(coef)                                                                \
    for (k = 1; k < 9; k++) {                                                                \
        EACH(j, WAYS16) { p[j] = _mm512_add_ps(coef, _mm512_mul_ps(p[j], w[j])); }           \
    }

/* normal_step on 16-word vectors. */
AVX512 INLINE void
normal_step16(const __m512i *bits, float *dst)
{
    const float lo = -0.99999994f;
    const __m512 sign = _mm512_set1_ps(-0.0f);
    __m512d d[HALVES16], r[HALVES16];
    __m512 u[WAYS16], w[WAYS16], p[WAYS16];
    __mmask16 lt[WAYS16], all_lt = 0xffff;
    int j, k;
    EACH(j, WAYS16) {
        __m512 unit = _mm512_mul_ps(_mm512_cvtepi32_ps(_mm512_srli_epi32(bits[j], 9)),
                                    _mm512_set1_ps(1.0f / 8388608.0f));
        __m512 v = _mm512_add_ps(_mm512_mul_ps(unit, _mm512_set1_ps(2.0f)),
                                 _mm512_set1_ps(lo));
        __m512 nsq;
        u[j] = _mm512_max_ps(_mm512_set1_ps(lo), v);
        nsq = _mm512_xor_ps(_mm512_mul_ps(u[j], u[j]), sign);
        d[2 * j] = _mm512_cvtps_pd(_mm512_castps512_ps256(nsq));
        d[2 * j + 1] = _mm512_cvtps_pd(_mm512_extractf32x8_ps(nsq, 1));
    }
    EACH(j, HALVES16) {
        r[j] = _mm512_add_pd(_mm512_set1_pd(1.0), d[j]);
    }
    for (j = 0; j < HALVES16; j += 4) {
        log4x8(r + j, r + j);
    }
    EACH(j, HALVES16) {
        __mmask8 tiny = _mm512_cmp_pd_mask(_mm512_andnot_pd(_mm512_set1_pd(-0.0), d[j]),
                                           _mm512_set1_pd(0x1p-20), _CMP_LT_OQ);
        if (__builtin_expect(tiny != 0, 0)) {
            log1p_series8(d[j], tiny, &r[j]);
        }
    }
    EACH(j, WAYS16) {
        w[j] = _mm512_xor_ps(_mm512_insertf32x8(_mm512_castps256_ps512(
                                 _mm512_cvtpd_ps(r[2 * j])), _mm512_cvtpd_ps(r[2 * j + 1]), 1),
                             sign);
        lt[j] = _mm512_cmp_ps_mask(w[j], _mm512_set1_ps(5.0f), _CMP_LT_OQ);
        all_lt &= lt[j];
    }
    if (__builtin_expect(all_lt == 0xffff, 1)) {
        EACH(j, WAYS16) {
            w[j] = _mm512_sub_ps(w[j], _mm512_set1_ps(2.5f));
            p[j] = _mm512_set1_ps(ERFINV_LT5[0]);
        }
        ERFINV_HORNER16(_mm512_set1_ps(ERFINV_LT5[k]))
    }
    else {
        EACH(j, WAYS16) {
            w[j] = _mm512_mask_blend_ps(lt[j],
                                        _mm512_sub_ps(_mm512_sqrt_ps(w[j]), _mm512_set1_ps(3.0f)),
                                        _mm512_sub_ps(w[j], _mm512_set1_ps(2.5f)));
            p[j] = _mm512_mask_blend_ps(lt[j], _mm512_set1_ps(ERFINV_GE5[0]),
                                        _mm512_set1_ps(ERFINV_LT5[0]));
        }
        ERFINV_HORNER16(_mm512_mask_blend_ps(lt[j], _mm512_set1_ps(ERFINV_GE5[k]),
                                             _mm512_set1_ps(ERFINV_LT5[k])))
    }
    EACH(j, WAYS16) {
        _mm512_storeu_ps(dst + LANES16 * j,
                         _mm512_mul_ps(_mm512_mul_ps(p[j], u[j]),
                                       _mm512_set1_ps((float)1.4142135623730951)));
    }
}

AVX512 static void
fill_normal_avx512(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    float *out = (float *)buf, tail[LANES16 * WAYS16];
    __m512i bits[WAYS16];
    const __m512i ks0 = _mm512_set1_epi32((int)k0), ks1 = _mm512_set1_epi32((int)k1);
    const __m512i ks2 = _mm512_set1_epi32((int)(k0 ^ k1 ^ PARITY));
    Py_ssize_t i;
    for (i = 0; i < n; i += LANES16 * WAYS16) {
        float *dst = n - i >= LANES16 * WAYS16 ? out + i : tail;
        threefry_bits16(ks0, ks1, ks2, (uint32_t)i, bits);
        normal_step16(bits, dst);
        if (dst == tail) {
            memcpy(out + i, tail, (size_t)(n - i) * 4);
        }
    }
}

/* Below this many samples the AVX2 normal runs: the AVX-512 kernel's floating-point work
 * costs the code that runs after it ~1.8 us once (a 20 us scalar loop timed right after a
 * 40,960-sample draw: +1.8 us, after the AVX2 kernel's or torch.randn's +0.1-0.2), more than
 * it saves on a small draw (in a loop of draws alone, 512 samples: 1.18 against 1.86 us;
 * 4,096: 7.4 against 12.7; a 16-sample random.normal and three namespace calls: 4.7-4.8
 * against 4.2-4.4 us). */
#define AVX512_MIN_NORMALS 1024

static void
fill_normal_by_size(uint32_t k0, uint32_t k1, void *buf, Py_ssize_t n)
{
    if (n >= AVX512_MIN_NORMALS) {
        fill_normal_avx512(k0, k1, buf, n);
    } else {
        fill_normal_avx2(k0, k1, buf, n);
    }
}
#endif

/* The kernels in use: the loops above, or where the CPU has them the AVX2 ones (PyInit). */
static fill_fn fast_stream = fill_stream, fast_bits = fill_bits, fast_unit = fill_unit,
               fast_normal = fill_normal;

/* Parse (k0, k1, out[, baseline]), fill out without the GIL (the caller owns the buffer). */
static PyObject *
run(PyObject *args, const char *name, Py_ssize_t per_draw, fill_fn fast, fill_fn baseline_fill)
{
    uint32_t k0, k1;
    Py_buffer view;
    Py_ssize_t n;
    int baseline = 0;
    fill_fn fill;
    if (parse(args, name, &k0, &k1, &view, 4, per_draw, &n, &baseline) < 0) {
        return NULL;
    }
    fill = baseline ? baseline_fill : fast;
    Py_BEGIN_ALLOW_THREADS
    fill(k0, k1, view.buf, n);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

static PyObject *
stream(PyObject *self, PyObject *args)
{
    return run(args, "stream", 2, fast_stream, fill_stream);
}

static PyObject *
bits(PyObject *self, PyObject *args)
{
    return run(args, "bits", 1, fast_bits, fill_bits);
}

static PyObject *
unit(PyObject *self, PyObject *args)
{
    return run(args, "unit", 1, fast_unit, fill_unit);
}

static PyObject *
normal(PyObject *self, PyObject *args)
{
    return run(args, "normal", 1, fast_normal, fill_normal);
}

static PyMethodDef methods[] = {
    {"stream", stream, METH_VARARGS,
     "stream(k0, k1, out, baseline=False): Threefry-2x32 of the counters 0..n-1 under key\n"
     "(k0, k1) into the writable uint32 buffer out of 2n items: the first words, then the\n"
     "second words."},
    {"bits", bits, METH_VARARGS,
     "bits(k0, k1, out, baseline=False): the xor of the two Threefry words of the counters\n"
     "0..n-1 into the writable uint32 buffer out of n items (jax.random's 32-bit bits)."},
    {"unit", unit, METH_VARARGS,
     "unit(k0, k1, out, baseline=False): float32 in [0, 1) of the counters 0..n-1,\n"
     "((y0 ^ y1) >> 9) * 2**-23 (exact), into the writable float32 buffer out of n items."},
    {"normal", normal, METH_VARARGS,
     "normal(k0, k1, out, baseline=False): standard normal float32 samples,\n"
     "jax.random.normal's algorithm, into the writable float32 buffer out of n items.\n"
     "baseline=True (in each of the four): the portable C loops, not the AVX2 kernels\n"
     "(the same values; for tests)."},
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
    PyObject *mod = PyModule_Create(&module);
    const char *simd = "";
    if (mod == NULL) {
        return NULL;
    }
#if HOST_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) {
        fast_stream = fill_stream_avx2;
        fast_bits = fill_bits_avx2;
        fast_unit = fill_unit_avx2;
        fast_normal = fill_normal_avx2;
        simd = "avx2";
    }
#endif
#if HOST_AVX512
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq")) {
        fast_normal = fill_normal_by_size;
        simd = "avx512";
    }
#endif
    /* which kernels run: "avx512" (the AVX2 ones and, from AVX512_MIN_NORMALS samples, the
     * AVX-512 normal), "avx2", or "" for the loops above */
    if (PyModule_AddStringConstant(mod, "SIMD", simd) < 0) {
        Py_DECREF(mod);
        return NULL;
    }
    return mod;
}
