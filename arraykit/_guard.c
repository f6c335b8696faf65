/* arraykit._guard: the C path of arraykit/shims/_common/errors.py, the success path of its
 * error wrappers without a Python frame.
 *
 * A Python wrapper costs one frame per call (0.1-0.5 us), as much as a NumPy ufunc on a small
 * array takes; the overhead study saw it (numpy control +9.9%). A Guard does the same work in C:
 * the fast test of errors.py's _FastTest (the exact types of the leading positional arguments,
 * no dtype given as a string), then the framework's function by vectorcall. Anything else takes
 * the Python path it was built with:
 *   - arguments the fast test does not accept -> slow(*args, **kwargs) (the Python path: the
 *     full checks, the call, the translation). The test: ok[i] (a tuple of exact types, or
 *     None: not tested) for the argument at position i, where the argument at position seq
 *     is a non-empty list or tuple whose items are of ok[seq]'s types (concat, stack); each
 *     (a tuple of types): every positional argument of them (broadcast_arrays); no str at
 *     dtype_pos or in dtype= (with dtype_kw). With refuse_pos, also an argument there whose
 *     dtype is one of refuse (take's bool indices, which NumPy would read as 0 and 1: one
 *     attribute read, on take only), or, with allow_only, whose dtype is none of refuse
 *     (linalg.inv's integer input, which NumPy and jax would promote to float64: refuse lists
 *     the floating dtypes); with same_dtype, the first two arguments' dtype objects must be
 *     one object (torch's matmul, which does not promote), and with same_dtype_from_ndim=k
 *     only where the second argument's rank is at least k (torch.matmul refuses two dtypes
 *     itself where x2's rank is <= 2: mm, mv and dot check them; only its batched path,
 *     an x2 of rank >= 3, returns x2's dtype where an operand is empty: one rank read where
 *     two dtype reads were); with min_ndim, the arguments at
 *     the positions ok tests must have ndim >= min_ndim (torch's binary functions, whose
 *     promotion differs from the standard's only for 0-d tensors; matrix_transpose's .mT)
 *     and, with max_ndim >= 0, ndim <= max_ndim (array-api-compat's cumulative_sum, which
 *     refuses axis=None above 1-D where torch.cumsum(x, 0) would not); with
 *     rank_from="shape", the rank those read is len(x.shape) (Paddle, whose ndim is a
 *     Python property and shape a C getter), with rank_from="strides" len(x.strides)
 *     (Paddle's strides, a C getter building a list, ~40% cheaper a read than its
 *     shape's paddle.Size; a sparse tensor's is empty, so it takes slow); with dtype_from="aval", the dtype those
 *     tests read (refuse_pos, same_dtype) is x.aval.dtype (jax, whose Array.dtype is a Python
 *     property returning self.aval.dtype, and aval a C++ one);
 *     with exact, the call must have len(ok) positional arguments and no keywords (a
 *     framework function called for a wrapper of a narrower signature: np.std for
 *     array-api-compat's std(x, /, *, axis, correction, keepdims)), except, with kw, the
 *     first k names of kw (a tuple of (name, tuple of exact types) pairs) in that order,
 *     each value of one of its types (torch.sum(x, axis=0, keepdims=True): torch reads
 *     NumPy's names; keepdims alone, or the names in another order, is slow's);
 *   - with int_ranges (a dict: dtype object -> (lo, hi) Python ints), a Python int at a
 *     tested position outside the range of the dtype of a tested argument beside it ->
 *     slow(*args, **kwargs), whose check raises the standard's OverflowError (jax converts
 *     such an int to the array's dtype with a wrap: add(int8 [100], 300) gave [-112]); one
 *     type comparison per tested position on a call without an int, one dtype read and one
 *     look-up on a call with one;
 *   - with result_check (a method name), a result whose result_check() is false ->
 *     slow(*args, **kwargs), the result dropped (Paddle's matmul and inverse kernels return
 *     an empty result for some input NumPy refuses: _holder_size() is 0 only for those);
 *     an exception from the check propagates, as from the Python path's test;
 *   - with fallback, an Exception raised by the function -> slow(*args, **kwargs) instead of
 *     on_error: a test that only rare input fails moves onto the path only that input takes,
 *     where the function itself refuses that input (torch.matmul raises for two dtypes, where
 *     array-api-compat promotes: no dtype read on the success path, two of ~0.05 us each);
 *   - an Exception raised by the function    -> on_error(exc, args, kwargs), which raises the
 *     standard one (the call's arguments, a tuple and a dict, are built on this path only:
 *     the class is read from them).
 * errors.py takes its Python path alone where this module is not built (it is optional).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>

/* The C getter of a getset descriptor (ndarray.ndim, torch.Tensor.dtype), or a property or
 * member descriptor (jax's Array.aval, its aval's dtype slot), for one exact type, valid
 * while the type's version tag is the one it was found under (CPython gives a type a new tag
 * whenever it or a base class changes, and never reuses one). */
struct getter_cache {
    PyTypeObject *type;   /* not owned: compared by identity only, with the tag */
    unsigned int tag;
    getter get;           /* a getset's getter, or NULL: descr's tp_descr_get */
    void *closure;
    PyObject *descr;      /* not owned: the type's dict holds it while the tag is unchanged */
};

/* The positions whose front type is kept in the Guard itself, beside the function: every
 * Guard arraykit builds tests at most three (where's). */
#define GUARD_NFIRST 3

/* Guard.tests: the tests beyond the types of the inline positions (and the keywords, which
 * keywords_ok reads where a call names any); 0 for most Guards, one branch. */
