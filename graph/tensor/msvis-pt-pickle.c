// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-pt-private.h"
#include "msvis-reader-error.h"

/* The pickle machine for data.pkl. torch.save writes protocol 2: the tensor is
 * REDUCE(_rebuild_tensor_v2, (BINPERSID(('storage', <class>, key, location, numel)), offset,
 * size, stride, requires_grad, OrderedDict()[, metadata])). Parameters and tensor
 * subclasses wrap that in _rebuild_parameter or _rebuild_from_type_v2, and protocol 4
 * (pickle_protocol=4) adds FRAME, MEMOIZE, STACK_GLOBAL and the short strings. Only the
 * callables below can be called, so a hostile file can build tuples, lists, dicts and
 * numbers and nothing else; every count is bounded by the bytes there are. */

typedef enum
{
  OBJ_NONE,
  OBJ_BOOL,
  OBJ_INT,
  OBJ_FLOAT,
  OBJ_STR,
  OBJ_BYTES,
  OBJ_TUPLE,
  OBJ_LIST,
  OBJ_DICT,      /* items are key, value, key, value … */
  OBJ_GLOBAL,
  OBJ_STORAGE,
  OBJ_TENSOR,
} ObjKind;

typedef enum
{
  CALL_REBUILD_TENSOR_V2,
  CALL_REBUILD_TENSOR,
  CALL_REBUILD_PARAMETER,
  CALL_REBUILD_PARAMETER_WITH_STATE,
  CALL_REBUILD_FROM_TYPE_V2,
  CALL_ORDERED_DICT,
  CLASS_TENSOR,
  CLASS_STORAGE,
} Global;

typedef struct
{
  ObjKind            kind;
  Global             global;     /* OBJ_GLOBAL */
  MsvisNpyDtype      dtype;      /* OBJ_GLOBAL of a storage class, OBJ_STORAGE */
  gint64             i;          /* OBJ_BOOL, OBJ_INT */
  char              *s;          /* OBJ_STR, OBJ_BYTES (n bytes), OBJ_STORAGE (its key) */
  gsize              n;
  guint64            numel;      /* OBJ_STORAGE */
  GPtrArray         *items;      /* OBJ_TUPLE, OBJ_LIST, OBJ_DICT */
  MsvisPtTensorInfo *tensor;     /* OBJ_TENSOR */
} Obj;

static const struct
{
  const char *module, *name;
  Global      global;
} globals[] = {
  { "torch._utils", "_rebuild_tensor_v2", CALL_REBUILD_TENSOR_V2 },
  { "torch._utils", "_rebuild_tensor", CALL_REBUILD_TENSOR },
  { "torch._utils", "_rebuild_parameter", CALL_REBUILD_PARAMETER },
  { "torch._utils", "_rebuild_parameter_with_state", CALL_REBUILD_PARAMETER_WITH_STATE },
  { "torch._tensor", "_rebuild_from_type_v2", CALL_REBUILD_FROM_TYPE_V2 },
  { "collections", "OrderedDict", CALL_ORDERED_DICT },
  { "torch", "Tensor", CLASS_TENSOR },
  { "torch.nn.parameter", "Parameter", CLASS_TENSOR },
};

/* torch's legacy typed storage classes, which name the dtype of a saved storage. */
static const struct
{
  const char    *name;
  MsvisNpyDtype  dtype;
} storages[] = {
  { "FloatStorage", MSVIS_NPY_FLOAT32 },   { "DoubleStorage", MSVIS_NPY_FLOAT64 },
  { "HalfStorage", MSVIS_NPY_FLOAT16 },    { "BFloat16Storage", MSVIS_NPY_BFLOAT16 },
  { "LongStorage", MSVIS_NPY_INT64 },      { "IntStorage", MSVIS_NPY_INT32 },
  { "ShortStorage", MSVIS_NPY_INT16 },     { "CharStorage", MSVIS_NPY_INT8 },
  { "ByteStorage", MSVIS_NPY_UINT8 },      { "BoolStorage", MSVIS_NPY_BOOL },
};

