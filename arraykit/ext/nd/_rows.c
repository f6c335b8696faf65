/* arraykit.ext.nd._rows: checked flat row numbers of host index columns, in one pass
 * (arraykit/ext/nd/_numpy.py and _torch.py, the in-range fast paths of gather_nd and
 * scatter_nd; torch's CPU tensors through their NumPy views, into int32 rows).
 *
 * The Python path reads the index columns twice: once for the range check (one max per
 * column, read as unsigned) and once to compute the flat rows f = (i_0 * d_1 + i_1) * d_2 + ...
 * in intp (an astype, then an in-place multiply and add per column). On the vision
 * benchmark that re-reads ~2 MB of indices a step. Here one loop reads each index once,
 * tests it against [0, d_k) (a negative entry read as unsigned is >= d_k) and writes f.
 *
 *   rows(out, dims, columns) -> bool
 *     out      writable C-contiguous buffer of n intp ('n', 'l' or 'q' of sizeof(Py_ssize_t)),
 *              or of n int32 ('i' of 4 bytes) where prod(d_k) <= 2**31 - 1 (else False): the
 *              flat rows a torch index_select or index_add reads, half the bytes of intp
 *     dims     tuple of K ints, 1 <= d_k, K >= 1
 *     columns  a tuple of K C-contiguous integer buffers of n entries each (the tuple form),
 *              or one C-contiguous integer buffer of n * K entries (stacked rows, last axis K)
 *   True: every entry lies in [0, d_k) and out holds the flat rows. False: some entry does
 *   not, n is 0, or a buffer is not of the kind above (another format, byte order, layout or
 *   size, an axis longer than the index type's unsigned read allows: int8 into 300);
 *   out's contents are then unspecified and the caller takes its Python path, which wraps
 *   negative indices or raises the pinned IndexError. No exception is raised for either.
 *   The flat rows cannot overflow: with every i_k < d_k, f < prod(d_k), the caller's rows.
 *
 * With gcc on x86-64 Linux each kernel is also compiled for AVX2 (target_clones: the loader
 * picks the AVX2 build where the CPU has it; the same C, so the same rows and verdicts).
 * 65536 int32 pairs into 256x256 (CPU time): NumPy's astype/multiply/add 65 us, the SSE2
 * loop 45 us, the AVX2 loop 31-33 us; 65536x3 stacked voxel rows 160 -> 114 (SSE2) -> 88.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

#define MAX_K 32

/* x86-64 with gcc: each kernel also built for AVX2, picked at load by the CPU (ifunc). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__)
#define CLONES __attribute__((target_clones("avx2", "default")))
#else
#define CLONES
#endif

/* The kernels, one per index type T: U is T's unsigned twin (a negative entry read as U is
 * >= 2**(bits-1) >= every d the kernel accepts, so one unsigned compare tests [0, d)), M the
 * multiplier type (32 bits for indices of up to 32 bits: the products are 32x32 -> 64-bit
 * multiplies, which SSE2 vectorises; 64 bits for 64-bit indices). LIMIT is the largest d
 * the kernel accepts (2**(bits-1) for signed T, the U max for unsigned T; a larger axis
 * answers False: the caller's Python path). p[k] points at column k's first entry; with
 * stacked rows consecutive entries of a column are K apart (S below), else adjacent.
 * For K = 3 the rows are v0 * (d1 * d2) + v1 * d2 + v2, the same number as the Horner form,
 * where d1 * d2 fits M (else the generic loop). */
#define LOOP2(U, M, S, OUT)                                                                            \
    for (i = 0; i < n; i++) {                                                               \
        U v0 = (U)c0[i * (S)], v1 = (U)c1[i * (S)];                                         \
        bad |= (M)(v0 >= d0) | (M)(v1 >= d1);                                               \
        f[i] = (OUT)((uint64_t)(M)v0 * m1 + (M)v1);                                         \
    }
#define LOOP3(U, M, S, OUT)                                                                            \
    for (i = 0; i < n; i++) {                                                               \
        U v0 = (U)c0[i * (S)], v1 = (U)c1[i * (S)], v2 = (U)c2[i * (S)];                    \
        bad |= (M)(v0 >= d0) | (M)(v1 >= d1) | (M)(v2 >= d2);                               \
        f[i] = (OUT)((uint64_t)(M)v0 * m12 + (uint64_t)(M)v1 * m2 + (M)v2);                \
    }