enum {
    TEST_MORE = 1 << 0,       /* positions past GUARD_NFIRST are tested */
    TEST_SEQ = 1 << 1,        /* seq: a non-empty list/tuple of its types */
    TEST_EACH = 1 << 2,       /* each: every positional argument */
    TEST_DTYPE_POS = 1 << 3,  /* no str at dtype_pos */
    TEST_REFUSE = 1 << 4,     /* the dtype at refuse_pos (in refuse, or with allow_only not) */
    TEST_SAME = 1 << 5,       /* same_dtype */
    TEST_RANK = 1 << 6,       /* min_ndim/max_ndim */
    TEST_NEVER = 1 << 7,      /* a tested position accepts no type: always slow */
    TEST_INTS = 1 << 8,       /* int_ranges: a Python int within its neighbours' dtype */
};

/* The sets a call is tested against (the types of a position, of each, the dtypes of
 * refuse), compared by identity, each a range of Guard.table: table[start[k]:start[k + 1]]
 * holds set k's members but the one in front, which is first[k] for an inline position
 * (k < GUARD_NFIRST, not seq) and table[start[k]] itself for the others. A member found
 * past the front trades places with it: a position is mostly given one type (NumPy's
 * operands accept ten, the ndarray among them, in a frozenset's order), which is then the
 * one comparison. The sets themselves never change, so neither does any outcome. Sets:
 * k < nchecked, the positions; EACH_SET(self) (nchecked), each; REFUSE_SET (nchecked + 1),
 * refuse. A position that is not tested (None in ok) has an empty range and a NULL front;
 * past GUARD_NFIRST it holds one NULL slot, its front. */
#define EACH_SET(self) ((self)->nchecked)
#define REFUSE_SET(self) ((self)->nchecked + 1)

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    /* What the accepted call reads, together (one or two cache lines): */
    PyObject *func;       /* the framework's function */
    int nmin;             /* nchecked: the fewest positional arguments from C */
    unsigned int nspan;   /* the most, less nmin: 0 with exact, else INT_MAX */
    unsigned short tests; /* TEST_* bits */
    unsigned char nfirst; /* min(nchecked, GUARD_NFIRST): the positions first[] tests */
    unsigned char keywords; /* exact or dtype_kw: a call's keywords are read */
    PyObject *first[GUARD_NFIRST]; /* at position i: the type compared first (not owned: ok
                                    * holds it); NULL: not tested there */
    /* The rarer tests, in the order they are read (the rank first: torch's binary
     * functions test it on every call): */
    long min_ndim;        /* args[i].ndim >= min_ndim for i < nchecked, or slow */
    long max_ndim;        /* args[i].ndim <= max_ndim for i < nchecked (-1: any), or slow */
    long same_from_ndim;  /* same_dtype compared only where args[1]'s rank >= this (0: always) */
    PyObject *rank_name;  /* the attribute min_ndim/max_ndim read: "ndim" (an int) or, with
                           * rank_from="shape" or "strides", that one (its length) */
    struct getter_cache ndim_get;  /* see read_attr */
    Py_ssize_t nchecked;  /* len(ok): how many leading positions are tested */
    PyObject **table;     /* PyMem: the sets' other members (not owned: ok, each and refuse
                           * hold them) */
    Py_ssize_t *start;    /* PyMem: nchecked + 3 offsets into table */
    Py_ssize_t seq;       /* the position holding a non-empty list/tuple of ok[seq]'s types */
    Py_ssize_t dtype_pos; /* a position whose argument must not be a str; -1: none */
    Py_ssize_t refuse_pos; /* a position whose argument's dtype must not be in refuse; -1 */
    int allow_only;       /* refuse lists the only dtypes called from C (the others: slow) */
    int dtype_kw;         /* whether a dtype= keyword must not be a str */
    int exact;            /* nargs == nchecked and no keywords (but kw's), or slow */
    int fallback;         /* an Exception from func: slow(*args, **kwargs), not on_error */
    PyObject *dtype_via;  /* NULL: the dtype tests read x.dtype; with dtype_from="aval",
                           * "aval": they read x.aval.dtype */
    struct getter_cache dtype_get, via_get;  /* see read_attr */
    PyObject *kw_names;   /* with exact: tuple of the keywords a call may name, a prefix of it
                           * in order; NULL: none */
    PyObject *kw_types;   /* tuple: at position j, a tuple of exact types for kw_names[j] */
    PyObject *result_check; /* NULL, or the name of a method of the result: false -> slow */
    struct getter_cache check_get; /* its method descriptor, found once per type and tag */
    /* Held only (the call reads table and first): */
    PyObject *slow;       /* callable(*args, **kwargs): full checks, call, translation */
    PyObject *on_error;   /* callable(exc, args, kwargs): raises the standard exception */
    PyObject *ok;         /* tuple: at position i, a tuple of exact types accepted, or None */
    PyObject *each;       /* tuple of exact types of every positional argument, or NULL */
    PyObject *refuse;     /* tuple of dtype objects sent to slow (take's bool indices) */
    PyObject *int_ranges; /* dict: dtype object -> (lo, hi), or NULL (see TEST_INTS) */
    PyObject *dict;
    PyObject *weakreflist; /* jax.jit and functools caches keep weak references */
} Guard;

static PyObject *dtype_name; /* interned "dtype" */
static PyObject *ndim_name;  /* interned "ndim" */

/* descr.__get__(o, t), descr held for the call (a property's getter may change t). */
static PyObject *
descr_get(PyObject *descr, PyObject *o, PyTypeObject *t)
{
    PyObject *r;
    Py_INCREF(descr);
    r = Py_TYPE(descr)->tp_descr_get(descr, o, (PyObject *)t);
    Py_DECREF(descr);
    return r;
}

/* o.name, as PyObject_GetAttr gives it. Where type(o) looks attributes up generically and
 * name is a getset descriptor of its class (ndim and dtype of an ndarray or a torch tensor),
 * the descriptor's C getter is called directly, found once per type and version tag: the
 * generic look-up (type cache, descriptor test, dispatch) is ~100 instructions of a torch
 * dtype read's ~250. Likewise a property's or a slot's __get__ (jax's Array.aval, a
 * ShapedArray's dtype), called without the look-up. A data descriptor wins over the instance
 * dict, so the value is the same. */
