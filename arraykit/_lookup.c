/* arraykit._lookup: array_namespace's hot path (arraykit/_dispatch.py) without a Python frame.
 *
 * array_namespace(x, p, z) in Python costs 0.17 us for one array and 0.29 us for three (the
 * frame, the *args tuple, the loop), a visible share of a small-array loop whose calls take
 * 1-2 us each (the study's kalman workload calls it once per step). A Lookup does the same
 * work in C, as a builtin function (TorchDynamo traces a builtin through the Python function
 * registered as its substitute, see _dispatch.py; it cannot trace a callable object):
 *   - no keyword arguments, at least one positional argument;
 *   - the first argument's exact type is a key of `table` (the dict _dispatch.py fills on
 *     first sight of a type: type -> namespace);
 *   - every other argument is of that type, of a type in `skipped` (Python scalars, None),
 *     or of a type that `table` maps to the same namespace;
 * then the namespace is returned. Anything else (a type not seen yet, a mixture, an error to
 * report, api_version=...) calls `slow`, the Python function, with the same arguments.
 * _dispatch.py keeps its Python path alone where this module is not built (it is optional).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>

typedef struct {
    PyObject_HEAD
    PyObject *table;    /* dict: exact type -> namespace */
    PyObject *skipped;  /* tuple of types ignored among the arguments */
    PyObject *slow;     /* the Python array_namespace */
    PyObject *name;     /* str: the function's name, kept alive for def.ml_name */
    PyObject *doc;      /* bytes: the function's docstring, kept alive for def.ml_doc */
    PyMethodDef def;    /* the builtin's definition; the builtin holds this object as self */
} Lookup;

static int
skipped_type(PyTypeObject *t, PyObject *skipped)
{
    Py_ssize_t i, n = PyTuple_GET_SIZE(skipped);
    for (i = 0; i < n; i++) {
        if ((PyObject *)t == PyTuple_GET_ITEM(skipped, i)) {
            return 1;
        }
    }
    return 0;
}

static PyObject *
lookup_call(PyObject *op, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    Lookup *self = (Lookup *)op;
    Py_ssize_t i;
    PyTypeObject *first;
    PyObject *namespace;

    if (nargs == 0 || (kwnames != NULL && PyTuple_GET_SIZE(kwnames) > 0)) {
        goto slow;
    }
    first = Py_TYPE(args[0]);
    /* borrowed; the key is a type, hashed by identity: no Python code runs */
    namespace = PyDict_GetItemWithError(self->table, (PyObject *)first);
    if (namespace == NULL) {
        if (PyErr_Occurred()) {
            return NULL;
        }
        goto slow;
    }
    for (i = 1; i < nargs; i++) {
        PyTypeObject *t = Py_TYPE(args[i]);
        if (t != first && !skipped_type(t, self->skipped)) {
            PyObject *other = PyDict_GetItemWithError(self->table, (PyObject *)t);
            if (other != namespace) {
                if (other == NULL && PyErr_Occurred()) {
                    return NULL;
                }
                goto slow;
            }
        }
    }
    Py_INCREF(namespace);
    return namespace;
slow:
    return PyObject_Vectorcall(self->slow, args, nargs, kwnames);
}

static int
lookup_traverse(Lookup *self, visitproc visit, void *arg)
{
    Py_VISIT(self->table);
    Py_VISIT(self->skipped);
    Py_VISIT(self->slow);
    return 0;
}

static int
lookup_clear(Lookup *self)
{
    Py_CLEAR(self->table);
    Py_CLEAR(self->skipped);
    Py_CLEAR(self->slow);
    return 0;
}

static void
lookup_dealloc(Lookup *self)
{
    PyObject_GC_UnTrack(self);
    lookup_clear(self);
    Py_CLEAR(self->name);
    Py_CLEAR(self->doc);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject LookupType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arraykit._lookup.Lookup",
    .tp_doc = "The state of one builtin made by arraykit._lookup.builtin.",
    .tp_basicsize = sizeof(Lookup),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)lookup_traverse,
    .tp_clear = (inquiry)lookup_clear,
    .tp_dealloc = (destructor)lookup_dealloc,
};

/* builtin(name, doc, table, skipped, slow) -> a builtin function named name. */
static PyObject *
make_builtin(PyObject *module, PyObject *args)
{
    PyObject *name, *doc, *table, *skipped, *slow, *result;
    Lookup *self;

    if (!PyArg_ParseTuple(args, "UUO!O!O:builtin", &name, &doc, &PyDict_Type, &table,
                          &PyTuple_Type, &skipped, &slow)) {
        return NULL;
    }
    if (!PyCallable_Check(slow)) {
        PyErr_SetString(PyExc_TypeError, "builtin: slow must be callable");
        return NULL;
    }
    self = PyObject_GC_New(Lookup, &LookupType);
    if (self == NULL) {
        return NULL;
    }
    self->table = self->skipped = self->slow = NULL;
    Py_INCREF(name);
    self->name = name;
    self->doc = PyUnicode_AsUTF8String(doc);
    self->def.ml_name = PyUnicode_AsUTF8(name);
    if (self->doc == NULL || self->def.ml_name == NULL) {
        Py_DECREF(self);  /* not tracked yet: dealloc untracks harmlessly and clears */
        return NULL;
    }
    self->def.ml_meth = (PyCFunction)(void (*)(void))lookup_call;
    self->def.ml_flags = METH_FASTCALL | METH_KEYWORDS;
    self->def.ml_doc = PyBytes_AS_STRING(self->doc);
    Py_INCREF(table);
    self->table = table;
    Py_INCREF(skipped);
    self->skipped = skipped;
    Py_INCREF(slow);
    self->slow = slow;
    PyObject_GC_Track(self);
    result = PyCFunction_NewEx(&self->def, (PyObject *)self, NULL);
    Py_DECREF(self);
    return result;
}

static PyMethodDef module_methods[] = {
    {"builtin", make_builtin, METH_VARARGS,
     "builtin(name, doc, table, skipped, slow): array_namespace's hot path as a builtin "
     "function (see arraykit/_lookup.c)."},
    {NULL},
};

static struct PyModuleDef lookup_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "arraykit._lookup",
    .m_doc = "array_namespace's hot path in C (see arraykit/_lookup.c).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC
PyInit__lookup(void)
{
    if (PyType_Ready(&LookupType) < 0) {
        return NULL;
    }
    return PyModule_Create(&lookup_module);
}
