"""Generate ``rules/torchscript_tables.json``: what torch.jit.script's frontend resolves.

The TL2xx rules must not import torch, so what TorchScript binds is asked of torch here, once
per torch version, and stored as data keyed by ``major.minor``:

    python benchmarks/torchscript_tables.py          # add / refresh the installed torch's entry
    python benchmarks/torchscript_tables.py --only=python_classes_unscriptable   # these tables

Each table is asked of torch in a process of its own (TorchScript keeps what it compiled for
the life of a process, so a table asked after the others could differ from the same table asked
alone).

For each Python builtin, each public function of the stdlib modules model code calls, and each
public ``torch.Tensor`` method, the frontend itself is asked: a tiny function calling it with
typed arguments (several type combinations) is compiled with ``torch.jit.script``.

- A callable is *unsupported* when every attempt fails the way the frontend fails on something
  it cannot bind: ``Python builtin ... is currently not supported``, or a Python object it
  inferred an all-Tensor signature for (``map(Tensor 0) -> Tensor 0``), or when the call only
  compiles as an opaque Python op (``^reversed()`` in the graph: it returns garbage or fails at
  run time). Any other outcome (it compiles, or the frontend's own argument checks complain)
  means TorchScript knows the name.
- A stdlib module function is *supported* when the frontend's builtin table binds it
  (``torch.jit._builtins._find_builtin``: ``math.sqrt`` to ``aten::sqrt``) or some call of it
  compiles cleanly.
- ``tensor_attributes``: every public name of ``torch.Tensor``; a name outside it read on a
  value TorchScript types as Tensor fails (``'Tensor (inferred)' object has no attribute``).
- A ``typing`` / ``collections.abc`` annotation is *supported* when a function annotated with
  it (bare, or subscripted with one or two ``int``) compiles.
- An ``nn.Module`` method is *unsupported* in ``forward`` when no call of it on a submodule
  compiles cleanly (``register_forward_hook``, ``apply``, ``state_dict``...).
- ``str_methods_unbound``: public ``str`` methods the frontend has no binding for
  (``casefold``, ``removeprefix``...): every call of it on a ``str`` fails with ``'str'
  object has no attribute or method``; none has an ``aten::`` schema with a ``str self``.
- ``str_method_keywords``: per ``str`` method bound to an ``aten::`` schema with a ``str
  self``, the argument names those schemas take (``split``: ``separator``, ``max``): Python's
  keyword names (``maxsplit``, ``sep``) match no overload.
- ``attribute_objects_unconvertible``: public classes of ``torch`` whose instance built from a
  dtype (``torch.finfo(torch.float16)``) a scripted module cannot hold as an attribute.
- ``number_methods_unbound``: per ``int`` / ``float``, the public methods and attributes of
  Python's numbers the frontend has no binding for (``bit_length``, ``is_integer``...), found
  as ``str_methods_unbound`` is.
- ``dtype_device_attributes_unbound``: per ``dtype`` / ``device``, the public attributes of
  ``torch.dtype`` / ``torch.device`` that fail read on a tensor's ``.dtype`` / ``.device``
  (TorchScript's dtype is an int: ``.is_floating_point``; its Device has ``type``, ``index``).
- ``size_methods_unbound``: public ``torch.Size`` methods the frontend has no binding for on a
  tensor's shape, which it types ``List[int]`` (``x.shape[1:].numel()``).
- ``torch_functions_unbound``: public functions of ``torch`` (``linalg``, ``fft``, ``special``,
  ``nn.functional``) for which every call fails ``Unknown builtin op: aten::<name>``
  (``torch.get_default_dtype()``, ``torch.is_tensor``); classes are left out.
- ``module_wrappers_unscriptable``: functions of ``torch.nn.utils`` / ``.parametrizations``
  that return the module they are given changed (``spectral_norm``, ``weight_norm``,
  ``orthogonal``...) after which scripting a model holding it fails, compiling or running.
- ``functional_float_arguments``: per ``torch.nn.functional`` function TorchScript compiles
  from Python source, the ``float`` arguments (and their positions) that reject an int
  literal where a float literal compiles (``F.interpolate(x, scale_factor=2)``).
- ``torch_functional_float_arguments``: the same for the ``torch.X`` of ``torch.functional``
  (``torch.cdist(a, b, p=2)``).
- ``module_float_arguments``: per ``torch.nn`` module class, the constructor arguments that,
  given an int, make ``torch.jit.script`` of the module fail where a float scripts
  (``nn.Dropout(0)``, ``nn.Hardtanh(0, 20)``), found by scripting each.
- ``contains_display_elements``: the element types of a list / tuple display that ``k in
  [a, b]`` compiles with (``aten::__contains__`` has list overloads for ints, floats and strs
  only: a display holding ``None`` or a bool fails, ``Arguments for call are not valid``).
- ``class_data_values``: the data values of ``torch`` / ``math`` (``torch.float32``,
  ``torch.channels_last``, ``math.pi``) that a module's class body binding makes no attribute
  of the scripted module (``Module 'Holder' has no attribute 'v'``), each with ``Final``
  where the binding annotated ``Final`` scripts, else ``init`` where an instance attribute
  holds it, else ``inline``.
- ``modules_unscriptable``: the public ``torch.nn`` module classes ``torch.jit.script`` fails
  on, each built with stock arguments, with torch's first error line
  (``nn.AdaptiveLogSoftmaxWithLoss``, ``nn.GaussianNLLLoss``, ``nn.MaxUnpool2d``).
- ``module_optional_outputs``: per ``torch.nn`` module class, the Optional positions of its
  scripted ``forward``'s result (``nn.MultiheadAttention``: ``[1]``).
- ``python_functions_bound``: Python functions of torch modules TorchScript binds to an
  operator (``torch.jit._builtins``), whose source it never compiles.
- ``python_functions_unscriptable``: public Python functions of torch's namespaces (``torch``,
  ``nn.init``, ``nn.functional``, ``nn.utils``, ``autograd``...) TorchScript compiles from their
  source when called and fails on, alone and called from a scripted function, with the first
  line of its error (``nn.init.calculate_gain``: ``Unknown type name '_NonlinearityType'``).
- ``python_classes_unscriptable``: public Python classes of torch (``torch.quasirandom``...)
  TorchScript compiles as a TorchScript class when scripted code builds one and fails on,
  alone and built in a scripted function (``SobolEngine``: a class attribute it cannot read).
- ``builtin_float_arguments``: per ``torch.X`` / ``torch.nn.functional`` function bound to an
  ``aten::`` op, the arguments every schema having them types ``float`` / ``float?``.
- ``functional_int_arguments``: the same functions' ``int`` arguments (and their positions)
  that reject a tuple display where an int compiles (``F.normalize(x, dim=(2, 3))``).
- A tensor method is *unbound* when the frontend says ``'Tensor' object has no attribute or
  method``. Torch's own list of tensor methods (``aten::`` schemas with a Tensor ``self``, as
  ``torch.jit.supported_ops`` builds it) is cross-checked: a method with such a schema is never
  reported unbound.
- ``schemas``: the argument lists of the ``aten::`` overloads a call binds to, for each public
  ``torch.Tensor`` method and each ``torch.X`` whose frontend binding is an ``aten::`` op
  (``torch.jit._builtins._find_builtin``; ``torch.norm``, ``torch.stft``... are compiled from
  their Python source instead and are left out). TorchScript matches a call against these
  schemas, not the Python signature: ``x.norm(dim=-1)`` fails because every overload with
  ``dim`` requires ``p``. One compact string per overload, its arguments in order:
  ``self,p=,dim,keepdim=,*,dtype,out`` (``=``: has a default; after ``*``: keyword-only; a
  trailing ``+``: a list the frontend also fills from the remaining positionals, as in
  ``x.permute(1, 0)``), the overloads of one op joined by ``|``. ``number_lists`` names, per
  op, the arguments that are a list of numbers in every overload that has them. ``tensor_args`` names, per op, the arguments
  and positions that are a plain ``Tensor`` in every overload having them (an Optional[Tensor]
  fails there). ``tensor_methods`` and ``torch_functions`` name the ops each spelling
  reaches (a method passes its receiver as the argument named ``self``). The frontend is asked
  too: a call the table says no overload takes (no arguments, an unknown keyword, one
  positional too many, and for each overload whose argument types have a stock value, the
  overload less one required argument, the others by keyword) that compiles drops the name.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import json
import re
import sys
import tempfile
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, Optional

OUT = Path(__file__).resolve().parent.parent / "rules" / "torchscript_tables.json"
# Stdlib modules whose functions model code reaches for in forward.
MODULES = ("math", "cmath", "itertools", "functools", "collections", "operator", "copy", "heapq",
           "bisect", "statistics", "random", "time", "os", "warnings", "typing", "inspect", "re",
           "string", "json", "pickle", "logging", "torch.distributed")  # fmt: skip
ARGUMENTS = ("", "i", "f", "s", "l", "t", "i, i", "f, f", "s, s", "l, i", "l, l", "t, t", "t, i")
SIGNATURE = "i: int, f: float, s: str, l: List[int], t: torch.Tensor"
OPAQUE = (re.compile(r"is currently not supported in Torchscript"), re.compile(r"-> Tensor 0\s*:"))
UNBOUND_METHOD = "object has no attribute or method"
_TMP = Path(tempfile.mkdtemp(prefix="torchscript-tables-"))
_count = 0


def _first_line(exc: BaseException) -> str:
    """The first line of an exception's message (its type's name when it has none)."""
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def _load(source: str) -> ModuleType:
    """``source`` imported from a file of its own (TorchScript reads a function's source)."""
    global _count
    _count += 1
    path = _TMP / f"probe_{_count}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"probe_{_count}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _holder_error(source: str) -> Optional[BaseException]:
    """What ``torch.jit.script`` of ``source``'s ``Holder()`` raises (None: it scripts)."""
    import torch

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            torch.jit.script(_load(source).Holder())
    except Exception as exc:  # the frontend's verdict is the exception
        return exc
    return None


def _compile(body: str, imports: str) -> tuple[bool, str]:
    """Script ``def f(SIGNATURE): body``; (compiled without Python ops, first error line)."""
    import torch

    source = f"from typing import List\nimport torch\n{imports}\n\ndef f({SIGNATURE}):\n"
    module = _load(source + f"    y = {body}\n    return 0\n")
    try:
        scripted = torch.jit.script(module.f)
    except Exception as exc:  # the frontend's verdict is the exception
        return False, _first_line(exc)
    opaque = any(node.kind() == "prim::PythonOp" for node in scripted.graph.nodes())
    return not opaque, "compiles only as an opaque Python call" if opaque else ""


def unsupported(call: str, imports: str = "") -> Optional[str]:
    """The frontend's first error when it cannot bind ``call`` at all, else None."""
    first = None
    for arguments in ARGUMENTS:
        ok, error = _compile(f"{call}({arguments})", imports)
        if ok:
            return None
        if error != "compiles only as an opaque Python call" and not any(
            p.search(error) for p in OPAQUE
        ):
            return None  # the frontend's own argument checks: it knows the name
        first = first or error
    return first


def builtin_table() -> dict[str, str]:
    import builtins

    table = {}
    for name in sorted(dir(builtins)):
        obj = getattr(builtins, name)
        if name.startswith("_") or not callable(obj):
            continue
        if isinstance(obj, type) and issubclass(obj, BaseException):
            continue  # `raise ValueError(...)` is its own statement form
        error = unsupported(name)
        if error is not None:
            table[name] = error
    return table


def module_tables() -> dict[str, dict[str, list[str]]]:
    """Per module, the functions the frontend binds (its builtin table, or a call that compiles
    cleanly for some argument types) and the rest. Python-source functions are compiled from
    their source, whose failures read like argument errors: only a clean compile counts."""
    from torch.jit._builtins import _find_builtin

    tables = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        supported, rejected = [], []
        for name in sorted(vars(module)):
            obj = getattr(module, name)
            if name.startswith("_") or not callable(obj) or isinstance(obj, type(sys)):
                continue
            if isinstance(obj, type) and issubclass(obj, BaseException):
                continue
            owner = getattr(obj, "__module__", module_name) or module_name
            if owner.lstrip("_") not in (module_name, "collections.abc") and not owner.startswith(
                module_name
            ):
                continue  # re-exported from elsewhere (typing's torch-free aliases, os.path...)
            call, imports = f"{module_name}.{name}", f"import {module_name}"
            known = _find_builtin(obj) is not None or any(
                _compile(f"{call}({arguments})", imports)[0] for arguments in ARGUMENTS
            )
            (supported if known else rejected).append(name)
        tables[module_name] = {"supported": supported, "unsupported": rejected}
    return tables


def tensor_methods() -> list[str]:
    import torch

    def has_schema(name: str) -> bool:
        for schema in torch._C._jit_get_schemas_for_operator("aten::" + name):
            args = schema.arguments
            if args and args[0].name == "self":
                if args[0].type.isSubtypeOf(torch._C.TensorType.get()):
                    return True
        return False

    unbound = []
    for name in sorted(dir(torch.Tensor)):
        if name.startswith("_") or not callable(getattr(torch.Tensor, name, None)):
            continue
        _, error = _compile(f"t.{name}()", "")
        if UNBOUND_METHOD in error and not has_schema(name):
            unbound.append(name)
    return unbound


def str_methods() -> list[str]:
    """Public ``str`` methods the frontend does not bind: ``s.casefold()`` on a ``str`` fails
    with ``'str' object has no attribute or method 'casefold'`` whatever the arguments. Torch's
    own ``aten::`` schemas whose ``self`` is a ``str`` (``aten::lower(str self) -> str``) are
    cross-checked: a method with such a schema is never reported."""
    import torch

    bound = {
        schema.name.split("::")[-1]
        for schema in torch._C._jit_get_all_schemas()
        if schema.arguments
        and schema.arguments[0].name == "self"
        and str(schema.arguments[0].type) == "str"
    }
    unbound = []
    for name in sorted(dir(str)):
        if name.startswith("_") or name in bound:
            continue
        errors = [_compile(f"s.{name}({arguments})", "")[1] for arguments in ARGUMENTS]
        if all(UNBOUND_METHOD in error for error in errors):
            unbound.append(name)
    return unbound


def str_method_keywords() -> dict[str, list[str]]:
    """Per ``str`` method the frontend binds to an ``aten::`` schema whose ``self`` is a
    ``str``, the argument names those schemas take (``split``: ``separator``, ``max``): a
    call passing another keyword (Python's ``s.split("/", maxsplit=1)``) matches no overload
    (``Arguments for call are not valid``). A method whose schemas name no argument past
    ``self`` (``format``, variadic) is left out."""
    import torch

    found: dict[str, set[str]] = {}
    for schema in torch._C._jit_get_all_schemas():
        arguments = schema.arguments
        if not arguments or arguments[0].name != "self" or str(arguments[0].type) != "str":
            continue
        found.setdefault(schema.name.split("::")[-1], set()).update(a.name for a in arguments[1:])
    return {
        name: sorted(names)
        for name, names in sorted(found.items())
        if names and not name.startswith("_") and name in dir(str)
    }


def attribute_objects_unconvertible() -> dict[str, str]:
    """Public lowercase classes of ``torch`` (no context manager) whose
    instance, built from a dtype (``torch.finfo(torch.float16)``, ``torch.iinfo(torch.int32)``),
    a module cannot hold as an attribute its scripted code reads: ``self.v = torch.X(...)`` in
    ``__init__`` and a ``forward`` reading ``self.v`` fails to script (torch 2.13: Module
    'Holder' has no attribute 'v' ... failed to convert Python type), with the part of torch's
    error that names the type."""
    import inspect

    import torch

    stock = {"torch.float16": torch.float16, "torch.int32": torch.int32}
    found = {}
    for name in sorted(dir(torch)):
        cls = getattr(torch, name, None)
        # Torch's type objects, lowercase as Python's (`finfo`, `device`, `layout`): the
        # capitalised classes (storages, streams...) can abort the process built from a dtype.
        if name.startswith("_") or not inspect.isclass(cls) or not name.islower():
            continue
        if issubclass(cls, (torch.nn.Module, BaseException, torch.Tensor)) or hasattr(
            cls, "__enter__"
        ):
            continue
        for spelled, argument in stock.items():
            try:
                cls(argument)
            except Exception:  # not built from this dtype
                continue
            source = (
                "import torch\n\n"
                "class Holder(torch.nn.Module):\n"
                "    def __init__(self):\n"
                "        super().__init__()\n"
                f"        self.v = torch.{name}({spelled})\n\n"
                "    def forward(self, x: torch.Tensor):\n"
                "        y = self.v\n"
                "        return x\n"
            )
            error = _holder_error(source)
            if error is not None:
                message = str(error)
                match = re.search(r"failed to convert Python type: '[^']+'", message)
                if "has no attribute 'v'" in message and match:
                    found[f"torch.{name}"] = match.group(0)
            break
    return found


def number_methods() -> dict[str, list[str]]:
    """Per number type (``int``, ``float``), the public methods and attributes of Python's
    ``int`` and ``float`` the frontend does not bind on it: ``i.bit_length()`` on an ``int``
    fails with ``'int' object has no attribute or method 'bit_length'`` whatever the
    arguments. Torch's ``aten::`` schemas whose ``self`` has that type are cross-checked: a
    method with such a schema is never reported."""
    import torch

    names = sorted({n for n in dir(int) + dir(float) if not n.startswith("_")} | {"is_integer"})
    unbound: dict[str, list[str]] = {}
    for variable, type_name in (("i", "int"), ("f", "float")):
        bound = {
            schema.name.split("::")[-1]
            for schema in torch._C._jit_get_all_schemas()
            if schema.arguments
            and schema.arguments[0].name == "self"
            and str(schema.arguments[0].type) == type_name
        }
        unbound[type_name] = [
            name
            for name in names
            if name not in bound
            and all(
                UNBOUND_METHOD in _compile(f"{variable}.{name}({arguments})", "")[1]
                for arguments in ARGUMENTS
            )
        ]
    return unbound


def dtype_device_attributes() -> dict[str, list[str]]:
    """Per ``dtype`` / ``device``, the public attributes of ``torch.dtype`` / ``torch.device``
    a read of which on a tensor's ``.dtype`` / ``.device`` fails: TorchScript's dtype is an int
    (``'int' object has no attribute or method 'is_floating_point'``); its Device has ``type``
    and ``index``."""
    import torch

    unbound: dict[str, list[str]] = {}
    for attribute, cls in (("dtype", torch.dtype), ("device", torch.device)):
        unbound[attribute] = [
            name
            for name in sorted(dir(cls))
            if not name.startswith("_")
            and UNBOUND_METHOD in _compile(f"t.{attribute}.{name}", "")[1]
        ]
    return unbound


def optional_attributes() -> dict[str, dict[str, str]]:
    """Per ``tensor`` / ``device``, the public attributes of ``torch.Tensor`` / ``torch.device``
    whose read on a tensor (``t.name``) or a tensor's device (``t.device.index``) TorchScript
    types as an Optional, with that type as the frontend prints it (``Optional[int]``). It
    refines a local name alone, so ``t.device.index if t.device.index is not None else 0`` is
    still ``Optional[int]`` to it. Asked of the frontend: the type a scripted function returning
    the read gives its result."""
    import torch

    found: dict[str, dict[str, str]] = {}
    for kind, prefix, cls in (("tensor", "t", torch.Tensor), ("device", "t.device", torch.device)):
        for name in sorted(dir(cls)):
            if name.startswith("_"):
                continue
            source = f"import torch\n\ndef f(t: torch.Tensor):\n    return {prefix}.{name}\n"
            try:
                scripted = torch.jit.script(_load(source).f)
            except Exception:  # noqa: BLE001 - a method, or no binding: not a plain read
                continue
            result = str(next(iter(scripted.graph.return_node().inputs())).type())
            if result.startswith("Optional["):
                found.setdefault(kind, {})[name] = result
    return found


def size_methods() -> list[str]:
    """Public ``torch.Size`` methods and attributes the frontend does not bind on a tensor's
    shape: TorchScript types ``x.shape`` / ``x.size()`` as ``List[int]``, so
    ``x.shape[1:].numel()`` fails with ``'List[int]' object has no attribute or method
    'numel'`` whatever the arguments."""
    import torch

    return [
        name
        for name in sorted(dir(torch.Size))
        if not name.startswith("_")
        and all(
            UNBOUND_METHOD in _compile(f"t.shape.{name}({arguments})", "")[1]
            for arguments in ARGUMENTS
        )
        and UNBOUND_METHOD in _compile(f"t.shape.{name}", "")[1]
    ]


# Namespaces of ``torch`` whose public callables ``torch_functions`` asks about.
TORCH_NAMESPACES = ("torch", "torch.linalg", "torch.fft", "torch.special", "torch.nn.functional")
# Private functions of `torch` that model code calls all the same: its checks
# (`torch._check(cond)`, `torch._check_is_size(n)`), which torch.export and torch.compile read.
CHECK_PREFIX = "_check"


def torch_functions() -> dict[str, str]:
    """Public callables of ``torch`` (and ``torch.linalg`` / ``fft`` / ``special`` /
    ``nn.functional``) the frontend has no operator for: it binds a C function it does not
    know to an ``aten::`` symbol of the same name, and a symbol without schemas fails
    whatever the arguments (``torch.get_default_dtype()``: ``Unknown builtin op:
    aten::get_default_dtype``). A name is kept only when every call of it fails so. Of the
    private ones, torch's checks are asked too (``torch._check_is_size(n)``: ``Unknown builtin
    op: aten::_check_is_size``, where ``torch._check`` compiles from its source)."""
    import torch

    found = {}
    for namespace in TORCH_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            obj = getattr(module, name, None)
            private = name.startswith("_") and not (
                namespace == "torch" and name.startswith(CHECK_PREFIX)
            )
            if private or not callable(obj) or isinstance(obj, (type, type(torch))):
                continue  # classes are annotations, bases and context managers too
            errors = [
                _compile(f"{namespace}.{name}({arguments})", "")[1] for arguments in ARGUMENTS
            ]
            if all("Unknown builtin op" in error for error in errors):
                found[f"{namespace}.{name}"] = errors[0]
    return found


# Functions of ``torch.nn.utils`` that take a module and return it changed.
WRAPPER_NAMESPACES = ("torch.nn.utils", "torch.nn.utils.parametrizations", "torch.nn.utils.prune")
# The arguments after the module each namespace's functions are tried with (a pruning method
# takes the parameter's name and an amount: `prune.l1_unstructured(m, "weight", 0.5)`).
WRAPPER_ARGUMENTS = {
    "torch.nn.utils.prune": (
        ("weight",),
        ("weight", 0.5),
        ("weight", 0.5, 0),
        ("weight", 0.5, 2, 0),
    )
}


def module_wrappers() -> dict[str, str]:
    """Functions of ``torch.nn.utils`` (and ``.parametrizations``, ``.prune``) that take an
    ``nn.Module`` and return it changed (``spectral_norm``, ``weight_norm``, ``orthogonal``,
    ``prune.l1_unstructured``...) after which
    ``torch.jit.script`` of a model holding the module fails, at compile or at run time: the
    first error line, per qualified name. Each is applied to an ``nn.Linear(3, 3)`` held by a
    small model, which is then scripted and run; a function that does not return a module
    for that call is left out."""
    import torch
    from torch import nn

    found = {}
    for namespace in WRAPPER_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            fn = getattr(module, name, None)
            if name.startswith("_") or isinstance(fn, type) or not callable(fn):
                continue
            wrapped = None
            for arguments in WRAPPER_ARGUMENTS.get(namespace, ((),)):
                try:
                    wrapped = fn(nn.Linear(3, 3), *arguments)
                    break
                except Exception:
                    continue
            if not isinstance(wrapped, nn.Linear):
                continue

            class Holder(nn.Module):
                def __init__(self, inner: nn.Module) -> None:
                    super().__init__()
                    self.inner = inner

                def forward(self, x: torch.Tensor) -> torch.Tensor:
                    return self.inner(x)

            try:
                torch.jit.script(Holder(wrapped))(torch.randn(2, 3))
            except Exception as exc:  # the frontend's verdict is the exception
                lines = str(exc).strip().splitlines()
                found[f"{namespace}.{name}"] = f"{type(exc).__name__}: {lines[0] if lines else ''}"
    return found


STOCK = {"Tensor": "t", "int": "1", "float": "1.0", "bool": "False", "str": "s", "List[int]": "l"}


def functional_float_arguments() -> dict[str, dict[str, int]]:
    """Per ``torch.nn.functional`` function TorchScript compiles from its Python source (no
    ``aten::`` builtin), the arguments annotated with ``float`` (or not annotated: TorchScript
    reads ``F.upsample``'s from its overloads) that reject an int literal
    (``F.interpolate(t, scale_factor=2)``: ``Arguments for call are not valid``, where
    ``scale_factor=2.0`` compiles; TorchScript converts no int to a float there), with their
    positions. Other required arguments get a stock value of their annotated type."""
    import torch.nn.functional as F

    return _source_float_arguments(F, "torch.nn.functional", sorted(dir(F)))


def torch_functional_float_arguments() -> dict[str, dict[str, int]]:
    """The same for the ``torch.X`` functions of ``torch.functional`` that TorchScript compiles
    from their Python source (``torch.cdist``, ``torch.norm``, ``torch.stft``...), keyed by
    ``torch.X``: ``torch.cdist(a, b, p=2)`` fails (``Expected a value of type 'float' for
    argument 'p'``) where ``p=2.0`` compiles."""
    import torch
    import torch.functional as TF

    names = [n for n in TF.__all__ if getattr(torch, n, None) is getattr(TF, n)]
    found = _source_float_arguments(TF, "torch", names)
    return {f"torch.{name}": arguments for name, arguments in found.items()}


def _source_float_arguments(
    namespace: ModuleType, spelled: str, names: list[str]
) -> dict[str, dict[str, int]]:
    """Per function ``names`` of ``namespace`` TorchScript compiles from source, called as
    ``spelled.name``, its float arguments that compile with ``2.0`` and fail with ``2``."""
    import inspect

    import torch

    found: dict[str, dict[str, int]] = {}
    for name in names:
        function = getattr(namespace, name)
        if name.startswith("_") or not inspect.isfunction(function):
            continue
        if torch.jit._builtins._find_builtin(function) is not None:
            continue
        try:
            parameters = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):
            continue
        required = []
        for parameter in parameters:
            if parameter.default is inspect.Parameter.empty:
                annotation = parameter.annotation
                # Unannotated: a Tensor to TorchScript.
                annotation = "Tensor" if annotation is inspect.Parameter.empty else annotation
                if str(annotation) in ("list[int]", "typing.List[int]"):
                    annotation = "List[int]"  # `F.pad(t, [0, 1], ...)`
                annotation = getattr(annotation, "__name__", str(annotation))
                if annotation not in STOCK or parameter.kind not in (
                    inspect.Parameter.POSITIONAL_ONLY,
                    inspect.Parameter.POSITIONAL_OR_KEYWORD,
                ):
                    break
                required.append(STOCK[annotation])
        else:
            for position, parameter in enumerate(parameters):
                annotation = parameter.annotation
                if position < len(required) or not (
                    annotation is inspect.Parameter.empty or "float" in str(annotation)
                ):
                    continue
                call = f"{spelled}.{name}({', '.join(required)}"
                if (
                    _compile(f"{call}, {parameter.name}=2.0)", "")[0]
                    and not (_compile(f"{call}, {parameter.name}=2)", "")[0])
                ):
                    found.setdefault(name, {})[parameter.name] = position
    return found