static PyObject *
read_attr(PyObject *o, PyObject *name, struct getter_cache *cache)
{
    PyTypeObject *t = Py_TYPE(o);
    PyObject *descr;
    if (t == cache->type && t->tp_version_tag == cache->tag
            && PyType_HasFeature(t, Py_TPFLAGS_VALID_VERSION_TAG)) {
        return cache->get != NULL ? cache->get(o, cache->closure)
                                  : descr_get(cache->descr, o, t);
    }
    if (t->tp_getattro == PyObject_GenericGetAttr) {
        descr = _PyType_Lookup(t, name);  /* borrowed; assigns a version tag */
        if (descr != NULL && Py_IS_TYPE(descr, &PyGetSetDescr_Type)
                && ((PyGetSetDescrObject *)descr)->d_getset->get != NULL
                && PyType_HasFeature(t, Py_TPFLAGS_VALID_VERSION_TAG)) {
            cache->type = t;
            cache->tag = t->tp_version_tag;
            cache->get = ((PyGetSetDescrObject *)descr)->d_getset->get;
            cache->closure = ((PyGetSetDescrObject *)descr)->d_getset->closure;
            return cache->get(o, cache->closure);
        }
        /* A property or a slot: data descriptors, so (as for a getset) the generic look-up
         * calls their __get__ whatever the instance dict holds. */
        if (descr != NULL && (Py_IS_TYPE(descr, &PyProperty_Type)
                              || Py_IS_TYPE(descr, &PyMemberDescr_Type))
                && PyType_HasFeature(t, Py_TPFLAGS_VALID_VERSION_TAG)) {
            cache->type = t;
            cache->tag = t->tp_version_tag;
            cache->get = NULL;
            cache->descr = descr;
            return descr_get(descr, o, t);
        }
    }
    return PyObject_GetAttr(o, name);
}

/* Whether min <= rank and (max < 0 or rank <= max), the rank being o.ndim (an int) or the
 * length of o.shape or o.strides (a list or tuple) as name says; 0 (an error cleared) where o has no
 * such attribute. Paddle's ndim is a Python property (len(self.shape)) and its shape a C
 * getter, so reading the shape skips a Python frame (~2 us of a ~3 us sum). */
static int
has_ndim(PyObject *o, PyObject *name, long min, long max, struct getter_cache *cache)
{
    PyObject *nd = read_attr(o, name, cache);
    long n;
    if (nd == NULL) {
        PyErr_Clear();
        return 0;
    }
    if (name == ndim_name) {  /* both interned */
        n = PyLong_Check(nd) ? PyLong_AsLong(nd) : -1;
    }
    else {
        n = PyList_Check(nd) ? (long)PyList_GET_SIZE(nd)
            : PyTuple_Check(nd) ? (long)PyTuple_GET_SIZE(nd) : -1;
    }
    Py_DECREF(nd);
    if (n == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    return n >= min && (max < 0 || n <= max);
}

/* o.dtype, or with self->dtype_via (dtype_from="aval") o.aval.dtype: jax's Array.dtype is
 * a Python property (a frame: ~0.1 us) returning self.aval.dtype, the same object. */
static PyObject *
read_dtype(Guard *self, PyObject *o)
{
    PyObject *via, *dt;
    if (self->dtype_via == NULL) {
        return read_attr(o, dtype_name, &self->dtype_get);
    }
    via = read_attr(o, self->dtype_via, &self->via_get);
    if (via == NULL) {
        return NULL;
    }
    dt = read_attr(via, dtype_name, &self->dtype_get);
    Py_DECREF(via);
    return dt;
}

/* Whether b (the second argument) is exempt from same_dtype: with same_dtype_from_ndim, a rank
 * read below it; 0 (the dtypes are compared) without that option or where the rank cannot be
 * read. */
static int
same_dtype_exempt(Guard *self, PyObject *b)
{
    return self->same_from_ndim > 0
        && has_ndim(b, self->rank_name, 0, self->same_from_ndim - 1, &self->ndim_get);
}

/* Whether a.dtype and b.dtype are one object; 0 (an error cleared) where either has none. */
static int
same_dtype(Guard *self, PyObject *a, PyObject *b)
{
    PyObject *da = read_dtype(self, a), *db;
    int same;
    if (da == NULL) {
        PyErr_Clear();
        return 0;
    }
    db = read_dtype(self, b);
    if (db == NULL) {
        PyErr_Clear();
        Py_DECREF(da);
        return 0;
    }
    same = da == db;
    Py_DECREF(da);
    Py_DECREF(db);
    return same;
}

/* Whether type t is one of tuple's items (kw's types; by identity). */
static int
type_in(PyTypeObject *t, PyObject *tuple)
{
    Py_ssize_t i, n = PyTuple_GET_SIZE(tuple);
    for (i = 0; i < n; i++) {
        if ((PyObject *)t == PyTuple_GET_ITEM(tuple, i)) {
            return 1;
        }
    }
    return 0;
}

/* Whether o (not NULL) is a member of set k (see Guard.table); one found past the front
 * trades places with it. Under the GIL nothing runs between the two stores; without it, a
 * race could leave a member out of the table, which then sends its calls to slow (the same
 * outcome, more slowly), never one in. */
static int
in_set(Guard *self, Py_ssize_t k, PyObject *o)
{
    int inline_front = k < self->nfirst && k != self->seq;
    PyObject **front = inline_front ? &self->first[k] : &self->table[self->start[k]];
    PyObject **p = self->table + self->start[k] + !inline_front;
    PyObject **end = self->table + self->start[k + 1];
    if (*front == o) {
        return 1;
    }
    for (; p < end; p++) {
        if (*p == o) {
            *p = *front;
            *front = o;
            return 1;
        }
    }
    return 0;
}

/* Whether seq is an exact list or tuple, not empty, of items of set k's types. */
static int
items_in(Guard *self, PyObject *seq, Py_ssize_t k)
{
    Py_ssize_t i, n;
    PyObject **items;
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq)) {
        return 0;
    }
    n = PySequence_Fast_GET_SIZE(seq);
    items = PySequence_Fast_ITEMS(seq);
    for (i = 0; i < n; i++) {
        if (!in_set(self, k, (PyObject *)Py_TYPE(items[i]))) {
            return 0;
        }
    }
    return n > 0;
}

