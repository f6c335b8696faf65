/* arraykit._guard: the success path of arraykit/shims/_common/errors.py without a Python frame.
 *
 * A Python wrapper costs one frame per call (0.1-0.5 us), as much as a NumPy ufunc on a small
 * array takes; the overhead study saw it (numpy control +9.9%). A Guard does the same work in C:
 * it checks the exact types of the leading positional arguments against the fast set and that
 * no dtype is given as a string, then calls the framework's function by vectorcall. Anything
 * else takes the Python path it was built with:
 *   - arguments the fast test does not accept -> slow(*args, **kwargs) (the full checks);
 *     with refuse_pos, also an argument there whose dtype is one of refuse (take's bool
 *     indices, which NumPy would read as 0 and 1: one attribute read, on take only), or,
 *     with allow_only, whose dtype is none of refuse (linalg.inv's integer input, which
 *     NumPy and jax would promote to float64: refuse lists the floating dtypes);
 *     with seq0 the argument at position 0 is a list or tuple (concat, stack) whose items
 *     are all of the fast types;
 *   - an Exception raised by the function    -> on_error(exc, args, kwargs), which raises the
 *     standard one (the call's arguments, a tuple and a dict, are built on this path only:
 *     the class is read from them).
 * errors.py falls back to its Python wrappers when this module is not built (it is optional).
 *
 * hook_floor_divide(type, hook, inplace_hook) puts Python hooks on a static type's // and //=
 * (numpy.ndarray's, for arraykit/shims/numpy/_array_object.py): see its docstring.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyObject *func;       /* the framework's function */
    PyObject *slow;       /* callable(*args, **kwargs): full checks, call, translation */
    PyObject *on_error;   /* callable(exc, args, kwargs): raises the standard exception */
    PyObject *ok[2];      /* tuples of exact types accepted at positions 0 and 1 */
    Py_ssize_t nchecked;  /* how many leading positions are type-checked: 0, 1 or 2 */
    Py_ssize_t dtype_pos; /* a position whose argument must not be a str; -1: none */
    int dtype_kw;         /* whether a dtype= keyword must not be a str */
    int seq0;             /* position 0 holds a non-empty list/tuple of ok[0]'s types */
    Py_ssize_t refuse_pos; /* a position whose argument's dtype must not be in refuse; -1 */
    PyObject *refuse;     /* tuple of dtype objects sent to slow (take's bool indices) */
    int allow_only;       /* refuse lists the only dtypes called from C (the others: slow) */
    PyObject *dict;
    PyObject *weakreflist; /* jax.jit and functools caches keep weak references */
} Guard;

static PyObject *dtype_name; /* interned "dtype" */

/* Whether o is (by identity) one of the items of tuple. */
static int
is_in(PyObject *o, PyObject *tuple)
{
    Py_ssize_t i, n = PyTuple_GET_SIZE(tuple);
    for (i = 0; i < n; i++) {
        if (o == PyTuple_GET_ITEM(tuple, i)) {
            return 1;
        }
    }
    return 0;
}

static int
type_in(PyTypeObject *t, PyObject *types)
{
    return is_in((PyObject *)t, types);
}

/* Whether seq is an exact list or tuple, not empty, of items of the exact types in types. */
static int
items_in(PyObject *seq, PyObject *types)
{
    Py_ssize_t i, n;
    PyObject **items;
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq)) {
        return 0;
    }
    n = PySequence_Fast_GET_SIZE(seq);
    items = PySequence_Fast_ITEMS(seq);
    for (i = 0; i < n; i++) {
        if (!type_in(Py_TYPE(items[i]), types)) {
            return 0;
        }
    }
    return n > 0;
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