def _nn_modules() -> Iterator[tuple[str, type]]:
    """The public ``torch.nn`` module classes by name, sorted."""
    import inspect

    from torch import nn

    for name in sorted(dir(nn)):
        cls = getattr(nn, name)
        if not name.startswith("_") and inspect.isclass(cls) and issubclass(cls, nn.Module):
            yield name, cls


def _init_parameters(cls: type) -> Optional[list[Any]]:
    """``cls.__init__``'s parameters after ``self`` (None where it has no signature)."""
    import inspect

    try:
        return list(inspect.signature(cls.__init__).parameters.values())[1:]
    except (TypeError, ValueError):
        return None


def module_optional_outputs() -> dict[str, object]:
    """Per public ``torch.nn`` module class whose scripted ``forward`` returns an Optional, or
    a tuple holding one: ``"all"``, or the tuple positions that are Optional
    (``torch.nn.MultiheadAttention``: ``[1]``, its ``(Tensor, Tensor?)``: the weights are
    None with ``need_weights=False``, and TorchScript types them ``Optional[Tensor]``
    whatever the call passes). Candidates are read from the source's return annotation and
    kept only where the schema of the module scripted with stock arguments (``1`` for an
    int or unannotated argument, ``1.0``, ``False``) says the same."""
    import inspect
    import typing

    import torch

    found: dict[str, object] = {}
    for name, cls in _nn_modules():
        try:
            returned = typing.get_type_hints(cls.forward).get("return")
        except Exception:  # an annotation naming what the module does not import
            continue
        if returned is None or "None" not in str(returned) or returned is type(None):
            continue
        arguments: dict[str, object] = {}
        for parameter in list(inspect.signature(cls.__init__).parameters.values())[1:]:
            text = str(parameter.annotation)
            if parameter.default is not inspect.Parameter.empty or parameter.kind in (
                inspect.Parameter.VAR_POSITIONAL,
                inspect.Parameter.VAR_KEYWORD,
            ):
                continue
            if "float" in text and "int" not in text:
                arguments[parameter.name] = 1.0
            elif "bool" in text:
                arguments[parameter.name] = False
            else:
                arguments[parameter.name] = 1
        try:
            schema = torch.jit.script(cls(**arguments)).forward.schema
        except Exception:  # the frontend's verdict: not scriptable this way
            continue
        if len(schema.returns) != 1:
            continue
        kind = schema.returns[0].type
        if isinstance(kind, torch._C.OptionalType):
            found[f"torch.nn.{name}"] = "all"
        elif isinstance(kind, torch._C.TupleType):
            positions = [
                i for i, e in enumerate(kind.elements()) if isinstance(e, torch._C.OptionalType)
            ]
            if positions:
                found[f"torch.nn.{name}"] = positions
    return found