/* Whether the call's keywords (kwnames, their values at vals) are the first len(kwnames) of
 * self's kw_names, in that order, each value of an exact type its kw_types entry lists. */
static int
kw_prefix(PyObject *kw_names, PyObject *kw_types, PyObject *kwnames, PyObject *const *vals)
{
    Py_ssize_t j, nkw = PyTuple_GET_SIZE(kwnames);
    if (kw_names == NULL || nkw > PyTuple_GET_SIZE(kw_names)) {
        return 0;
    }
    for (j = 0; j < nkw; j++) {
        PyObject *name = PyTuple_GET_ITEM(kwnames, j), *want = PyTuple_GET_ITEM(kw_names, j);
        /* call sites' names are interned, as kw_names' are: identity first */
        if (name != want && PyUnicode_Compare(name, want) != 0) {
            if (PyErr_Occurred()) {
                PyErr_Clear();
            }
            return 0;
        }
        if (!type_in(Py_TYPE(vals[j]), PyTuple_GET_ITEM(kw_types, j))) {
            return 0;
        }
    }
    return 1;
}

/* on_error(exc, args, kwargs) with the call's arguments as a tuple and a dict. */
static PyObject *
call_on_error(PyObject *on_error, PyObject *exc, PyObject *const *args, Py_ssize_t nargs,
              PyObject *kwnames)
{
    PyObject *tuple, *dict, *result = NULL;
    Py_ssize_t j, nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    tuple = PyTuple_New(nargs);
    dict = PyDict_New();
    if (tuple == NULL || dict == NULL) {
        goto done;
    }
    for (j = 0; j < nargs; j++) {
        Py_INCREF(args[j]);
        PyTuple_SET_ITEM(tuple, j, args[j]);
    }
    for (j = 0; j < nkw; j++) {
        if (PyDict_SetItem(dict, PyTuple_GET_ITEM(kwnames, j), args[nargs + j]) < 0) {
            goto done;
        }
    }
    result = PyObject_CallFunctionObjArgs(on_error, exc, tuple, dict, NULL);
done:
    Py_XDECREF(tuple);
    Py_XDECREF(dict);
    return result;
}

/* Out of guard_vectorcall: the accepted call's path then saves few registers. */
#if defined(__GNUC__)
#define GUARD_NOINLINE __attribute__((noinline))
#define GUARD_COLD __attribute__((noinline, cold))
#else
#define GUARD_NOINLINE
#define GUARD_COLD
#endif

/* Whether the call's keywords (kwnames, their values at vals) pass: with exact, they are a
 * prefix of kw's (kw_prefix); with dtype_kw, dtype= is no str. Read only where a call
 * names a keyword and the Guard tests them (self->keywords). */
static GUARD_NOINLINE int
keywords_ok(Guard *self, PyObject *const *vals, PyObject *kwnames)
{
    Py_ssize_t j, nkw = PyTuple_GET_SIZE(kwnames);
    if (nkw == 0) {
        return 1;
    }
    if (self->exact && !kw_prefix(self->kw_names, self->kw_types, kwnames, vals)) {
        return 0;
    }
    if (self->dtype_kw) {
        for (j = 0; j < nkw; j++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, j);
            if (PyUnicode_Check(vals[j])
                    && (name == dtype_name || PyUnicode_Compare(name, dtype_name) == 0)) {
                return 0;
            }
        }
    }
    return 1;
}

/* Whether the arguments at the tested positions have min_ndim <= rank <= max_ndim. */
static int
rank_ok(Guard *self, PyObject *const *args)
{
    Py_ssize_t i;
    for (i = 0; i < self->nchecked; i++) {
        if (!has_ndim(args[i], self->rank_name, self->min_ndim, self->max_ndim,
                      &self->ndim_get)) {
            return 0;
        }
    }
    return 1;
}

/* Whether every Python int at a tested position lies within the range int_ranges gives the
 * dtype of each other tested argument that has one (TEST_INTS); 0 where a read fails. */
static GUARD_NOINLINE int
ints_ok(Guard *self, PyObject *const *args)
{
    Py_ssize_t i, j, n = self->nchecked;
    for (i = 0; i < n; i++) {
        if (!PyLong_CheckExact(args[i])) {
            continue;
        }
        for (j = 0; j < n; j++) {
            PyObject *o = args[j], *dt, *range;
            int in;
            if (j == i || PyLong_CheckExact(o) || PyFloat_CheckExact(o)
                    || PyComplex_CheckExact(o) || PyBool_Check(o)) {
                continue;
            }
            dt = read_dtype(self, o);
            if (dt == NULL) {
                PyErr_Clear();
                return 0;
            }
            range = PyDict_GetItemWithError(self->int_ranges, dt);  /* borrowed */
            Py_DECREF(dt);
            if (range == NULL) {
                if (PyErr_Occurred()) {
                    PyErr_Clear();
                    return 0;
                }
                continue;  /* no integer dtype */
            }
            in = PyObject_RichCompareBool(args[i], PyTuple_GET_ITEM(range, 0), Py_GE);
            if (in > 0) {
                in = PyObject_RichCompareBool(args[i], PyTuple_GET_ITEM(range, 1), Py_LE);
            }
            if (in <= 0) {
                PyErr_Clear();
                return 0;
            }
        }
    }
    return 1;
}