#define MAX_STACK 100000

typedef struct
{
  const guint8 *start, *p, *end;
  const guint8 *op;              /* the opcode being run, for messages */
  const char   *name;
  GPtrArray    *objects;         /* every Obj, freed at the end */
  GPtrArray    *stack;
  GArray       *marks;           /* stack lengths at each MARK */
  GHashTable   *memo;
  GError      **error;
} Vm;

static void
obj_free (gpointer data)
{
  Obj *obj = data;

  g_free (obj->s);
  g_clear_pointer (&obj->items, g_ptr_array_unref);
  g_free (obj->tensor);
  g_free (obj);
}

static Obj *
obj_new (Vm      *vm,
         ObjKind  kind)
{
  Obj *obj = g_new0 (Obj, 1);

  obj->kind = kind;
  if (kind == OBJ_TUPLE || kind == OBJ_LIST || kind == OBJ_DICT)
    obj->items = g_ptr_array_new ();
  g_ptr_array_add (vm->objects, obj);
  return obj;
}

static gboolean G_GNUC_PRINTF (3, 4)
fail (Vm         *vm,
      int         code,
      const char *format,
      ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (vm->error, MSVIS_READER_ERROR, code,
               /* translators: a file name, what is wrong, then a byte offset */
               _("%s: data.pkl is not a tensor as torch.save writes it: %s (pickle byte %u)"),
               vm->name, what, (guint)(vm->op - vm->start));
  return FALSE;
}

static gboolean
need (Vm    *vm,
      gsize  n)
{
  if ((gsize)(vm->end - vm->p) >= n)
    return TRUE;
  return fail (vm, MSVIS_READER_ERROR_TRUNCATED, _("it ends inside an instruction"));
}

static guint64
read_le (Vm    *vm,
         guint  n)
{
  guint64 v = 0;

  for (guint k = 0; k < n; k++)
    v |= (guint64)vm->p[k] << (8 * k);
  vm->p += n;
  return v;
}

static gboolean
push (Vm  *vm,
      Obj *obj)
{
  if (vm->stack->len >= MAX_STACK)
    return fail (vm, MSVIS_READER_ERROR_TOO_DEEP, _("the stack is deeper than %d"), MAX_STACK);
  g_ptr_array_add (vm->stack, obj);
  return TRUE;
}

static Obj *
pop (Vm *vm)
{
  guint floor = vm->marks->len ? g_array_index (vm->marks, guint, vm->marks->len - 1) : 0;

  if (vm->stack->len <= floor)
    {
      fail (vm, MSVIS_READER_ERROR_SYNTAX, _("it takes from an empty stack"));
      return NULL;
    }
  return g_ptr_array_steal_index (vm->stack, vm->stack->len - 1);
}

static Obj *
top (Vm *vm)
{
  guint floor = vm->marks->len ? g_array_index (vm->marks, guint, vm->marks->len - 1) : 0;

  if (vm->stack->len <= floor)
    {
      fail (vm, MSVIS_READER_ERROR_SYNTAX, _("it takes from an empty stack"));
      return NULL;
    }
  return g_ptr_array_index (vm->stack, vm->stack->len - 1);
}

/* Everything above the last MARK, which goes. */
static GPtrArray *
pop_mark (Vm *vm)
{
  GPtrArray *items;
  guint mark;

  if (vm->marks->len == 0)
    {
      fail (vm, MSVIS_READER_ERROR_SYNTAX, _("there is no MARK to go back to"));
      return NULL;
    }
  mark = g_array_index (vm->marks, guint, vm->marks->len - 1);
  g_array_set_size (vm->marks, vm->marks->len - 1);
  items = g_ptr_array_new ();
  for (guint k = mark; k < vm->stack->len; k++)
    g_ptr_array_add (items, g_ptr_array_index (vm->stack, k));
  g_ptr_array_set_size (vm->stack, mark);
  return items;
}