REDEFINED = "Can't redefine method"


def _error_line(exc: BaseException) -> str:
    """The line of a TorchScript error that says what is wrong (``Expected a value of type
    'float' for argument 'p' but instead found type 'int'.``), else its first line."""
    lines = [line.strip() for line in str(exc).splitlines()]
    for line in lines:
        if line.startswith(("Expected a value of type", "Arguments for call are not valid")):
            return line
    return _first_line(exc)


def _module_scripts(name: str, arguments: dict[str, object]) -> tuple[bool, str]:
    """Whether ``torch.jit.script(nn.<name>(**arguments))`` compiles; torch's error line."""
    import torch

    try:
        torch.jit.script(getattr(torch.nn, name)(**arguments))
    except Exception as exc:  # the frontend's verdict is the exception
        error = _error_line(exc)
        if REDEFINED in error:  # an earlier attempt's class in this process
            return _scripts_apart(name, arguments)
        return False, error
    return True, ""


def _scripts_apart(name: str, arguments: dict[str, object]) -> tuple[bool, str]:
    """``torch.jit.script(nn.<name>(**arguments))`` in a fresh process: one process compiles
    a module class once per attribute types, and a second class of the same types fails with
    ``Can't redefine method: forward``."""
    import subprocess

    program = (
        "import sys, torch\n"
        f"from benchmarks.torchscript_tables import _error_line\n"
        "try:\n"
        f"    torch.jit.script(torch.nn.{name}(**{arguments!r}))\n"
        "except Exception as exc:\n"
        "    print(_error_line(exc)); sys.exit(1)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        cwd=OUT.parent.parent,
        check=False,
    )
    return done.returncode == 0, done.stdout.strip()