/* Whether the call passes the tests self->tests names (the call has nchecked positional
 * arguments at least, and those of the inline positions passed): the type tests past
 * them, then those that read the arguments' attributes. */
static GUARD_NOINLINE int
more_tests(Guard *self, PyObject *const *args, Py_ssize_t nargs)
{
    unsigned int tests = self->tests;
    Py_ssize_t i;
    if (tests & TEST_NEVER) {
        return 0;
    }
    if ((tests & TEST_INTS) && !ints_ok(self, args)) {
        return 0;
    }
    if (tests & TEST_MORE) {
        for (i = self->nfirst; i < self->nchecked; i++) {
            if (i != self->seq && self->table[self->start[i]] != NULL
                    && !in_set(self, i, (PyObject *)Py_TYPE(args[i]))) {
                return 0;
            }
        }
    }
    if ((tests & TEST_SEQ) && !items_in(self, args[self->seq], self->seq)) {
        return 0;
    }
    if (tests & TEST_EACH) {
        for (i = 0; i < nargs; i++) {
            if (!in_set(self, EACH_SET(self), (PyObject *)Py_TYPE(args[i]))) {
                return 0;
            }
        }
    }
    if ((tests & TEST_DTYPE_POS) && nargs > self->dtype_pos
            && PyUnicode_Check(args[self->dtype_pos])) {
        return 0;
    }
    if ((tests & TEST_REFUSE) && nargs > self->refuse_pos) {
        PyObject *dt = read_dtype(self, args[self->refuse_pos]);
        int hit;
        if (dt == NULL) {
            PyErr_Clear();
            return 0;
        }
        /* by identity: NumPy's builtin dtypes are singletons (a comparison costs more) */
        hit = in_set(self, REFUSE_SET(self), dt);
        if (hit != self->allow_only) {
            Py_DECREF(dt);
            return 0;
        }
        if ((tests & TEST_SAME) && self->refuse_pos == 0) {
            /* same_dtype with the first argument's dtype just read: one read fewer (Paddle
             * 3.3.1's dtype getter is ~0.1-0.25 us a read) */
            PyObject *db;
            int same;
            if (nargs < 2) {
                Py_DECREF(dt);
                return 0;
            }
            if (same_dtype_exempt(self, args[1])) {
                Py_DECREF(dt);
                return tests & TEST_RANK ? rank_ok(self, args) : 1;
            }
            db = read_dtype(self, args[1]);
            if (db == NULL) {
                PyErr_Clear();
                Py_DECREF(dt);
                return 0;
            }
            same = dt == db;
            Py_DECREF(db);
            Py_DECREF(dt);
            return same ? (tests & TEST_RANK ? rank_ok(self, args) : 1) : 0;
        }
        Py_DECREF(dt);
    }
    if ((tests & TEST_SAME) && (nargs < 2 || (!same_dtype_exempt(self, args[1])
                                               && !same_dtype(self, args[0], args[1])))) {
        return 0;
    }
    if (tests & TEST_RANK) {
        return rank_ok(self, args);
    }
    return 1;
}

/* What a call that func raised for returns: with fallback, slow's result for an Exception;
 * else on_error's (which raises the standard exception) for one; anything else (a
 * KeyboardInterrupt) as it is. */
static GUARD_COLD PyObject *
raised(Guard *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    PyObject *type, *value, *tb, *result;
    if (!PyErr_ExceptionMatches(PyExc_Exception)) {
        return NULL;
    }
    if (self->fallback) {
        PyErr_Clear();
        return PyObject_Vectorcall(self->slow, args, nargsf, kwnames);
    }
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb != NULL) {
        PyException_SetTraceback(value, tb);
    }
    result = call_on_error(self->on_error, value, args, nargs, kwnames);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    if (result != NULL) {  /* on_error must raise; returning is a bug of its own */
        Py_DECREF(result);
        PyErr_SetString(PyExc_SystemError, "arraykit guard: on_error returned");
    }
    return NULL;
}

/* Whether o's instance dict (Paddle's tensors have one) holds name, which would shadow a
 * method of its type (a non-data descriptor); 1 where that cannot be read. */
static int
shadowed(PyObject *o, PyObject *name)
{
    PyObject **dp, *v;
    if (Py_TYPE(o)->tp_dictoffset == 0) {
        return 0;
    }
    dp = _PyObject_GetDictPtr(o);
    if (dp == NULL || *dp == NULL) {
        return 0;
    }
    v = PyDict_GetItemWithError(*dp, name);  /* borrowed */
    if (v == NULL && PyErr_Occurred()) {
        PyErr_Clear();
        return 1;
    }
    return v != NULL;
}

/* result if result.<result_check>() is true; else slow's result for the call (result
 * dropped); NULL where the check raised. */
static GUARD_NOINLINE PyObject *
checked(Guard *self, PyObject *result, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    PyTypeObject *t = Py_TYPE(result);
    struct getter_cache *cache = &self->check_get;
    PyObject *ok;
    int truth;
    if (t != cache->type || t->tp_version_tag != cache->tag
            || !PyType_HasFeature(t, Py_TPFLAGS_VALID_VERSION_TAG)) {
        /* A C method of the type (Paddle's Tensor._holder_size), called as a descriptor
         * with the result first: no bound method made, no look-up per call (as read_attr) */
        PyObject *descr = t->tp_getattro == PyObject_GenericGetAttr
            ? _PyType_Lookup(t, self->result_check) : NULL;  /* borrowed; assigns a tag */
        if (descr != NULL && Py_IS_TYPE(descr, &PyMethodDescr_Type)
                && PyType_HasFeature(t, Py_TPFLAGS_VALID_VERSION_TAG)) {
            cache->type = t;
            cache->tag = t->tp_version_tag;
            cache->descr = descr;
        }
        else {
            cache->type = NULL;
        }
    }
    if (cache->type == t && !shadowed(result, self->result_check)) {
        Py_INCREF(cache->descr);
        ok = PyObject_Vectorcall(cache->descr, &result, 1, NULL);
        Py_DECREF(cache->descr);
    }
    else {
        ok = PyObject_CallMethodNoArgs(result, self->result_check);
    }
    if (ok == NULL) {
        Py_DECREF(result);
        return NULL;
    }
    truth = PyObject_IsTrue(ok);
    Py_DECREF(ok);
    if (truth > 0) {
        return result;
    }
    Py_DECREF(result);
    if (truth < 0) {
        return NULL;
    }
    return PyObject_Vectorcall(self->slow, args, nargsf, kwnames);
}