#define KERNEL(NAME, T, U, M, LIMIT, OUT)                                                   \
    CLONES static int NAME(void *restrict out, Py_ssize_t n, int K, const char *const *p,   \
                    int stacked, const uint64_t *d)                                         \
    {                                                                                       \
        OUT *restrict f = (OUT *)out;                                                       \
        M bad = 0;                                                                          \
        Py_ssize_t i;                                                                       \
        int k;                                                                              \
        const T *restrict c0 = (const T *)p[0];                                             \
        for (k = 0; k < K; k++) {                                                           \
            if (d[k] > (uint64_t)(LIMIT)) {                                                 \
                return 0;                                                                   \
            }                                                                               \
        }                                                                                   \
        if (K == 1) {                                                                       \
            const U d0 = (U)d[0];                                                           \
            for (i = 0; i < n; i++) {                                                       \
                U v0 = (U)c0[i];                                                            \
                bad |= (M)(v0 >= d0);                                                       \
                f[i] = (OUT)v0;                                                             \
            }                                                                               \
        }                                                                                   \
        else if (K == 2) {                                                                  \
            const T *restrict c1 = (const T *)p[1];                                         \
            const U d0 = (U)d[0], d1 = (U)d[1];                                             \
            const uint64_t m1 = (M)d[1];                                                    \
            if (stacked) {                                                                  \
                LOOP2(U, M, 2, OUT)                                                                  \
            }                                                                               \
            else {                                                                          \
                LOOP2(U, M, 1, OUT)                                                                  \
            }                                                                               \
        }                                                                                   \
        else if (K == 3 && d[1] * d[2] <= (uint64_t)(M)-1) {                                \
            const T *restrict c1 = (const T *)p[1], *restrict c2 = (const T *)p[2];         \
            const U d0 = (U)d[0], d1 = (U)d[1], d2 = (U)d[2];                               \
            const uint64_t m2 = (M)d[2], m12 = (M)(d[1] * d[2]);                            \
            if (stacked) {                                                                  \
                LOOP3(U, M, 3, OUT)                                                                  \
            }                                                                               \
            else {                                                                          \
                LOOP3(U, M, 1, OUT)                                                                  \
            }                                                                               \
        }                                                                                   \
        else {                                                                              \
            const Py_ssize_t s = stacked ? K : 1;                                           \
            for (i = 0; i < n; i++) {                                                       \
                uint64_t acc = 0;                                                           \
                for (k = 0; k < K; k++) {                                                   \
                    U v = (U)((const T *)p[k])[i * s];                                      \
                    bad |= (M)(v >= (U)d[k]);                                               \
                    acc = acc * d[k] + v;                                                   \
                }                                                                           \
                f[i] = (OUT)acc;                                                            \
            }                                                                               \
        }                                                                                   \
        return bad == 0;                                                                    \
    }

KERNEL(rows_i8, int8_t, uint8_t, uint32_t, 0x80, int64_t)
KERNEL(rows_i16, int16_t, uint16_t, uint32_t, 0x8000, int64_t)
KERNEL(rows_i32, int32_t, uint32_t, uint32_t, 0x80000000u, int64_t)
KERNEL(rows_i64, int64_t, uint64_t, uint64_t, 0x8000000000000000ull, int64_t)
KERNEL(rows_u8, uint8_t, uint8_t, uint32_t, 0xff, int64_t)
KERNEL(rows_u16, uint16_t, uint16_t, uint32_t, 0xffff, int64_t)
KERNEL(rows_u32, uint32_t, uint32_t, uint32_t, 0xffffffffu, int64_t)
KERNEL(rows_u64, uint64_t, uint64_t, uint64_t, 0xffffffffffffffffull, int64_t)
/* int32 rows, for int32 and int64 indices (torch's index tensors): every row is below
 * prod(d_k) <= 2**31 - 1, checked by the caller, so the narrowing keeps every value. */
KERNEL(rows32_i32, int32_t, uint32_t, uint32_t, 0x80000000u, int32_t)
KERNEL(rows32_i64, int64_t, uint64_t, uint64_t, 0x8000000000000000ull, int32_t)

typedef int (*kernel_t)(void *restrict, Py_ssize_t, int, const char *const *, int,
                        const uint64_t *);

/* The int32-rows twin of an intp-rows kernel (NULL: none, the caller answers False). */
static kernel_t
narrow(kernel_t kernel)
{
    if (kernel == rows_i32) {
        return rows32_i32;
    }
    if (kernel == rows_i64) {
        return rows32_i64;
    }
    return NULL;
}

/* The kernel for a buffer's struct format: one native integer code, optionally after '@'
 * (native order and size: what NumPy exports for its native-order integer dtypes). */