# Constructor arguments never given a number: the factory keywords, and those typed by modules
# (``nn.Transformer(custom_encoder=...)``).
MODULE_SKIPPED = ("device", "dtype")


def module_float_arguments() -> dict[str, dict[str, dict[str, object]]]:
    """Per public ``torch.nn`` module class (``torch.nn.Dropout``), the constructor arguments
    for which ``torch.jit.script`` of the module built with an int fails where the same module
    built with a float scripts: the module stores the number and its ``forward`` hands it to a
    ``float`` argument of a function TorchScript compiles from Python source or of an
    ``aten::`` op, and TorchScript types the attribute by its value (``nn.Dropout(0)``,
    ``nn.Hardtanh(0, 20)``, ``nn.ConstantPad1d(2, 0)``, ``nn.MultiheadAttention(4, 2,
    dropout=0)``; ``nn.Upsample(scale_factor=2)`` stores a float and ``nn.Softplus(beta=1)``
    reaches a ``Scalar``: both script). Tried, not read: each argument whose default is a
    float, or whose annotation names ``float``, is given the float (its default, else ``1.0``)
    and then its ``int``; the other required arguments get a stock value of their annotation
    (``1``, ``1.0``, ``False``; ``1`` when unannotated). Each maps to its position in the constructor (None when
    keyword-only) and the first line of torch's error."""
    import inspect

    found: dict[str, dict[str, dict[str, object]]] = {}
    for name, cls in _nn_modules():
        parameters = _init_parameters(cls)
        if parameters is None:
            continue
        base: dict[str, object] = {}
        candidates: dict[str, float] = {}
        usable = True
        for parameter in parameters:
            if parameter.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                continue
            text = str(parameter.annotation)
            default = parameter.default
            if parameter.name in MODULE_SKIPPED:
                continue
            if isinstance(default, float):
                candidates[parameter.name] = default
            elif default is inspect.Parameter.empty:
                if "float" in text and "int" not in text:
                    base[parameter.name] = 1.0
                    candidates[parameter.name] = 1.0
                elif "bool" in text:
                    base[parameter.name] = False
                elif "int" in text or "_size" in text or parameter.annotation is parameter.empty:
                    base[parameter.name] = 1  # unannotated: `nn.MultiheadAttention(embed_dim, ...)`
                else:
                    usable = False
            elif "float" in text and default is None and "int" not in text:
                candidates[parameter.name] = 1.0
        if not usable or not candidates:
            continue

        if not _module_scripts(name, base)[0]:
            continue
        positions = {
            p.name: i
            for i, p in enumerate(parameters)
            if p.kind
            in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        }
        for argument, number in sorted(candidates.items()):
            if not _module_scripts(name, {**base, argument: float(number)})[0]:
                continue
            ok, error = _module_scripts(name, {**base, argument: int(number)})
            if not ok:
                found.setdefault(f"torch.nn.{name}", {})[argument] = {
                    "position": positions.get(argument),
                    "error": error,
                }
    return found


# Constructor arguments for the torch.nn module classes the stock values cannot build (a list
# of cutoffs, a pooling ratio, sizes given as a tuple; a recurrent layer's two sizes).
MODULE_ARGUMENTS: dict[str, dict[str, object]] = {
    "AdaptiveLogSoftmaxWithLoss": {"in_features": 4, "n_classes": 8, "cutoffs": [2, 4]},
    "FractionalMaxPool2d": {"kernel_size": 2, "output_ratio": 0.5},
    "FractionalMaxPool3d": {"kernel_size": 2, "output_ratio": 0.5},
    "RNN": {"input_size": 2, "hidden_size": 2},
    "LSTM": {"input_size": 2, "hidden_size": 2},
    "GRU": {"input_size": 2, "hidden_size": 2},
    "Unflatten": {"dim": 1, "unflattened_size": (1,)},
}
# Errors of a module TorchScript scripts once it is ready: a lazy module's parameters are
# made by its first forward (a rule of their own reads that).
MODULE_NOT_READY = "has uninitialized parameters"


def modules_unscriptable() -> dict[str, str]:
    """``torch.nn.<Class>`` of the public ``torch.nn`` module classes ``torch.jit.script``
    fails on, built with stock arguments (each required argument a stock value of its
    annotation, as in ``module_float_arguments``, or those of ``MODULE_ARGUMENTS``), with the
    first line of torch's error (``AdaptiveLogSoftmaxWithLoss``: Expected inferred type to be
    interface type for 'head'; ``GaussianNLLLoss``: Comprehension ifs are not supported yet).
    A class the stock arguments cannot build, or whose failure is a lazy module's
    uninitialized parameters, is left out."""
    import inspect

    found: dict[str, str] = {}
    for name, cls in _nn_modules():
        parameters = _init_parameters(cls)
        if parameters is None:
            continue
        arguments: dict[str, object] = dict(MODULE_ARGUMENTS.get(name, {}))
        usable = True
        for parameter in parameters:
            if (
                parameter.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
                or parameter.name in MODULE_SKIPPED
                or parameter.name in arguments
                or parameter.default is not inspect.Parameter.empty
            ):
                continue
            text = str(parameter.annotation)
            if "float" in text and "int" not in text:
                arguments[parameter.name] = 1.0
            elif "bool" in text:
                arguments[parameter.name] = False
            elif "int" in text or "_size" in text or parameter.annotation is parameter.empty:
                arguments[parameter.name] = 1
            else:
                usable = False
        if not usable:
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                cls(**arguments)
        except Exception:  # the stock arguments do not build one
            continue
        ok, error = _module_scripts(name, arguments)
        if not ok and MODULE_NOT_READY not in error:
            # A function's repr carries its address: keep the table stable.
            found[f"torch.nn.{name}"] = re.sub(r" at 0x[0-9a-f]+", "", error)
    return found


def functional_int_arguments() -> dict[str, dict[str, int]]:
    """Per ``torch.nn.functional`` function TorchScript compiles from its Python source (no
    ``aten::`` builtin), the arguments annotated ``int`` that reject a tuple display of ints
    (``F.normalize(t, dim=(2, 3))``: ``Expected a value of type 'int' for argument 'dim' but
    instead found type 'Tuple[int, int]'``, where eager's Python passes the tuple on to an op
    that takes one), with their positions: each compiles with ``1`` and fails with
    ``(1, 1)``. Other required arguments get a stock value of their annotated type."""
    import inspect

    import torch
    import torch.nn.functional as F

    found: dict[str, dict[str, int]] = {}
    for name in sorted(dir(F)):
        function = getattr(F, name)
        if name.startswith("_") or not inspect.isfunction(function):
            continue
        if torch.jit._builtins._find_builtin(function) is not None:
            continue
        try:
            parameters = list(inspect.signature(function).parameters.values())
        except (TypeError, ValueError):
            continue
        required = []
        for parameter in parameters:
            if parameter.default is inspect.Parameter.empty:
                annotation = parameter.annotation
                annotation = "Tensor" if annotation is inspect.Parameter.empty else annotation
                annotation = getattr(annotation, "__name__", str(annotation))
                if annotation not in STOCK or parameter.kind not in (
                    inspect.Parameter.POSITIONAL_ONLY,
                    inspect.Parameter.POSITIONAL_OR_KEYWORD,
                ):
                    break
                required.append(STOCK[annotation])
        else:
            for position, parameter in enumerate(parameters):
                if position < len(required) or parameter.annotation is not int:
                    continue
                call = f"torch.nn.functional.{name}({', '.join(required)}"
                if (
                    _compile(f"{call}, {parameter.name}=1)", "")[0]
                    and not (_compile(f"{call}, {parameter.name}=(1, 1))", "")[0])
                ):
                    found.setdefault(name, {})[parameter.name] = position
    return found


