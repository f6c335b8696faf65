/* arraykit._floordiv_hook: Python hooks on a static C type's // and //= (numpy.ndarray's, for
 * arraykit/shims/numpy/_array_object.py: the standard's special values of x1 // x2, which
 * NumPy's own operator does not give). Optional, as arraykit._guard: where it is not built,
 * enable_array_object() warns and leaves NumPy's operators alone.
 *
 * A static type's operators cannot be set from Python, but its number slots can be from C:
 * hook_floor_divide(type, hook, inplace_hook) swaps the type's nb_floor_divide and
 * nb_inplace_floor_divide for functions that call the hooks, and
 * hook_floor_divide(type, None, None) puts the type's own back.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

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

static PyMethodDef hook_methods[] = {
    {"hook_floor_divide", hook_floor_divide, METH_VARARGS,
     "hook_floor_divide(type, hook, inplace_hook)\n--\n\n"
     "Make the static type's x1 // x2 return hook(x1, x2, r), r being the type's own result\n"
     "(NotImplemented and errors pass through unchanged), and x1 //= x2 return\n"
     "inplace_hook(x1, x2). hook_floor_divide(type, None, None) restores the type's own\n"
     "operators. One type per process."},
    {NULL}
};

static struct PyModuleDef hook_module = {
    PyModuleDef_HEAD_INIT, "arraykit._floordiv_hook",
    "Hooks on a static C type's // and //= (hook_floor_divide): numpy.ndarray's, for "
    "arraykit's opt-in array object.", -1, hook_methods,
};

PyMODINIT_FUNC
PyInit__floordiv_hook(void)
{
    return PyModule_Create(&hook_module);
}