static kernel_t
kernel_of(const Py_buffer *view)
{
    const char *fmt = view->format;
    if (fmt == NULL) {
        return NULL;
    }
    if (fmt[0] == '@') {
        fmt++;
    }
    if (fmt[0] == '\0' || fmt[1] != '\0') {
        return NULL;
    }
    switch (fmt[0]) {
    case 'b': return view->itemsize == 1 ? rows_i8 : NULL;
    case 'B': return view->itemsize == 1 ? rows_u8 : NULL;
    case 'h': case 'i': case 'l': case 'q': case 'n':
        switch (view->itemsize) {
        case 2: return rows_i16;
        case 4: return rows_i32;
        case 8: return rows_i64;
        default: return NULL;
        }
    case 'H': case 'I': case 'L': case 'Q': case 'N':
        switch (view->itemsize) {
        case 2: return rows_u16;
        case 4: return rows_u32;
        case 8: return rows_u64;
        default: return NULL;
        }
    default:
        return NULL;
    }
}

static PyObject *
rows(PyObject *self, PyObject *args)
{
    PyObject *out, *dims, *columns;
    Py_buffer fv, cv[MAX_K];
    int held = 0, ok = 0, K, k;
    uint64_t d[MAX_K];
    const char *p[MAX_K];
    Py_ssize_t n;
    int stacked = 0, out32 = 0;
    kernel_t kernel = NULL;
    (void)self;

    if (!PyArg_ParseTuple(args, "OO!O", &out, &PyTuple_Type, &dims, &columns)) {
        return NULL;
    }
    K = (int)PyTuple_GET_SIZE(dims);
    if (K < 1 || K > MAX_K) {
        Py_RETURN_FALSE;
    }
    for (k = 0; k < K; k++) {
        PyObject *dk = PyTuple_GET_ITEM(dims, k);
        long long v = PyLong_Check(dk) ? PyLong_AsLongLong(dk) : -1;
        if (v < 1) {
            PyErr_Clear();
            Py_RETURN_FALSE;
        }
        d[k] = (uint64_t)v;
    }
    if (PyObject_GetBuffer(out, &fv, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_ND) < 0) {
        PyErr_Clear();
        Py_RETURN_FALSE;
    }
    n = fv.len / (fv.itemsize > 0 ? fv.itemsize : 1);
    if (n == 0 || sizeof(Py_ssize_t) != 8) {
        goto done;
    }
    if (fv.itemsize == 4) {  /* int32 rows: only where every row number fits */
        uint64_t rows_total = 1;
        if (kernel_of(&fv) != rows_i32) {
            goto done;
        }
        for (k = 0; k < K; k++) {
            if (d[k] > 0x7fffffffull || (rows_total *= d[k]) > 0x7fffffffull) {
                goto done;
            }
        }
        out32 = 1;
    }
    else if (fv.itemsize != 8 || kernel_of(&fv) == NULL || kernel_of(&fv) == rows_u64) {
        goto done;
    }
    if (PyTuple_Check(columns)) {
        if (PyTuple_GET_SIZE(columns) != K) {
            goto done;
        }
        for (k = 0; k < K; k++) {
            kernel_t kk;
            if (PyObject_GetBuffer(PyTuple_GET_ITEM(columns, k), &cv[k],
                                   PyBUF_FORMAT | PyBUF_ND) < 0) {
                PyErr_Clear();
                goto done;
            }
            held++;
            kk = kernel_of(&cv[k]);
            if (kk == NULL || (k && kk != kernel) || cv[k].len != n * cv[k].itemsize) {
                goto done;
            }
            kernel = kk;
            p[k] = (const char *)cv[k].buf;
        }
    }
    else {
        if (PyObject_GetBuffer(columns, &cv[0], PyBUF_FORMAT | PyBUF_ND) < 0) {
            PyErr_Clear();
            goto done;
        }
        held = 1;
        kernel = kernel_of(&cv[0]);
        if (kernel == NULL || cv[0].len != n * K * cv[0].itemsize) {
            goto done;
        }
        for (k = 0; k < K; k++) {
            p[k] = (const char *)cv[0].buf + k * cv[0].itemsize;
        }
        stacked = 1;
    }
    if (out32 && (kernel = narrow(kernel)) == NULL) {
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    ok = kernel(fv.buf, n, K, p, stacked, d);
    Py_END_ALLOW_THREADS
done:
    for (k = 0; k < held; k++) {
        PyBuffer_Release(&cv[k]);
    }
    PyBuffer_Release(&fv);
    return PyBool_FromLong(ok);
}

static PyMethodDef methods[] = {
    {"rows", rows, METH_VARARGS,
     "rows(out, dims, columns) -> bool: the flat row numbers of index columns (a tuple of K "
     "buffers, or one buffer of stacked rows) into out (intp, or int32 where every row fits), "
     "True where every entry lies in [0, d_k); False otherwise (out unspecified)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "arraykit.ext.nd._rows",
    "Checked flat row numbers of host index columns in one pass (see _rows.c).", -1, methods,
};

PyMODINIT_FUNC
PyInit__rows(void)
{
    return PyModule_Create(&module);
}