def python_functions_bound() -> list[str]:
    """``module.name`` of the Python functions (outside ``torch.X`` itself) that TorchScript
    binds to an operator instead of compiling their source (``torch.jit._builtins``:
    ``torch.nn.modules.utils._pair``, ``torch.autograd.grad_mode.set_grad_enabled``...): what
    their source reads says nothing of a scripted call."""
    import torch.jit._builtins as builtins_table

    found = set()
    for entry in builtins_table._builtin_ops:
        function = entry[0]
        module = getattr(function, "__module__", None)
        name = getattr(function, "__name__", None)
        if module and name and module.startswith("torch.") and not module.startswith("torch._C"):
            found.add(f"{module}.{name}")
    return sorted(found)


# Namespaces of torch whose public Python functions ``python_functions_unscriptable`` asks about.
PYTHON_NAMESPACES = (
    "torch", "torch.functional", "torch.nn.functional", "torch.nn.init", "torch.nn.utils",
    "torch.nn.utils.rnn", "torch.autograd", "torch.autograd.functional", "torch.random",
    "torch.masked", "torch.nested",
    # The back-end switches model code reads to pick a kernel (`flash_sdp_enabled()`).
    "torch.backends.cpu", "torch.backends.cuda", "torch.backends.cudnn",
    "torch.backends.cusparselt", "torch.backends.mha", "torch.backends.mkl",
    "torch.backends.mkldnn", "torch.backends.mps", "torch.backends.nnpack",
    "torch.backends.openmp", "torch.backends.opt_einsum", "torch.backends.quantized",
    "torch.backends.xnnpack",
)  # fmt: skip


def python_functions_unscriptable() -> dict[str, str]:
    """Public Python functions of torch's namespaces (``torch.nn.init``, ``nn.functional``,
    ``nn.utils``, ``autograd``...) that TorchScript compiles from their source when scripted
    code calls them (no operator bound in ``torch.jit._builtins``, no boolean dispatch, no
    ``@torch.jit.ignore``, no overloads) and whose source it cannot compile: first the function
    is scripted alone, then a call of it with a tensor from a scripted function must fail with
    the same first line (the callee is compiled when its name is resolved, before the
    arguments are matched), which is kept (``nn.init.calculate_gain``: ``Unknown type name
    '_NonlinearityType'``; ``nn.init.trunc_normal_``: ``function definitions aren't
    supported``)."""
    import inspect

    import torch
    import torch._jit_internal as internal
    from torch.jit._builtins import _find_builtin

    found = {}
    for namespace in PYTHON_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            function = getattr(module, name, None)
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            if _find_builtin(function) is not None or function in internal.boolean_dispatched:
                continue
            if internal.is_ignored_fn(function):
                continue
            try:
                torch.jit.script(function)
                continue
            except Exception as exc:  # the frontend's verdict is the exception
                alone = _first_line(exc)
            ok, error = _compile(f"{namespace}.{name}(t)", f"import {namespace}")
            if not ok and error == alone:
                # A pybind function's repr carries its address: keep the table stable.
                found[f"{namespace}.{name}"] = re.sub(r" of \S+ object at 0x[0-9a-f]+", "", alone)
    return found


def python_values_unscriptable() -> dict[str, str]:
    """Public attributes of torch's back-end namespaces (``PYTHON_NAMESPACES``) that hold a
    plain Python object (no module, class, function, number, string, dtype or device), into
    which TorchScript cannot look: scripted code reading an attribute of it fails
    (``torch.backends.cuda.matmul.allow_tf32``: attribute lookup is not defined on python value
    of type 'cuBLASModule'). Each is asked of the frontend with a read of its first public
    attribute (of `enabled` when it lists none); the first error line is kept."""
    import inspect
    import types

    import torch

    plain = (
        types.ModuleType,
        type,
        int,
        float,
        bool,
        str,
        bytes,
        type(None),
        torch.dtype,
        torch.device,
    )
    found = {}
    for namespace in PYTHON_NAMESPACES:
        if not namespace.startswith("torch.backends."):
            continue
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            value = getattr(module, name, None)
            if name.startswith("_") or isinstance(value, plain) or callable(value):
                continue
            if inspect.isroutine(value):
                continue
            # An object may serve its settings from `__getattr__` (`cuBLASModule`): any name.
            fields = [f for f in dir(value) if not f.startswith("_")] or ["enabled"]
            ok, error = _compile(f"{namespace}.{name}.{fields[0]}", f"import {namespace}")
            if not ok and "python value of type" in error:
                found[f"{namespace}.{name}"] = error
    return found


# Namespaces whose public data values a module class body may bind (`compute_dtype =
# torch.float32`, `scale = math.pi`).
CLASS_DATA_NAMESPACES = ("torch", "math")


def class_data_values() -> dict[str, str]:
    """``namespace.name`` of the public data values of ``CLASS_DATA_NAMESPACES`` (no module,
    class or callable: ``torch.float32``, ``torch.channels_last``, ``math.pi``) that a module
    cannot read as a class attribute: a class body binding ``v = torch.float32`` and a
    ``forward`` reading ``self.v`` fails to script (torch 2.13: Module 'Holder' has no
    attribute 'v'; TorchScript types a module from its instance, not its class). The value
    is ``Final`` where the same binding annotated ``v: Final = ...`` scripts (a constant
    TorchScript takes: dtype, device, layout, number), else ``init`` where ``self.v = ...`` in
    ``__init__`` scripts, else ``inline``: no attribute holds it (a memory format, which
    TorchScript takes only spelled in the scripted code)."""
    import inspect
    import types

    found = {}
    for namespace in CLASS_DATA_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            value = getattr(module, name, None)
            if (
                name.startswith("_")
                or isinstance(value, types.ModuleType)
                or inspect.isclass(value)
                or callable(value)
                or value is None
            ):
                continue
            verdicts = []
            for annotation, init in (("", ""), (": Final", ""), ("", "self.v = ")):
                source = (
                    f"from typing import Final\nimport torch\nimport {namespace}\n\n"
                    "class Holder(torch.nn.Module):\n"
                    f"    v{annotation} = {namespace}.{name}\n\n"
                    "    def __init__(self):\n"
                    "        super().__init__()\n"
                    f"        {init or 'w = '}{namespace}.{name}\n\n"
                    "    def forward(self, x: torch.Tensor):\n"
                    "        y = self.v\n"
                    "        return x\n"
                )
                error = _holder_error(source)
                verdicts.append("" if error is None else _first_line(error))
            plain, final, instance = verdicts
            if "has no attribute 'v'" in plain:
                found[f"{namespace}.{name}"] = (
                    "Final" if not final else "init" if not instance else "inline"
                )
    return found


def query_returns() -> dict[str, str]:
    """The Python type (``bool``, ``int``, ``float``, ``str``) each query that scripted code
    cannot call returns: a function of ``python_functions_unscriptable`` or
    ``torch_functions_unbound`` that takes no argument, by its return annotation, or, with
    none, when its body (past a docstring) is one ``return`` of a call, by the type of what
    calling it returns (``torch.backends.cuda.flash_sdp_enabled``: ``bool``). A fixer keeps
    such a query Python behind an ``@torch.jit.ignore`` function annotated with it."""
    import ast
    import inspect
    import textwrap

    stored = json.loads(OUT.read_text()) if OUT.exists() else {}
    import torch

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    entry = stored.get(version, {})
    names = sorted(
        set(entry.get("python_functions_unscriptable", {}))
        | set(entry.get("torch_functions_unbound", {}))
    )
    simple = {"bool": bool, "int": int, "float": float, "str": str}
    found = {}
    for name in names:
        module, _, attribute = name.rpartition(".")
        try:
            function = getattr(importlib.import_module(module), attribute)
            signature = inspect.signature(function)
        except (ImportError, AttributeError, TypeError, ValueError):
            continue
        if any(
            p.default is inspect.Parameter.empty
            and p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
            for p in signature.parameters.values()
        ):
            continue
        returns = signature.return_annotation
        if returns in simple.values():
            found[name] = returns.__name__
            continue
        if returns is not inspect.Signature.empty:
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
        except (OSError, TypeError, SyntaxError):
            continue
        body = tree.body[0].body if tree.body and hasattr(tree.body[0], "body") else []
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]  # the docstring
        if not (
            len(body) == 1
            and isinstance(body[0], ast.Return)
            and isinstance(body[0].value, ast.Call)
        ):
            continue
        value = function()
        if type(value) in simple.values():
            found[name] = type(value).__name__
    return found


# Namespaces of torch whose public Python classes ``python_classes_unscriptable`` asks about.
CLASS_NAMESPACES = ("torch", "torch.quasirandom", "torch.autograd", "torch.nn.utils.rnn")