static gboolean
push_tuple (Vm    *vm,
            guint  n)
{
  Obj *tuple = obj_new (vm, OBJ_TUPLE);
  guint floor = vm->marks->len ? g_array_index (vm->marks, guint, vm->marks->len - 1) : 0;

  if (vm->stack->len < floor + n)
    return fail (vm, MSVIS_READER_ERROR_SYNTAX, _("it takes from an empty stack"));
  for (guint k = vm->stack->len - n; k < vm->stack->len; k++)
    g_ptr_array_add (tuple->items, g_ptr_array_index (vm->stack, k));
  g_ptr_array_set_size (vm->stack, vm->stack->len - n);
  return push (vm, tuple);
}

static gboolean
push_string (Vm      *vm,
             ObjKind  kind,
             guint64  length)
{
  Obj *obj;

  if (!need (vm, length))
    return FALSE;
  if (kind == OBJ_STR && !g_utf8_validate_len ((const char *)vm->p, length, NULL))
    return fail (vm, MSVIS_READER_ERROR_ENCODING, _("a string is not UTF-8"));
  obj = obj_new (vm, kind);
  obj->s = g_strndup ((const char *)vm->p, length);
  obj->n = length;
  vm->p += length;
  return push (vm, obj);
}

static gboolean
push_int (Vm     *vm,
          gint64  value)
{
  Obj *obj = obj_new (vm, OBJ_INT);

  obj->i = value;
  return push (vm, obj);
}

/* LONG1: little-endian two's complement; torch's numbers fit in 64 bits. */
static gboolean
push_long (Vm    *vm,
           guint  n)
{
  guint64 v;

  if (n > 8)
    return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE, _("an integer is wider than 64 bits"));
  if (!need (vm, n))
    return FALSE;
  if (n == 0)
    return push_int (vm, 0);
  v = read_le (vm, n);
  if (n < 8 && (v >> (8 * n - 1)) & 1)
    v |= G_MAXUINT64 << (8 * n);
  return push_int (vm, (gint64)v);
}

static gboolean
resolve_global (Vm         *vm,
                const char *module,
                const char *name)
{
  Obj *obj = obj_new (vm, OBJ_GLOBAL);

  for (guint k = 0; k < G_N_ELEMENTS (globals); k++)
    if (strcmp (module, globals[k].module) == 0 && strcmp (name, globals[k].name) == 0)
      {
        obj->global = globals[k].global;
        return push (vm, obj);
      }
  if (strcmp (module, "torch") == 0 && g_str_has_suffix (name, "Storage"))
    {
      for (guint k = 0; k < G_N_ELEMENTS (storages); k++)
        if (strcmp (name, storages[k].name) == 0)
          {
            obj->global = CLASS_STORAGE;
            obj->dtype = storages[k].dtype;
            return push (vm, obj);
          }
      return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE,
                   _("its storage type torch.%s is not a number type msvis can compare"), name);
    }
  return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE,
               _("it refers to %s.%s, which a saved tensor does not use"), module, name);
}

/* GLOBAL: "module\nname\n" */
static gboolean
op_global (Vm *vm)
{
  const guint8 *nl1 = memchr (vm->p, '\n', vm->end - vm->p), *nl2;
  g_autofree char *module = NULL, *name = NULL;

  nl2 = nl1 ? memchr (nl1 + 1, '\n', vm->end - nl1 - 1) : NULL;
  if (nl2 == NULL)
    return fail (vm, MSVIS_READER_ERROR_TRUNCATED, _("it ends inside an instruction"));
  module = g_strndup ((const char *)vm->p, nl1 - vm->p);
  name = g_strndup ((const char *)nl1 + 1, nl2 - nl1 - 1);
  vm->p = nl2 + 1;
  if (!g_utf8_validate (module, -1, NULL) || !g_utf8_validate (name, -1, NULL))
    return fail (vm, MSVIS_READER_ERROR_ENCODING, _("a string is not UTF-8"));
  return resolve_global (vm, module, name);
}