/* The accepted call's path reads the Guard's first fields only (func, nmin, nspan, tests,
 * nfirst, keywords, first[]): the argument count, one type comparison per tested position,
 * one test of tests, then func by vectorcall. */
static PyObject *
guard_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Guard *self = (Guard *)op;
    Py_ssize_t i, nargs = PyVectorcall_NARGS(nargsf);
    PyObject *result;

    /* nmin <= nargs <= nmin + nspan, in one comparison */
    if ((size_t)(nargs - self->nmin) > (size_t)self->nspan) {
        goto slow;
    }
    for (i = 0; i < self->nfirst; i++) {
        PyObject *t = (PyObject *)Py_TYPE(args[i]), *want = self->first[i];
        if (t != want && want != NULL && !in_set(self, i, t)) {
            goto slow;
        }
    }
    if (kwnames != NULL && self->keywords && !keywords_ok(self, args + nargs, kwnames)) {
        goto slow;
    }
    if (self->tests != 0 && !more_tests(self, args, nargs)) {
        goto slow;
    }
    result = PyObject_Vectorcall(self->func, args, nargsf, kwnames);
    if (result == NULL) {
        return raised(self, args, nargsf, kwnames);
    }
    if (self->result_check != NULL) {
        return checked(self, result, args, nargsf, kwnames);
    }
    return result;
slow:
    return PyObject_Vectorcall(self->slow, args, nargsf, kwnames);
}

/* Lays out self's sets (see Guard.table) from ok, each and refuse, the types of a tested
 * position that has none marking the Guard TEST_NEVER; -1 with an exception set. */