def python_classes_unscriptable() -> dict[str, str]:
    """Public Python classes of torch's namespaces (no module, exception, tensor or context
    manager; a Python ``__init__``) that TorchScript compiles as a TorchScript class when
    scripted code builds one, and fails on: scripted alone it fails, and a call of it with a
    tensor from a scripted function fails too, other than by the frontend's argument matching
    (an error naming a schema, ``... -> ...``). The first line of the class's own error is
    kept (``torch.quasirandom.SobolEngine``: 'MAXDIM' is defined as a class attribute which
    currently is not supported)."""
    import inspect

    import torch

    found = {}
    for namespace in CLASS_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            cls = getattr(module, name, None)
            if name.startswith("_") or not inspect.isclass(cls):
                continue
            if issubclass(cls, (torch.nn.Module, BaseException, torch.Tensor)):
                continue
            if not (cls.__module__ or "").startswith("torch") or hasattr(cls, "__enter__"):
                continue
            if not inspect.isfunction(getattr(cls, "__init__", None)) and not _python_source(cls):
                continue
            try:
                torch.jit.script(cls)
                continue
            except Exception as exc:  # the frontend's verdict is the exception
                alone = _first_line(exc)
            ok, error = _compile(f"{namespace}.{name}(t)", f"import {namespace}")
            if not inspect.isfunction(getattr(cls, "__init__", None)):
                alone = error  # the class alone fails on its bases; a call, on no __init__
            if not ok and " -> " not in error:
                alone = re.sub(r" \(of Python compilation unit at: 0x[0-9a-f]+\)", "", alone)
                # As the namespace spells it, and as the module defining it does.
                found[f"{namespace}.{name}"] = alone
                found[f"{cls.__module__}.{cls.__qualname__}"] = alone
    return found


def _python_source(cls: type) -> bool:
    """A class written in Python (its source readable) whose ``__init__`` is inherited from C:
    ``torch.autograd.Variable`` (a ``_VariableFunctions`` metaclass over ``torch._C``), which
    TorchScript compiles as a class and finds no ``__init__`` in."""
    import inspect

    if (cls.__module__ or "").startswith("torch._C"):
        return False
    try:
        return bool(inspect.getsource(cls))
    except (OSError, TypeError):
        return False


# Namespaces whose public classes scripted code may name in an annotation.
ANNOTATION_NAMESPACES = (
    *CLASS_NAMESPACES,
    "torch.distributions",
    "torch.distributions.transforms",
    "torch.distributions.constraints",
)


def annotation_classes_unscriptable() -> dict[str, str]:
    """Public Python classes of torch's namespaces (no module, exception or tensor) that the
    frontend has no type for in a signature: ``def f(x: Optional[C]) -> int`` fails to
    script (``Optional[torch.distributions.Distribution]``: it compiles the class as a
    TorchScript class, and its source fails; or Unknown type name). The first line of the
    error is kept, per name as the namespace spells it and as the defining module does."""
    import inspect

    import torch

    found = {}
    for namespace in ANNOTATION_NAMESPACES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            cls = getattr(module, name, None)
            if name.startswith("_") or not inspect.isclass(cls):
                continue
            if issubclass(cls, (torch.nn.Module, BaseException, torch.Tensor)):
                continue
            if not (cls.__module__ or "").startswith("torch"):
                continue
            spelled = f"{namespace}.{name}"
            error = _signature_error(
                f"Optional[{spelled}]", f"from typing import Optional\nimport {namespace}"
            )
            if error is not None:
                error = re.sub(r" \(of Python compilation unit at: 0x[0-9a-f]+\)", "", error)
                found[spelled] = error
                found[f"{cls.__module__}.{cls.__qualname__}"] = error
    return found


def _signature_error(annotation: str, imports: str) -> Optional[str]:
    """The first line of the error scripting ``def f(x: annotation) -> int`` gives, or None;
    a Python-level error defining it (``Final[int, int]``: TypeError) counts as one too."""
    import torch

    try:
        module = _load(f"import torch\n{imports}\n\ndef f(x: {annotation}) -> int:\n    return 0\n")
        torch.jit.script(module.f)
    except Exception as exc:  # the frontend's verdict is the exception
        return _first_line(exc)
    return None


FLOAT_TYPES = ("float", "Optional[float]")


def builtin_float_arguments() -> dict[str, dict[str, Optional[int]]]:
    """Per ``torch.nn.functional`` function whose frontend binding is an ``aten::`` op
    (``F.pad``, ``F.layer_norm``) and per ``torch.X`` the schemas table covers, the arguments
    typed ``float`` (or ``float?``) in every overload having them, where an int fails and a
    float compiles (``F.pad(t, [0], value=2)``: ``Expected a value of type 'Optional[float]'
    for argument 'value' but instead found type 'int'``; a ``Scalar`` would take the int).
    Each argument maps to its position where every overload has it at that one (else None:
    matched by keyword only). Required arguments get a stock value of their schema type,
    positionally, the argument itself by keyword; one overload confirming it is enough."""
    import torch
    import torch.nn.functional as F
    from torch.jit._builtins import _find_builtin

    spellings: dict[str, str] = {}
    for name in sorted(dir(F)):
        op = _find_builtin(getattr(F, name)) if not name.startswith("_") else None
        if op and op.startswith("aten::"):
            spellings[f"torch.nn.functional.{name}"] = op[len("aten::") :]
    for name in torch_functions_with_schemas():
        spellings[f"torch.{name}"] = name
    found: dict[str, dict[str, Optional[int]]] = {}
    for spelled, op in sorted(spellings.items()):
        schemas = torch._C._jit_get_schemas_for_operator("aten::" + op)
        typed: dict[str, set[str]] = {}
        places: dict[str, set[Optional[int]]] = {}
        for schema in schemas:
            position = 0
            for arg in schema.arguments:
                typed.setdefault(arg.name, set()).add(str(arg.type))
                places.setdefault(arg.name, set()).add(None if arg.kwarg_only else position)
                position += not arg.kwarg_only
        for argument, types in typed.items():
            if not types <= set(FLOAT_TYPES):
                continue
            for schema in schemas:
                names = [a.name for a in schema.arguments]
                if argument not in names:
                    continue
                index = names.index(argument)
                required = [
                    (i < index and not a.kwarg_only, a.name, VALUES.get(_plain_type(a)))
                    for i, a in enumerate(schema.arguments)
                    if not a.has_default_value() and a.name != argument
                ]
                if any(value is None for _, _, value in required):
                    continue
                given = "".join(
                    f"{value}, " if positional else f"{name}={value}, "
                    for positional, name, value in required
                )
                call = f"{spelled}({given}{argument}="
                if _compile(call + "2.0)", "")[0] and not _compile(call + "2)", "")[0]:
                    where = places[argument]
                    everywhere = all(argument in [a.name for a in s.arguments] for s in schemas)
                    one = next(iter(where)) if len(where) == 1 and everywhere else None
                    found.setdefault(spelled, {})[argument] = one
                    break
    return found


def torch_functions_with_schemas() -> list[str]:
    """The ``torch.X`` whose frontend binding is the ``aten::X`` op of that name."""
    import torch
    from torch.jit._builtins import _find_builtin

    names = []
    for name in sorted(dir(torch)):
        obj = getattr(torch, name)
        if name.startswith("_") or isinstance(obj, type) or not callable(obj):
            continue
        if _find_builtin(obj) == "aten::" + name:
            names.append(name)
    return names


def annotations() -> dict[str, list[str]]:
    """``typing`` / ``collections.abc`` names the frontend accepts as a parameter annotation,
    bare (``x: Any``) or subscripted (``x: List[int]``), and those it has no type for."""
    import collections.abc
    import typing

    known, unknown = set(), set()
    for module in (typing, collections.abc):
        for name in sorted(vars(module)):
            if name.startswith("_") or name[0].islower() and module is collections.abc:
                continue
            obj = getattr(module, name)
            if not name[0].isupper() or name.isupper() or isinstance(obj, typing.TypeVar):
                continue  # modules, constants, type variables: nobody annotates with them
            if not (isinstance(obj, type) or type(obj).__module__ == "typing"):
                continue  # helper functions (cast, overload, ...), not types
            spelled = f"{module.__name__}.{name}"
            ok = any(
                _signature_compiles(annotation, f"import {module.__name__}")
                for annotation in (spelled, f"{spelled}[int]", f"{spelled}[int, int]")
            )
            (known if ok else unknown).add(name)
    return {"supported": sorted(known), "unsupported": sorted(unknown - known)}


def _signature_compiles(annotation: str, imports: str) -> bool:
    return _signature_error(annotation, imports) is None


def module_methods() -> list[str]:
    """Public ``nn.Module`` methods a scripted ``forward`` cannot call on ``self`` or on a
    submodule (``self.fc.register_forward_hook(...)``): none of the argument combinations
    compiles."""
    import torch

    rejected = []
    for name in sorted(dir(torch.nn.Module)):
        if name.startswith("_") or not callable(getattr(torch.nn.Module, name)):
            continue
        if name in ("forward", "__call__"):
            continue
        if not any(_method_compiles(name, arguments) for arguments in ARGUMENTS):
            rejected.append(name)
    return rejected


def _method_compiles(name: str, arguments: str) -> bool:
    import torch

    module = _load(
        "from typing import List\nimport torch\n\n\nclass M(torch.nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.fc = torch.nn.Linear(2, 2)\n\n"
        f"    def forward(self, {SIGNATURE}):\n        y = self.fc.{name}({arguments})\n"
        "        return t\n"
    )
    try:
        scripted = torch.jit.script(module.M())
    except Exception:
        return False
    return not any(node.kind() == "prim::PythonOp" for node in scripted.graph.nodes())