static gboolean
op_stack_global (Vm *vm)
{
  Obj *name = pop (vm), *module = name ? pop (vm) : NULL;

  if (module == NULL)
    return FALSE;
  if (name->kind != OBJ_STR || module->kind != OBJ_STR)
    return fail (vm, MSVIS_READER_ERROR_SYNTAX, _("STACK_GLOBAL needs two strings"));
  return resolve_global (vm, module->s, name->s);
}

static gboolean
memo_put (Vm      *vm,
          guint32  key)
{
  Obj *obj = top (vm);

  if (obj == NULL)
    return FALSE;
  g_hash_table_insert (vm->memo, GUINT_TO_POINTER (key), obj);
  return TRUE;
}

static gboolean
memo_get (Vm      *vm,
          guint32  key)
{
  Obj *obj = g_hash_table_lookup (vm->memo, GUINT_TO_POINTER (key));

  if (obj == NULL)
    return fail (vm, MSVIS_READER_ERROR_SYNTAX, _("memo entry %u was never stored"), key);
  return push (vm, obj);
}

/* BINPERSID: ('storage', <storage class>, key, location, numel) */
static gboolean
op_persistent_id (Vm *vm)
{
  Obj *pid = pop (vm), *storage;
  Obj **item;

  if (pid == NULL)
    return FALSE;
  item = pid->kind == OBJ_TUPLE ? (Obj **)pid->items->pdata : NULL;
  if (item == NULL || pid->items->len != 5 || item[0]->kind != OBJ_STR ||
      strcmp (item[0]->s, "storage") != 0 || item[1]->kind != OBJ_GLOBAL ||
      item[1]->global != CLASS_STORAGE || item[2]->kind != OBJ_STR ||
      item[3]->kind != OBJ_STR || item[4]->kind != OBJ_INT || item[4]->i < 0)
    return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE,
                 _("a persistent id is not ('storage', type, key, location, size)"));
  storage = obj_new (vm, OBJ_STORAGE);
  storage->dtype = item[1]->dtype;
  storage->s = g_strdup (item[2]->s);
  storage->numel = (guint64)item[4]->i;
  return push (vm, storage);
}

/* A tuple of non-negative ints (a torch.Size or strides). */
static gboolean
int_tuple (Vm      *vm,
           Obj     *obj,
           guint64 *values,
           guint   *n)
{
  if (obj->kind != OBJ_TUPLE)
    return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE, _("sizes and strides must be tuples"));
  if (obj->items->len > MSVIS_PT_MAX_DIMS)
    return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE, _("the tensor has more than %d dimensions"),
                 MSVIS_PT_MAX_DIMS);
  for (guint k = 0; k < obj->items->len; k++)
    {
      Obj *v = g_ptr_array_index (obj->items, k);

      if (v->kind != OBJ_INT || v->i < 0)
        return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE,
                     _("sizes and strides must be non-negative integers"));
      values[k] = (guint64)v->i;
    }
  *n = obj->items->len;
  return TRUE;
}