static int
build_sets(Guard *self)
{
    Py_ssize_t n = self->nchecked, k, j, m, size = 2, at = 0;
    PyObject *sets[2] = {self->each, self->refuse};
    for (k = 0; k < n; k++) {
        PyObject *types = PyTuple_GET_ITEM(self->ok, k);
        m = types == Py_None ? 0 : PyTuple_GET_SIZE(types);
        size += k < self->nfirst && k != self->seq ? (m > 0 ? m - 1 : 0) : (m > 0 ? m : 1);
    }
    for (j = 0; j < 2; j++) {
        size += sets[j] != NULL ? PyTuple_GET_SIZE(sets[j]) : 0;
    }
    self->table = PyMem_New(PyObject *, size);
    self->start = PyMem_New(Py_ssize_t, n + 3);
    if (self->table == NULL || self->start == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (k = 0; k < n; k++) {
        PyObject *types = PyTuple_GET_ITEM(self->ok, k);
        int inline_front = k < self->nfirst && k != self->seq;
        m = types == Py_None ? 0 : PyTuple_GET_SIZE(types);
        self->start[k] = at;
        if (types != Py_None && m == 0) {
            self->tests |= TEST_NEVER;
        }
        if (m == 0) {
            if (!inline_front) {
                self->table[at++] = NULL;  /* the front: not tested (or no type) */
            }
            continue;
        }
        j = 0;
        if (inline_front) {
            self->first[k] = PyTuple_GET_ITEM(types, j++);
        }
        for (; j < m; j++) {
            self->table[at++] = PyTuple_GET_ITEM(types, j);
        }
    }
    /* each and refuse: a front slot always, NULL where the set is empty (no member) */
    for (j = 0; j < 2; j++) {
        self->start[n + j] = at;
        m = sets[j] != NULL ? PyTuple_GET_SIZE(sets[j]) : 0;
        if (m == 0) {
            self->table[at++] = NULL;
        }
        for (k = 0; k < m; k++) {
            self->table[at++] = PyTuple_GET_ITEM(sets[j], k);
        }
    }
    self->start[n + 2] = at;
    return 0;
}

static PyObject *
guard_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"func", "slow", "on_error", "ok", "seq", "each", "dtype_pos",
                             "dtype_kw", "refuse_pos", "refuse", "allow_only", "same_dtype",
                             "min_ndim", "max_ndim", "exact", "fallback", "kw", "rank_from",
                             "dtype_from", "result_check", "int_ranges",
                             "same_dtype_from_ndim", NULL};
    PyObject *func, *slow, *on_error, *ok = Py_None, *each = Py_None, *refuse = Py_None;
    PyObject *kw = Py_None, *kw_names = NULL, *kw_types = NULL, *rank_from = ndim_name;
    PyObject *dtype_from = dtype_name, *result_check = Py_None, *int_ranges = Py_None;
    Py_ssize_t seq = -1, dtype_pos = -1, refuse_pos = -1, i, n, j, nkw;
    int dtype_kw = 0, allow_only = 0, same = 0, exact = 0, fallback = 0;
    long min_ndim = 0, max_ndim = -1, same_from_ndim = 0;
    Guard *self;

    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|OnOnpnOppllppOUUOOl", kwlist, &func,
                                     &slow, &on_error, &ok, &seq, &each, &dtype_pos, &dtype_kw,
                                     &refuse_pos, &refuse, &allow_only, &same, &min_ndim,
                                     &max_ndim, &exact, &fallback, &kw, &rank_from,
                                     &dtype_from, &result_check, &int_ranges,
                                     &same_from_ndim)) {
        return NULL;
    }
    if (same_from_ndim < 0) {
        PyErr_SetString(PyExc_ValueError, "Guard: same_dtype_from_ndim must be >= 0");
        return NULL;
    }
    if (int_ranges != Py_None) {
        Py_ssize_t pos = 0;
        PyObject *key, *value;
        if (!PyDict_Check(int_ranges)) {
            PyErr_SetString(PyExc_TypeError, "Guard: int_ranges must be a dict or None");
            return NULL;
        }
        while (PyDict_Next(int_ranges, &pos, &key, &value)) {
            if (!PyTuple_Check(value) || PyTuple_GET_SIZE(value) != 2) {
                PyErr_SetString(PyExc_TypeError, "Guard: int_ranges maps dtypes to (lo, hi)");
                return NULL;
            }
        }
    }
    if (PyUnicode_CompareWithASCIIString(rank_from, "ndim") != 0
            && PyUnicode_CompareWithASCIIString(rank_from, "shape") != 0
            && PyUnicode_CompareWithASCIIString(rank_from, "strides") != 0) {
        PyErr_SetString(PyExc_ValueError,
                        "Guard: rank_from must be 'ndim', 'shape' or 'strides'");
        return NULL;
    }
    if (result_check != Py_None && !PyUnicode_Check(result_check)) {
        PyErr_SetString(PyExc_TypeError, "Guard: result_check must be a method name or None");
        return NULL;
    }
    if (PyUnicode_CompareWithASCIIString(dtype_from, "dtype") != 0
            && PyUnicode_CompareWithASCIIString(dtype_from, "aval") != 0) {
        PyErr_SetString(PyExc_ValueError, "Guard: dtype_from must be 'dtype' or 'aval'");
        return NULL;
    }
    if (!PyCallable_Check(func) || !PyCallable_Check(slow) || !PyCallable_Check(on_error)) {
        PyErr_SetString(PyExc_TypeError, "Guard: func, slow and on_error must be callable");
        return NULL;
    }
    if (ok == Py_None) {
        ok = PyTuple_New(0);
        if (ok == NULL) {
            return NULL;
        }
    }
    else if (!PyTuple_Check(ok)) {
        PyErr_SetString(PyExc_TypeError, "Guard: ok must be a tuple of tuples of types (or "
                                         "None) by position");
        return NULL;
    }
    else {
        Py_INCREF(ok);
    }
    n = PyTuple_GET_SIZE(ok);
    for (i = 0; i < n; i++) {
        PyObject *t = PyTuple_GET_ITEM(ok, i);
        if (t != Py_None && !PyTuple_Check(t)) {
            Py_DECREF(ok);
            PyErr_SetString(PyExc_TypeError, "Guard: ok must be a tuple of tuples of types "
                                             "(or None) by position");
            return NULL;
        }
    }
    if ((seq >= 0 && (seq >= n || PyTuple_GET_ITEM(ok, seq) == Py_None))
            || (each != Py_None && !PyTuple_Check(each))) {
        Py_DECREF(ok);
        PyErr_SetString(PyExc_TypeError, "Guard: seq must name a position of ok that has "
                                         "types; each must be a tuple of types or None");
        return NULL;
    }
    if ((refuse_pos >= 0) != PyTuple_Check(refuse)) {
        Py_DECREF(ok);
        PyErr_SetString(PyExc_TypeError, "Guard: refuse (a tuple) goes with refuse_pos >= 0");
        return NULL;
    }
    if (kw != Py_None) {
        if (!PyTuple_Check(kw) || !exact) {
            PyErr_SetString(PyExc_TypeError, "Guard: kw (a tuple of (name, tuple of types) "
                                             "pairs) goes with exact");
            Py_DECREF(ok);
            return NULL;
        }
        nkw = PyTuple_GET_SIZE(kw);
        kw_names = PyTuple_New(nkw);
        kw_types = PyTuple_New(nkw);
        if (kw_names == NULL || kw_types == NULL) {
            Py_DECREF(ok);
            goto kw_error;
        }
        for (j = 0; j < nkw; j++) {
            PyObject *pair = PyTuple_GET_ITEM(kw, j), *name, *types;
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2
                    || !PyUnicode_Check(PyTuple_GET_ITEM(pair, 0))
                    || !PyTuple_Check(PyTuple_GET_ITEM(pair, 1))) {
                PyErr_SetString(PyExc_TypeError, "Guard: kw must be a tuple of (name, tuple "
                                                 "of types) pairs");
                Py_DECREF(ok);
                goto kw_error;
            }
            name = PyTuple_GET_ITEM(pair, 0);
            Py_INCREF(name);
            PyUnicode_InternInPlace(&name);
            PyTuple_SET_ITEM(kw_names, j, name);
            types = PyTuple_GET_ITEM(pair, 1);
            Py_INCREF(types);
            PyTuple_SET_ITEM(kw_types, j, types);
        }
    }
    if (n > INT_MAX) {
        Py_DECREF(ok);
        PyErr_SetString(PyExc_OverflowError, "Guard: too many positions in ok");
        goto kw_error;
    }
    self = (Guard *)type->tp_alloc(type, 0);
    if (self == NULL) {
        Py_DECREF(ok);
        goto kw_error;
    }
    self->kw_names = kw_names;  /* the references made above (or NULL) */
    self->kw_types = kw_types;
    self->vectorcall = guard_vectorcall;
    Py_INCREF(func);
    self->func = func;
    Py_INCREF(slow);
    self->slow = slow;
    Py_INCREF(on_error);
    self->on_error = on_error;
    self->ok = ok;  /* the reference taken above */
    self->nchecked = n;
    self->nmin = (int)n;
    self->nspan = exact ? 0 : INT_MAX;
    self->nfirst = (unsigned char)(n < GUARD_NFIRST ? n : GUARD_NFIRST);
    self->keywords = exact || dtype_kw;
    self->seq = seq;
    if (each != Py_None) {
        Py_INCREF(each);
        self->each = each;
    }
    self->dtype_pos = dtype_pos;
    self->dtype_kw = dtype_kw;
    self->refuse_pos = refuse_pos;
    self->allow_only = allow_only;
    self->min_ndim = min_ndim;
    self->max_ndim = max_ndim;
    self->same_from_ndim = same_from_ndim;
    Py_INCREF(rank_from);
    PyUnicode_InternInPlace(&rank_from);
    self->rank_name = rank_from;
    if (PyUnicode_CompareWithASCIIString(dtype_from, "aval") == 0) {
        self->dtype_via = PyUnicode_InternFromString("aval");
        if (self->dtype_via == NULL) {
            Py_DECREF(self);
            return NULL;
        }
    }
    self->exact = exact;
    self->fallback = fallback;
    if (result_check != Py_None) {
        Py_INCREF(result_check);
        PyUnicode_InternInPlace(&result_check);
        self->result_check = result_check;
    }
    if (refuse_pos >= 0) {
        Py_INCREF(refuse);
        self->refuse = refuse;
    }
    if (int_ranges != Py_None) {
        Py_INCREF(int_ranges);
        self->int_ranges = int_ranges;
    }
    self->tests = (unsigned short)((n > GUARD_NFIRST ? TEST_MORE : 0)
                                   | (seq >= 0 ? TEST_SEQ : 0)
                                   | (self->each != NULL ? TEST_EACH : 0)
                                   | (dtype_pos >= 0 ? TEST_DTYPE_POS : 0)
                                   | (refuse_pos >= 0 ? TEST_REFUSE : 0)
                                   | (same ? TEST_SAME : 0)
                                   | (min_ndim > 0 || max_ndim >= 0 ? TEST_RANK : 0)
                                   | (self->int_ranges != NULL ? TEST_INTS : 0));
    if (build_sets(self) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
kw_error:
    Py_XDECREF(kw_names);
    Py_XDECREF(kw_types);
    return NULL;
}