def _overload(schema, rejecting: frozenset[str] = frozenset()) -> str:  # type: ignore[no-untyped-def]
    """One overload as ``self,p=,dim!,keepdim!=,*,dtype,out`` (see the module docstring;
    ``!`` marks an argument whose type, less ``Optional``, is in ``rejecting``). The
    trailing ``+`` follows the frontend's ``varargsCanBeUsedAsList``: the last argument before
    the keyword-only ones, a plain list (not ``int[2]``, not a list of a type variable). A
    schema with ``...`` (``aten::einsum.sublist(Tensor a, ...)``) takes any positionals after
    its own: a last part ``...+``."""
    arguments, parts = schema.arguments, []
    for i, arg in enumerate(arguments):
        if arg.kwarg_only and "*" not in parts:
            parts.append("*")
        last = i + 1 == len(arguments) or arguments[i + 1].kwarg_only
        listed = arg.type.kind() == "ListType" and arg.N is None
        varargs = (
            listed and last and not arg.kwarg_only and arg.type.getElementType().kind() != "VarType"
        )
        marked = "!" if _plain_type(arg) in rejecting else ""
        default = "=" if arg.has_default_value() else ""
        parts.append(arg.name + marked + default + ("+" if varargs else ""))
    if re.search(r"[(,] ?\.\.\.\)", str(schema)):
        parts.append("...=+")
    return ",".join(parts)


def _plain_type(arg) -> str:  # type: ignore[no-untyped-def]
    text = str(arg.type)
    return text[9:-1] if text.startswith("Optional[") else text


# Argument types no Tensor value converts to, as the frontend's tryConvertToType converts
# (a Tensor becomes an int, float, complex or Scalar, hence a dtype, layout or memory format,
# but no bool, str, device or list): claims, each kept only where calls confirm it (see
# `_tensor_claims`). A Tensor among the positionals a list is filled from is an element.
TENSORLESS = ("bool", "str", "Device", "Generator", "Storage", "Stream")


def _claimed(text: str) -> bool:
    return text in TENSORLESS or text.startswith(("List[", "Dict["))


# A value of each argument type, for the typed calls of the cross-check (an argument of any
# other type leaves its schema out: a call failing on a type proves nothing).
VALUES = {"Tensor": "t", "int": "0", "float": "1.0", "number": "1.0", "bool": "False",
          "str": "'a'", "List[int]": "[0]", "List[float]": "[1.0]", "List[Tensor]": "[t]",
          "Device": "t.device"}  # fmt: skip


def _typed_calls(spelled: str, schema, method: bool) -> list[tuple[int, tuple[str, ...], str]]:  # type: ignore[no-untyped-def]
    """Calls of ``schema`` that leave out one required argument each, the others by keyword
    (nothing shifts into the gap), as (positional count, keywords, call text)."""
    rest = [a for a in schema.arguments if not (method and a.name == "self")]
    values = {}
    for arg in rest:
        text = str(arg.type)
        text = text[9:-1] if text.startswith("Optional[") else text
        if text not in VALUES:
            return []
        values[arg.name] = VALUES[text]
    calls = []
    for dropped in rest:
        if dropped.has_default_value():
            continue
        given = [a.name for a in rest if not a.has_default_value() and a is not dropped]
        text = ", ".join(f"{name}={values[name]}" for name in given)
        calls.append((0, tuple(given), f"{spelled}({text})"))
    return calls


def _tensor_claims(names: list[tuple[str, str, bool]]) -> frozenset[str]:
    """The claimed types (`_claimed`) some call confirms and none contradicts. A call gives
    ``t`` by keyword for one argument of the type, a stock value for each other required
    argument; where the table with the claims says no overload binding these names takes a
    Tensor there and the call with a stock value for that argument compiles, the call with
    ``t`` must fail. ``names``: (spelling, op, a method call)."""
    import torch

    from torchlint.rules.tl215_no_overload_in_script import accepts, parse_overloads

    confirmed: dict[str, int] = {}
    contradicted: set[str] = set()
    everything = frozenset(
        _plain_type(arg)
        for _, name, _ in names
        for schema in torch._C._jit_get_schemas_for_operator("aten::" + name)
        for arg in schema.arguments
        if _claimed(_plain_type(arg))
    )
    for spelled, name, method in names:
        schemas = torch._C._jit_get_schemas_for_operator("aten::" + name)
        parsed = parse_overloads("|".join({_overload(s, everything) for s in schemas}), method)
        for schema in schemas:
            rest = [a for a in schema.arguments if not (method and a.name == "self")]
            for arg in rest:
                text = _plain_type(arg)
                if text not in everything or text in contradicted or confirmed.get(text, 0) >= 5:
                    continue
                given = [a.name for a in rest if not a.has_default_value() or a is arg]
                values = {a.name: _stock(a) for a in rest if a.name in given}
                if None in values.values():
                    continue
                keywords = frozenset(given)
                if not accepts(parsed, 0, keywords) or accepts(
                    parsed, 0, keywords, frozenset({arg.name})
                ):
                    continue  # the names bind no overload, or one takes a Tensor there

                parts = [f"{n}={{}}" if n == arg.name else f"{n}={values[n]}" for n in given]
                call = spelled.format(name) + "(" + ", ".join(parts) + ")"  # {}: the argument
                if not _compile(call.format(values[arg.name]), "")[0]:
                    continue  # the stock call fails already: it proves nothing
                if _compile(call.format("t"), "")[0]:
                    contradicted.add(text)
                else:
                    confirmed[text] = confirmed.get(text, 0) + 1
    kept = frozenset(confirmed) - contradicted
    print(
        f"schemas: no Tensor converts to {sorted(kept)}; unconfirmed: {sorted(everything - kept)}"
    )
    return kept


def _stock(arg) -> Optional[str]:  # type: ignore[no-untyped-def]
    """A value the argument's type takes (None for an optional one), else None."""
    if str(arg.type).startswith("Optional["):
        return "None"
    return VALUES.get(str(arg.type))


def schema_tables(unbound: list[str]) -> dict[str, object]:
    """The overloads of every ``aten::`` op a public tensor method or ``torch.X`` reaches, less
    the names whose calls the frontend compiles where the table says no overload takes them."""
    import torch
    from torch.jit._builtins import _find_builtin

    from torchlint.rules.tl215_no_overload_in_script import accepts, parse_overloads

    rejecting: frozenset[str] = frozenset()  # the types no Tensor converts to, once known

    def overloads(name: str) -> list[str]:
        found = torch._C._jit_get_schemas_for_operator("aten::" + name)
        return sorted({_overload(schema, rejecting) for schema in found})

    methods, functions = [], []
    for name in sorted(dir(torch.Tensor)):
        if name.startswith("_") or name in unbound or not callable(getattr(torch.Tensor, name)):
            continue
        found = overloads(name)
        if any(o == "self" or o.startswith("self,") or ",self" in o for o in found):
            methods.append(name)
    for name in sorted(dir(torch)):
        obj = getattr(torch, name)
        if name.startswith("_") or isinstance(obj, type) or not callable(obj):
            continue
        if _find_builtin(obj) == "aten::" + name and overloads(name):
            functions.append(name)
    names = [("t.{}", n, True) for n in methods] + [("torch.{}", n, False) for n in functions]
    rejecting = _tensor_claims(names)
    ops = {name: overloads(name) for name in {*methods, *functions}}

    # Calls the table rejects: if the frontend compiles one, it binds the name some other way.
    # No arguments, an unknown keyword, a positional too many, and, with arguments of the
    # right types, each overload less one of its required arguments.
    calls: list[tuple[str, str]] = []
    for spelled, names, method in (("t.{}", methods, True), ("torch.{}", functions, False)):
        for name in names:
            parsed = parse_overloads("|".join(ops[name]), method)
            most = max(len([a for a in o if not a.keyword_only]) for o in parsed)
            tries = [(0, (), ""), (0, ("zzz_no_such_argument",), "zzz_no_such_argument=0")]
            if not any(a.varargs for o in parsed for a in o):
                tries.append((most + 1, (), ", ".join(["0"] * (most + 1))))
            tries = [(n, k, spelled.format(name) + f"({text})") for n, k, text in tries]
            for schema in torch._C._jit_get_schemas_for_operator("aten::" + name):
                tries += _typed_calls(spelled.format(name), schema, method)
            for positional, keywords, call in tries:
                if not accepts(parsed, positional, frozenset(keywords)):
                    calls.append((name, call))
    bound = {name for name, call in calls if _compile(call, "")[0]}
    methods = [n for n in methods if n not in bound]
    functions = [n for n in functions if n not in bound]
    print(f"schemas: the frontend binds {sorted(bound)} some other way: left out")
    kept = set(methods) | set(functions)
    return {
        "ops": {name: "|".join(found) for name, found in ops.items() if name in kept},
        "tensor_methods": methods,
        "torch_functions": functions,
        "tensorless_types": sorted(rejecting),
        "number_lists": number_lists(sorted(kept)),
        "tensor_args": tensor_args(sorted(kept)),
    }


NUMBER_LISTS = ("List[int]", "List[float]", "List[bool]", "List[complex]")


def number_lists(names: list[str]) -> dict[str, list[str]]:
    """Per op, the arguments that are a list of numbers (``int[]``, ``SymInt[]``, ``float[]``,
    ``Optional`` too) in every overload that has them: a tuple or list holding a Tensor
    converts to none of them (``Expected a value of type 'List[int]'``), while a list of
    tensors, a generic ``t[]`` or ``Any`` could take one."""
    import torch

    found: dict[str, list[str]] = {}
    for name in names:
        numbers, other = set(), set()
        for schema in torch._C._jit_get_schemas_for_operator("aten::" + name):
            for arg in schema.arguments:
                (numbers if _plain_type(arg) in NUMBER_LISTS else other).add(arg.name)
        if numbers - other:
            found[name] = sorted(numbers - other)
    return found


def tensor_args(names: list[str]) -> dict[str, dict[str, list]]:
    """Per op, where every overload wants a plain ``Tensor`` (no ``Tensor?``, no list): the
    argument names, in each overload having them, and the positions (counting ``self``), in
    each overload with that many positionals. An ``Optional[Tensor]`` passed there fails
    (``Expected a value of type 'Tensor' for argument 'mask' but instead found type
    'Optional[Tensor]'``)."""
    import torch

    found: dict[str, dict[str, list]] = {}
    for name in names:
        tensor_names, other_names = set(), set()
        tensor_positions, other_positions = set(), set()
        for schema in torch._C._jit_get_schemas_for_operator("aten::" + name):
            position = 0
            for arg in schema.arguments:
                plain = str(arg.type) == "Tensor"
                (tensor_names if plain else other_names).add(arg.name)
                if not arg.kwarg_only:
                    (tensor_positions if plain else other_positions).add(position)
                    position += 1
        entry = {
            "names": sorted(tensor_names - other_names),
            "positions": sorted(tensor_positions - other_positions),
        }
        if entry["names"] or entry["positions"]:
            found[name] = entry
    return found