/* _rebuild_tensor(storage, storage_offset, size, stride, …) */
static Obj *
rebuild_tensor (Vm        *vm,
                GPtrArray *args)
{
  Obj **arg = (Obj **)args->pdata, *tensor;
  MsvisPtTensorInfo *info;
  guint n_stride;

  if (args->len < 4 || arg[0]->kind != OBJ_STORAGE || arg[1]->kind != OBJ_INT || arg[1]->i < 0)
    {
      fail (vm, MSVIS_READER_ERROR_INVALID_VALUE,
            _("a tensor is not rebuilt from (storage, offset, size, stride)"));
      return NULL;
    }
  tensor = obj_new (vm, OBJ_TENSOR);
  tensor->tensor = info = g_new0 (MsvisPtTensorInfo, 1);
  info->dtype = arg[0]->dtype;
  info->storage_key = arg[0]->s;      /* owned by the storage object */
  info->storage_numel = arg[0]->numel;
  info->offset = (guint64)arg[1]->i;
  if (!int_tuple (vm, arg[2], info->size, &info->ndim) ||
      !int_tuple (vm, arg[3], info->stride, &n_stride))
    return NULL;
  if (n_stride != info->ndim)
    {
      fail (vm, MSVIS_READER_ERROR_INVALID_VALUE, _("there are %u sizes but %u strides"),
            info->ndim, n_stride);
      return NULL;
    }
  return tensor;
}

static Obj *
call (Vm        *vm,
      Obj       *callable,
      GPtrArray *args)
{
  Obj **arg = (Obj **)args->pdata;

  switch (callable->kind == OBJ_GLOBAL ? callable->global : CLASS_STORAGE)
    {
    case CALL_REBUILD_TENSOR_V2:
    case CALL_REBUILD_TENSOR:
      return rebuild_tensor (vm, args);
    case CALL_REBUILD_PARAMETER:
    case CALL_REBUILD_PARAMETER_WITH_STATE:
      if (args->len >= 1 && arg[0]->kind == OBJ_TENSOR)
        return arg[0];
      break;
    case CALL_REBUILD_FROM_TYPE_V2:
      /* (func, type, args, state): the type is a Tensor or a Parameter, whose state a
       * comparison of values does not need. */
      if (args->len == 4 && arg[0]->kind == OBJ_GLOBAL && arg[1]->kind == OBJ_GLOBAL &&
          arg[1]->global == CLASS_TENSOR && arg[2]->kind == OBJ_TUPLE)
        return call (vm, arg[0], arg[2]->items);
      break;
    case CALL_ORDERED_DICT:
      if (args->len == 0)
        return obj_new (vm, OBJ_DICT);
      break;
    case CLASS_TENSOR:
    case CLASS_STORAGE:
    default:
      break;
    }
  fail (vm, MSVIS_READER_ERROR_INVALID_VALUE, _("it calls something with arguments that a "
                                                "saved tensor does not have"));
  return NULL;
}

static gboolean
op_reduce (Vm *vm)
{
  Obj *args = pop (vm), *callable = args ? pop (vm) : NULL, *result;

  if (callable == NULL)
    return FALSE;
  if (args->kind != OBJ_TUPLE)
    return fail (vm, MSVIS_READER_ERROR_SYNTAX, _("REDUCE needs a tuple of arguments"));
  result = call (vm, callable, args->items);
  return result != NULL && push (vm, result);
}

/* BUILD sets an object's state: a tensor's or a parameter's only carries hooks and
 * attributes, so it is checked for kind and dropped. */
static gboolean
op_build (Vm *vm)
{
  Obj *state = pop (vm), *obj = state ? top (vm) : NULL;

  if (obj == NULL)
    return FALSE;
  if (obj->kind != OBJ_TENSOR && obj->kind != OBJ_DICT)
    return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE, _("BUILD on something that is not a "
                                                         "tensor"));
  return TRUE;
}

static gboolean
add_items (Vm        *vm,
           Obj       *target,
           GPtrArray *items)
{
  if (target->kind == OBJ_LIST)
    g_ptr_array_extend (target->items, items, NULL, NULL);
  else if (target->kind == OBJ_DICT && items->len % 2 == 0)
    g_ptr_array_extend (target->items, items, NULL, NULL);
  else
    return fail (vm, MSVIS_READER_ERROR_SYNTAX, _("items added to something that is not a "
                                                  "list or a dict"));
  return TRUE;
}