static PyObject *
guard_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Guard *self = (Guard *)op;
    Py_ssize_t i, nargs = PyVectorcall_NARGS(nargsf);
    PyObject *result;

    if (nargs < self->nchecked) {
        goto slow;
    }
    for (i = 0; i < self->nchecked; i++) {
        if (i == 0 && self->seq0 ? !items_in(args[0], self->ok[0])
                                 : !type_in(Py_TYPE(args[i]), self->ok[i])) {
            goto slow;
        }
    }
    if (self->dtype_pos >= 0 && nargs > self->dtype_pos
            && PyUnicode_Check(args[self->dtype_pos])) {
        goto slow;
    }
    if (kwnames != NULL && self->dtype_kw) {
        Py_ssize_t j, nkw = PyTuple_GET_SIZE(kwnames);
        for (j = 0; j < nkw; j++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, j);
            if (PyUnicode_Check(args[nargs + j])
                    && (name == dtype_name
                        || PyUnicode_Compare(name, dtype_name) == 0)) {
                goto slow;
            }
        }
    }
    if (self->refuse_pos >= 0 && nargs > self->refuse_pos) {
        PyObject *dt = PyObject_GetAttr(args[self->refuse_pos], dtype_name);
        int hit;
        if (dt == NULL) {
            PyErr_Clear();
            goto slow;
        }
        /* by identity: NumPy's builtin dtypes are singletons (a comparison costs more) */
        hit = is_in(dt, self->refuse);
        Py_DECREF(dt);
        if (hit != self->allow_only) {
            goto slow;
        }
    }
    result = PyObject_Vectorcall(self->func, args, nargsf, kwnames);
    if (result == NULL && PyErr_ExceptionMatches(PyExc_Exception)) {
        PyObject *type, *value, *tb;
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
            return NULL;
        }
    }
    return result;
slow:
    return PyObject_Vectorcall(self->slow, args, nargsf, kwnames);
}

static PyObject *
guard_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *kwlist[] = {"func", "slow", "on_error", "ok0", "ok1", "dtype_pos",
                             "dtype_kw", "seq0", "refuse_pos", "refuse", "allow_only",
                             NULL};
    PyObject *func, *slow, *on_error, *ok0 = Py_None, *ok1 = Py_None, *refuse = Py_None;
    Py_ssize_t dtype_pos = -1, refuse_pos = -1;
    int dtype_kw = 0, seq0 = 0, allow_only = 0;
    Guard *self;

    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|OOnppnOp", kwlist, &func, &slow,
                                     &on_error, &ok0, &ok1, &dtype_pos, &dtype_kw, &seq0,
                                     &refuse_pos, &refuse, &allow_only)) {
        return NULL;
    }
    if (!PyCallable_Check(func) || !PyCallable_Check(slow) || !PyCallable_Check(on_error)) {
        PyErr_SetString(PyExc_TypeError, "Guard: func, slow and on_error must be callable");
        return NULL;
    }
    if ((ok0 != Py_None && !PyTuple_Check(ok0)) || (ok1 != Py_None && !PyTuple_Check(ok1))
            || (ok0 == Py_None && (ok1 != Py_None || seq0))) {
        PyErr_SetString(PyExc_TypeError, "Guard: ok0/ok1 must be tuples of types or None "
                                         "(ok1 and seq0 only with ok0)");
        return NULL;
    }
    if ((refuse_pos >= 0) != PyTuple_Check(refuse)) {
        PyErr_SetString(PyExc_TypeError, "Guard: refuse (a tuple) goes with refuse_pos >= 0");
        return NULL;
    }
    self = (Guard *)type->tp_alloc(type, 0);
    if (self == NULL) {
        return NULL;
    }
    self->vectorcall = guard_vectorcall;
    Py_INCREF(func);
    self->func = func;
    Py_INCREF(slow);
    self->slow = slow;
    Py_INCREF(on_error);
    self->on_error = on_error;
    self->nchecked = 0;
    if (ok0 != Py_None) {
        Py_INCREF(ok0);
        self->ok[0] = ok0;
        self->nchecked = 1;
    }
    if (ok1 != Py_None) {
        Py_INCREF(ok1);
        self->ok[1] = ok1;
        self->nchecked = 2;
    }
    self->dtype_pos = dtype_pos;
    self->dtype_kw = dtype_kw;
    self->seq0 = seq0;
    self->refuse_pos = refuse_pos;
    self->allow_only = allow_only;
    if (refuse_pos >= 0) {
        Py_INCREF(refuse);
        self->refuse = refuse;
    }
    return (PyObject *)self;
}