# Modules whose functions model code keeps on a module as a callable (`self.merge = operator.add`).
ATTRIBUTE_CALLABLE_MODULES = ("builtins", "operator", "math", "torch", "torch.nn.functional")


def attribute_callables_unconvertible() -> dict[str, str]:
    """``module.name`` of the functions of ``ATTRIBUTE_CALLABLE_MODULES`` that a module cannot
    hold as an attribute TorchScript calls: a module whose ``__init__`` stores the function
    (``self.fn = operator.add``) and whose ``forward`` calls it with one tensor, then with two,
    fails to script with ``failed to convert Python type`` both times (``operator.add``,
    ``abs``, ``max``: 'builtin_function_or_method'), where ``torch.add``, ``math.sqrt`` and
    ``F.relu`` compile. The error's ``failed to convert Python type: '...'`` is kept."""
    import inspect

    import torch

    found = {}
    for namespace in ATTRIBUTE_CALLABLE_MODULES:
        module = importlib.import_module(namespace)
        for name in sorted(dir(module)):
            function = getattr(module, name, None)
            if name.startswith("_") or inspect.isclass(function) or not callable(function):
                continue
            errors = []
            for arity in (1, 2):

                class Holder(torch.nn.Module):
                    def __init__(self) -> None:
                        super().__init__()
                        self.fn = function  # noqa: B023 - scripted within the iteration

                    if arity == 1:

                        def forward(self, a: torch.Tensor):
                            return self.fn(a)
                    else:

                        def forward(self, a: torch.Tensor, b: torch.Tensor):
                            return self.fn(a, b)

                try:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        torch.jit.script(Holder())
                except Exception as exc:  # the frontend's verdict is the exception
                    errors.append(_first_line(exc))
                    continue
                break
            if len(errors) == 2 and all("failed to convert Python type" in e for e in errors):
                match = re.search(r"failed to convert Python type: '[^']+'", errors[0])
                found[f"{namespace}.{name}"] = match.group(0) if match else errors[0]
    return found


# Python's binary operators, as written between two operands.
BINARY_OPERATORS = ("+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<<", ">>",
                    "==", "!=", "<", "<=", ">", ">=")  # fmt: skip


def contains_display_elements() -> dict[str, object]:
    """What ``k in [a, b]`` / ``k in (a, b)`` compiles with: per element type of the display
    (``int``, ``float``, ``str``, ``bool``, ``Tensor``, an ``Optional`` one, which a ``None``
    element makes it, ``Enum``: members of an enum class), whether ``torch.jit.script`` binds ``in`` to an ``aten::__contains__``
    overload (its list overloads take ``int[]``, ``float[]`` and ``str[]``), with the
    overloads' list types as the schemas give them (``list_overloads``)."""
    import torch

    kinds = {
        "int": ("int", "a, b"),
        "float": ("float", "a, b"),
        "str": ("str", "a, b"),
        "bool": ("bool", "a, b"),
        "Tensor": ("torch.Tensor", "a, b"),
        "Optional[int]": ("Optional[int]", "None, b"),
        "Optional[str]": ("Optional[str]", "None, b"),
        "Enum": ("Color", "Color.RED, Color.BLUE"),
    }
    compiles: dict[str, list[str]] = {"list": [], "tuple": []}
    for kind, (annotation, elements) in kinds.items():
        for display, spelled in (("list", f"[{elements}]"), ("tuple", f"({elements})")):
            body = (
                "import enum\nimport torch\nfrom typing import Optional\n\n\n"
                "class Color(enum.Enum):\n    RED = 1\n    BLUE = 2\n\n\n"
                f"def f(k: {annotation}, a: {annotation}, b: {annotation}) -> bool:\n"
                f"    return k in {spelled}\n"
            )
            try:
                torch.jit.script(_load(body).f)
            except Exception:  # noqa: BLE001 - no overload binds it
                continue
            compiles[display].append(kind)
    overloads = sorted(
        str(schema.arguments[0].type)
        for schema in torch._C._jit_get_schemas_for_operator("aten::__contains__")
        if schema.arguments[0].type.kind() == "ListType"
    )
    return {"compiles": compiles, "list_overloads": overloads}


def number_tensor_operators() -> dict[str, list[str]]:
    """Per Python number type (``bool``, ``int``, ``float``), the binary operators whose
    scripted ``n OP t`` (the number on the left, a tensor on the right) raises or gives other
    values than eager Python on some tensor eager accepts it with: ``flag * t`` with ``flag:
    bool`` compiles to ``aten::mul(int(flag), int(t))``, which fails when it runs (Cannot input
    a tensor of dimension other than 0 as a scalar argument), where ``t * flag`` and ``int``
    numbers dispatch to the tensor's operator."""
    import torch

    tensors = (
        torch.tensor([1.5, -2.0, 3.0]),
        torch.tensor([1, 2, 3]),
        torch.tensor([True, False, True]),
        torch.tensor([0.5, 2.0], requires_grad=True),
        torch.tensor(2.0),
    )
    values = {"bool": True, "int": 2, "float": 1.5}
    found: dict[str, list[str]] = {}
    for kind, value in values.items():
        for op in BINARY_OPERATORS:
            module = _load(
                f"import torch\n\ndef f(n: {kind}, t: torch.Tensor):\n    return n {op} t\n"
            )
            try:
                scripted = torch.jit.script(module.f)
            except Exception:  # noqa: BLE001 - a compile error is another table's business
                continue
            for t in tensors:
                try:
                    expected = module.f(value, t)
                except Exception:  # noqa: BLE001 - eager rejects it too
                    continue
                try:
                    got = scripted(value, t)
                    same = isinstance(got, torch.Tensor) and torch.equal(
                        got.detach(), expected.detach()
                    )
                except Exception:  # noqa: BLE001 - the interpreter's verdict
                    same = False
                if not same:
                    found.setdefault(kind, []).append(op)
                    break
    return found


def _tables() -> dict[str, Callable[[], object]]:
    """Each stored table and the function that asks torch for it."""
    import torch

    unbound = functools.cache(tensor_methods)  # asked once, for two tables
    return {
        "torch": lambda: torch.__version__,
        "builtins_unsupported": builtin_table,
        "modules": module_tables,
        "tensor_methods_unbound": unbound,
        "tensor_attributes": lambda: sorted(n for n in dir(torch.Tensor) if not n.startswith("_")),
        "annotations": annotations,
        "module_methods_unsupported": module_methods,
        "schemas": lambda: schema_tables(unbound()),
        "str_methods_unbound": str_methods,
        "str_method_keywords": str_method_keywords,
        "attribute_objects_unconvertible": attribute_objects_unconvertible,
        "number_methods_unbound": number_methods,
        "dtype_device_attributes_unbound": dtype_device_attributes,
        "optional_attributes": optional_attributes,
        "functional_float_arguments": functional_float_arguments,
        "torch_functional_float_arguments": torch_functional_float_arguments,
        "module_float_arguments": module_float_arguments,
        "module_optional_outputs": module_optional_outputs,
        "functional_int_arguments": functional_int_arguments,
        "builtin_float_arguments": builtin_float_arguments,
        "python_functions_bound": python_functions_bound,
        "python_functions_unscriptable": python_functions_unscriptable,
        "python_classes_unscriptable": python_classes_unscriptable,
        "python_values_unscriptable": python_values_unscriptable,
        "query_returns": query_returns,
        "size_methods_unbound": size_methods,
        "torch_functions_unbound": torch_functions,
        "module_wrappers_unscriptable": module_wrappers,
        "annotation_classes_unscriptable": annotation_classes_unscriptable,
        "number_tensor_operators": number_tensor_operators,
        "contains_display_elements": contains_display_elements,
        "attribute_callables_unconvertible": attribute_callables_unconvertible,
        "class_data_values": class_data_values,
        "modules_unscriptable": modules_unscriptable,
    }


EMIT = "--emit="


def _table_apart(name: str) -> object:
    """Table ``name`` asked of torch in a fresh process. TorchScript keeps what it compiled
    for the life of a process (a class compiled once per attribute types, a function's
    compiled graph), so a table asked after others can differ from the same table asked
    alone; each process asks for one table, and every table is the one asked alone."""
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.torchscript_tables", EMIT + name],
        capture_output=True,
        text=True,
        cwd=OUT.parent.parent,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"table {name} failed:\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


def main() -> None:
    import torch

    warnings.simplefilter("ignore")
    emitted = [arg[len(EMIT) :] for arg in sys.argv[1:] if arg.startswith(EMIT)]
    if emitted:  # one table, in this process, as JSON on stdout (see _table_apart)
        print(json.dumps(_tables()[emitted[0]]()))
        return
    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    tables = json.loads(OUT.read_text()) if OUT.exists() else {}
    only = [
        name for arg in sys.argv[1:] if arg.startswith("--only=") for name in arg[7:].split(",")
    ]
    names = only or list(_tables())  # --only: refresh the named tables, keep the others
    stored = tables.get(version, {})
    stored.update({name: _table_apart(name) for name in names})
    tables[version] = stored
    OUT.write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n")
    entry = tables[version]
    print(f"torch {version}: {len(entry['builtins_unsupported'])} builtins unsupported, "
          f"{len(entry['tensor_methods_unbound'])} tensor methods unbound -> {OUT}")  # fmt: skip


if __name__ == "__main__":
    main()