/* APPENDS, SETITEMS: the items above the mark go into the object under it. */
static gboolean
op_add_marked (Vm *vm)
{
  g_autoptr(GPtrArray) items = pop_mark (vm);
  Obj *target;

  if (items == NULL)
    return FALSE;
  target = top (vm);
  return target != NULL && add_items (vm, target, items);
}

/* APPEND (1 item) and SETITEM (2 items) */
static gboolean
op_add (Vm    *vm,
        guint  n)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  Obj *target;

  for (guint k = 0; k < n; k++)
    {
      Obj *item = pop (vm);

      if (item == NULL)
        return FALSE;
      g_ptr_array_insert (items, 0, item);
    }
  target = top (vm);
  return target != NULL && add_items (vm, target, items);
}

static gboolean
op_marked (Vm      *vm,
           ObjKind  kind)
{
  g_autoptr(GPtrArray) items = pop_mark (vm);
  Obj *obj;

  if (items == NULL)
    return FALSE;
  if (kind == OBJ_DICT && items->len % 2 != 0)
    return fail (vm, MSVIS_READER_ERROR_SYNTAX, _("a dict has a key without a value"));
  obj = obj_new (vm, kind);
  g_ptr_array_extend (obj->items, items, NULL, NULL);
  return push (vm, obj);
}

static gboolean
op_mark (Vm *vm)
{
  guint length = vm->stack->len;

  if (vm->marks->len >= MAX_STACK)
    return fail (vm, MSVIS_READER_ERROR_TOO_DEEP, _("the stack is deeper than %d"), MAX_STACK);
  g_array_append_val (vm->marks, length);
  return TRUE;
}

static gboolean
op_float (Vm *vm)
{
  guint64 bits = 0;
  Obj *obj;

  if (!need (vm, 8))
    return FALSE;
  for (guint k = 0; k < 8; k++)   /* big-endian */
    bits = bits << 8 | vm->p[k];
  vm->p += 8;
  obj = obj_new (vm, OBJ_FLOAT);
  obj->i = (gint64)bits;
  return push (vm, obj);
}

static gboolean
op_simple (Vm      *vm,
           ObjKind  kind,
           gint64   value)
{
  Obj *obj = obj_new (vm, kind);

  obj->i = value;
  return push (vm, obj);
}