/* APPLY(field) for every object a Guard holds: what the GC visits and what clearing drops. */
#define GUARD_FOR_EACH_OBJECT(APPLY) \
    do { \
        APPLY(self->func); \
        APPLY(self->slow); \
        APPLY(self->on_error); \
        APPLY(self->ok); \
        APPLY(self->each); \
        APPLY(self->refuse); \
        APPLY(self->int_ranges); \
        APPLY(self->kw_names); \
        APPLY(self->rank_name); \
        APPLY(self->dtype_via); \
        APPLY(self->kw_types); \
        APPLY(self->result_check); \
        APPLY(self->dict); \
    } while (0)

static int
guard_traverse(Guard *self, visitproc visit, void *arg)
{
    GUARD_FOR_EACH_OBJECT(Py_VISIT);
    return 0;
}

static int
guard_clear(Guard *self)
{
    GUARD_FOR_EACH_OBJECT(Py_CLEAR);
    return 0;
}

static void
guard_dealloc(Guard *self)
{
    PyObject_GC_UnTrack(self);
    if (self->weakreflist != NULL) {
        PyObject_ClearWeakRefs((PyObject *)self);
    }
    guard_clear(self);
    PyMem_Free(self->table);
    PyMem_Free(self->start);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Bound like a Python function when stored on a class (the Python wrappers were functions). */
static PyObject *
guard_descr_get(PyObject *self, PyObject *obj, PyObject *type)
{
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

static PyObject *
guard_repr(Guard *self)
{
    return PyUnicode_FromFormat("<arraykit guard of %R>", self->func);
}

static PyObject *
guard_get_func(Guard *self, void *closure)
{
    Py_INCREF(self->func);
    return self->func;
}

static PyGetSetDef guard_getset[] = {
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {"func", (getter)guard_get_func, NULL, "the framework's function", NULL},
    {NULL}
};

static PyTypeObject GuardType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arraykit._guard.Guard",
    .tp_doc = "Guard(func, slow, on_error, ok=None, seq=-1, each=None, dtype_pos=-1, "
              "dtype_kw=False, refuse_pos=-1, refuse=None, allow_only=False, same_dtype=False, "
              "min_ndim=0, max_ndim=-1, exact=False, fallback=False, kw=None, "
              "rank_from='ndim', dtype_from='dtype', result_check=None, int_ranges=None, "
              "same_dtype_from_ndim=0)\n"
              "--\n\n"
              "func with arraykit's argument checks and standard exceptions, in C on the "
              "success path (see arraykit/shims/_common/errors.py).",
    .tp_basicsize = sizeof(Guard),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_new = guard_new,
    .tp_dealloc = (destructor)guard_dealloc,
    .tp_traverse = (traverseproc)guard_traverse,
    .tp_clear = (inquiry)guard_clear,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Guard, vectorcall),
    .tp_descr_get = guard_descr_get,
    .tp_repr = (reprfunc)guard_repr,
    .tp_getset = guard_getset,
    .tp_dictoffset = offsetof(Guard, dict),
    .tp_weaklistoffset = offsetof(Guard, weakreflist),
    .tp_getattro = PyObject_GenericGetAttr,
    .tp_setattro = PyObject_GenericSetAttr,
};

static struct PyModuleDef guard_module = {
    PyModuleDef_HEAD_INIT, "arraykit._guard",
    "The success path of arraykit's error wrappers without a Python frame (Guard).", -1,
    NULL,
};

PyMODINIT_FUNC
PyInit__guard(void)
{
    PyObject *m;
    dtype_name = PyUnicode_InternFromString("dtype");
    ndim_name = PyUnicode_InternFromString("ndim");
    if (dtype_name == NULL || ndim_name == NULL || PyType_Ready(&GuardType) < 0) {
        return NULL;
    }
    m = PyModule_Create(&guard_module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&GuardType);
    if (PyModule_AddObject(m, "Guard", (PyObject *)&GuardType) < 0) {
        Py_DECREF(&GuardType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