/* APPLY(field) for every object a Guard holds: what the GC visits and what clearing drops. */
#define GUARD_FOR_EACH_OBJECT(APPLY) \
    do { \
        APPLY(self->func); \
        APPLY(self->slow); \
        APPLY(self->on_error); \
        APPLY(self->ok[0]); \
        APPLY(self->ok[1]); \
        APPLY(self->refuse); \
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
    .tp_doc = "Guard(func, slow, on_error, ok0=None, ok1=None, dtype_pos=-1, dtype_kw=False, "
              "seq0=False, refuse_pos=-1, refuse=None, allow_only=False)\n"
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

/* A static C type's // and //= (numpy.ndarray's) with Python hooks. Such a type's operators
 * cannot be set from Python, but its number slots can be from C. The type's own functions are
 * kept: its dict's slot wrappers (type.__floordiv__, type.__ifloordiv__) still call them, and
 * so do these slots with no hook. */
static PyTypeObject *hooked_type;                /* the one type hooked, once set */
static binaryfunc native_floor_divide, native_inplace_floor_divide;
static PyObject *floor_divide_hook, *inplace_floor_divide_hook;

static PyObject *
hooked_floor_divide(PyObject *x1, PyObject *x2)
{
    PyObject *r = native_floor_divide(x1, x2), *out;
    if (r == NULL || r == Py_NotImplemented || floor_divide_hook == NULL) {
        return r;
    }
    out = PyObject_CallFunctionObjArgs(floor_divide_hook, x1, x2, r, NULL);
    Py_DECREF(r);
    return out;
}

static PyObject *
hooked_inplace_floor_divide(PyObject *x1, PyObject *x2)
{
    /* The hook computes instead of the native function: that one writes into x1 before a hook
     * after it could read x1's values. */
    if (inplace_floor_divide_hook == NULL) {
        return native_inplace_floor_divide(x1, x2);
    }
    return PyObject_CallFunctionObjArgs(inplace_floor_divide_hook, x1, x2, NULL);
}

static PyObject *
hook_floor_divide(PyObject *module, PyObject *args)
{
    PyTypeObject *type;
    PyObject *hook, *inplace_hook;
    PyNumberMethods *nb;
    if (!PyArg_ParseTuple(args, "O!OO:hook_floor_divide", &PyType_Type, &type, &hook,
                          &inplace_hook)) {
        return NULL;
    }
    nb = type->tp_as_number;
    if (hooked_type != NULL && type != hooked_type) {
        return PyErr_Format(PyExc_TypeError, "hook_floor_divide: %s is hooked; not %s too",
                            hooked_type->tp_name, type->tp_name);
    }
    if (type->tp_flags & Py_TPFLAGS_HEAPTYPE || nb == NULL || nb->nb_floor_divide == NULL
            || nb->nb_inplace_floor_divide == NULL) {
        return PyErr_Format(PyExc_TypeError, "hook_floor_divide: %s is not a static type "
                            "with // and //=", type->tp_name);
    }
    if ((hook == Py_None) != (inplace_hook == Py_None)) {
        PyErr_SetString(PyExc_TypeError, "hook_floor_divide: give both hooks or neither");
        return NULL;
    }
    if (hooked_type == NULL) {
        native_floor_divide = nb->nb_floor_divide;
        native_inplace_floor_divide = nb->nb_inplace_floor_divide;
        Py_INCREF(type);
        hooked_type = type;
    }
    if (hook == Py_None) {
        Py_CLEAR(floor_divide_hook);
        Py_CLEAR(inplace_floor_divide_hook);
        nb->nb_floor_divide = native_floor_divide;
        nb->nb_inplace_floor_divide = native_inplace_floor_divide;
    }
    else {
        Py_INCREF(hook);
        Py_XSETREF(floor_divide_hook, hook);
        Py_INCREF(inplace_hook);
        Py_XSETREF(inplace_floor_divide_hook, inplace_hook);
        nb->nb_floor_divide = hooked_floor_divide;
        nb->nb_inplace_floor_divide = hooked_inplace_floor_divide;
    }
    PyType_Modified(type);
    Py_RETURN_NONE;
}

static PyMethodDef guard_methods[] = {
    {"hook_floor_divide", hook_floor_divide, METH_VARARGS,
     "hook_floor_divide(type, hook, inplace_hook)\n--\n\n"
     "Make the static type's x1 // x2 return hook(x1, x2, r), r being the type's own result\n"
     "(NotImplemented and errors pass through unchanged), and x1 //= x2 return\n"
     "inplace_hook(x1, x2). hook_floor_divide(type, None, None) restores the type's own\n"
     "operators. One type per process."},
    {NULL}
};

static struct PyModuleDef guard_module = {
    PyModuleDef_HEAD_INIT, "arraykit._guard",
    "arraykit's optional C pieces: the success path of its error wrappers (Guard) and hooks "
    "on a C type's // (hook_floor_divide).", -1, guard_methods,
};

PyMODINIT_FUNC
PyInit__guard(void)
{
    PyObject *m;
    dtype_name = PyUnicode_InternFromString("dtype");
    if (dtype_name == NULL || PyType_Ready(&GuardType) < 0) {
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