/* One instruction; *stop is set by STOP. */
static gboolean
step (Vm       *vm,
      gboolean *stop)
{
  guint8 op;

  vm->op = vm->p;
  op = *vm->p++;
  switch (op)
    {
    case 0x80: /* PROTO */
      if (!need (vm, 1))
        return FALSE;
      if (*vm->p > 5)
        return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE, _("pickle protocol %u is unknown"),
                     *vm->p);
      vm->p++;
      return TRUE;
    case 0x95: /* FRAME: only a hint for buffering */
      if (!need (vm, 8))
        return FALSE;
      vm->p += 8;
      return TRUE;
    case '.':  /* STOP */
      *stop = TRUE;
      return TRUE;
    case '(':  return op_mark (vm);
    case ')':  return push_tuple (vm, 0);
    case 0x85: return push_tuple (vm, 1);
    case 0x86: return push_tuple (vm, 2);
    case 0x87: return push_tuple (vm, 3);
    case 't':  return op_marked (vm, OBJ_TUPLE);
    case ']':  return push (vm, obj_new (vm, OBJ_LIST));
    case 'l':  return op_marked (vm, OBJ_LIST);
    case '}':  return push (vm, obj_new (vm, OBJ_DICT));
    case 'd':  return op_marked (vm, OBJ_DICT);
    case 'a':  return op_add (vm, 1);
    case 's':  return op_add (vm, 2);
    case 'e':
    case 'u':  return op_add_marked (vm);
    case 'N':  return op_simple (vm, OBJ_NONE, 0);
    case 0x88: return op_simple (vm, OBJ_BOOL, 1);
    case 0x89: return op_simple (vm, OBJ_BOOL, 0);
    case 'K':  return need (vm, 1) && push_int (vm, (gint64)read_le (vm, 1));
    case 'M':  return need (vm, 2) && push_int (vm, (gint64)read_le (vm, 2));
    case 'J':  return need (vm, 4) && push_int (vm, (gint32)(guint32)read_le (vm, 4));
    case 0x8a: return need (vm, 1) && push_long (vm, (guint)read_le (vm, 1));
    case 'G':  return op_float (vm);
    case 'X':  return need (vm, 4) && push_string (vm, OBJ_STR, read_le (vm, 4));
    case 0x8c: return need (vm, 1) && push_string (vm, OBJ_STR, read_le (vm, 1));
    case 0x8d: return need (vm, 8) && push_string (vm, OBJ_STR, read_le (vm, 8));
    case 'T':  return need (vm, 4) && push_string (vm, OBJ_STR, read_le (vm, 4));
    case 'U':  return need (vm, 1) && push_string (vm, OBJ_STR, read_le (vm, 1));
    case 'B':  return need (vm, 4) && push_string (vm, OBJ_BYTES, read_le (vm, 4));
    case 'C':  return need (vm, 1) && push_string (vm, OBJ_BYTES, read_le (vm, 1));
    case 'c':  return op_global (vm);
    case 0x93: return op_stack_global (vm);
    case 'q':  return need (vm, 1) && memo_put (vm, (guint32)read_le (vm, 1));
    case 'r':  return need (vm, 4) && memo_put (vm, (guint32)read_le (vm, 4));
    case 0x94: return memo_put (vm, g_hash_table_size (vm->memo));
    case 'h':  return need (vm, 1) && memo_get (vm, (guint32)read_le (vm, 1));
    case 'j':  return need (vm, 4) && memo_get (vm, (guint32)read_le (vm, 4));
    case 'Q':  return op_persistent_id (vm);
    case 'R':  return op_reduce (vm);
    case 'b':  return op_build (vm);
    default:
      if (g_ascii_isprint (op))
        return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE,
                     _("opcode 0x%02x (“%c”) is not one torch.save writes"), op, op);
      return fail (vm, MSVIS_READER_ERROR_INVALID_VALUE,
                   _("opcode 0x%02x is not one torch.save writes"), op);
    }
}

/**
 * _msvis_pt_unpickle:
 * @info: (out caller-allocates): the tensor; its storage_key is to be freed with g_free()
 *
 * Runs data.pkl and checks that it gives one tensor.
 */
gboolean
_msvis_pt_unpickle (const guint8       *data,
                    gsize               size,
                    const char         *name,
                    MsvisPtTensorInfo  *info,
                    GError            **error)
{
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func (obj_free);
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  g_autoptr(GArray) marks = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GHashTable) memo = g_hash_table_new (NULL, NULL);
  /* An empty record may come as NULL, and NULL + 0 is undefined in C (found by fuzz-pt). */
  static const guint8 nothing[1];
  const guint8 *start = size > 0 ? data : nothing;
  Vm vm = { start, start, start + size, start, name, objects, stack, marks, memo, error };
  gboolean stop = FALSE;
  Obj *result;

  while (!stop)
    {
      if (vm.p == vm.end)
        {
          vm.op = vm.p;
          return fail (&vm, MSVIS_READER_ERROR_TRUNCATED, _("it ends without STOP"));
        }
      if (!step (&vm, &stop))
        return FALSE;
    }

  if (stack->len != 1 || marks->len != 0)
    return fail (&vm, MSVIS_READER_ERROR_SYNTAX, _("it leaves %u objects behind"), stack->len);
  result = g_ptr_array_index (stack, 0);
  if (result->kind != OBJ_TENSOR)
    return fail (&vm, MSVIS_READER_ERROR_INVALID_VALUE, _("it holds something other than a "
                                                          "tensor"));
  *info = *result->tensor;
  info->storage_key = g_strdup (info->storage_key);
  return TRUE;
}
