"""Generate ``rules/trace_int_tables.json``: which integer arguments ``torch.jit.trace`` bakes.

While tracing, a size read off a tensor (``x.shape[0]``, ``x.size(1)``) is a 0-dim tensor the
tracer follows. Handed to a torch function as an integer argument, torch either records it (the
trace computes the argument from the input's size on every call: ``x.narrow(0, 0, n)``,
``torch.arange(n)``) or reads it as a Python int and keeps the example's number as a constant
(``F.conv2d(..., groups=n)``, ``torch.roll(x, n, 1)``). Which one depends on the binding (the
Python wrapper, the overload the argument parser picks, whether a single int is expanded to a
list), not on the schema type alone, so it is asked of torch here, once per torch version:

    python benchmarks/trace_int_tables.py       # add / refresh the installed torch's entry

Candidates are the public functions of ``torch``, ``torch.nn.functional`` and the methods of
``torch.Tensor`` with an ``int`` / ``SymInt`` / ``int[]`` / ``SymInt[]`` / ``Scalar`` argument (read from
the ``aten`` schemas of the same name, or from the annotations of a Python function such as
``F.lp_pool2d``). For each, small generic inputs are tried until eager runs; then, per integer
argument and per form (``int``: one int; ``list``: an int inside a list or tuple; ``varargs``:
an int as one of several positional sizes, ``x.repeat(n, 1)``), a function whose argument is
``s.shape[0]`` of an extra input ``s`` is traced with ``s`` of one length and run on another:

- ``baked``: the traced graph never reads ``s`` (the argument is a constant of the trace), or
  the trace fails / gives other results than eager on the other length;
- ``recorded``: the graph reads ``s`` and the trace agrees with eager on the other length.

``confirmed`` says how a baked argument was seen to go wrong on the other length (``fails``,
``diverges``) or ``graph`` where no second length was valid for the inputs (conv2d's groups
fixes the weight's shape), so only the graph told; ``refused`` where tracing the call raises
(``F.adaptive_avg_pool2d(x, n)``: "len() of a 0-d tensor"). Only baked / refused arguments are
stored (``baked_int_arguments``, with the verdict of each form measured, so a form that is
recorded, such as a pool's tuple of sizes, is known), with counts in ``measured``. The lint
rule flags a size handed to a baked or refused argument (TL106, through
``lint/trace_int_tables.py``). Names starting with ``_`` (``_stacklevel``) are left out.
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
import textwrap
import warnings
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "rules" / "trace_int_tables.json"

# Names never called (state changes, process control, I/O).
SKIP_PREFIXES = ("_", "set_", "manual_seed", "seed", "use_", "save", "load", "compile")
SKIP_NAMES = frozenset(
    {
        "initial_seed",
        "get_rng_state",
        "set_rng_state",
        "fork_rng",
        "from_file",
        "empty_strided",  # uninitialised memory: results differ run to run
        "empty",
        "empty_like",
        "new_empty",
        "new_empty_strided",
        "empty_permuted",
        "resize_",
        "resize_as_",
        "set_",
        "storage_offset",
        "data_ptr",
        "share_memory_",
        "pin_memory",
        "record_stream",
    }
)
INT_TYPES = frozenset({"int", "SymInt", "Optional[int]", "Optional[SymInt]"})
SCALAR_TYPES = frozenset({"number", "Scalar", "Optional[number]", "Optional[Scalar]"})
LIST_TYPES = ("List[int]", "Optional[List[int]]")
TENSOR_PROFILES = (
    ("float", (2, 3, 4, 4)),
    ("float", (3, 4)),
    ("float", (5,)),
    ("float", (2, 3, 4)),
    ("long", (3, 4)),
    ("long", (5,)),
    ("float", (2, 3, 4, 4, 4)),
    ("bool", (3, 4)),
)
# How the integer arguments not measured are filled: (int value, list rule). A list is the
# schema's default where it has one, else `[value] * N` (N from `int[N]`, else the given
# length), the tensor's shape (`view`, `expand`) or its dimensions in order (`permute`).
INT_FILLS = ((1, 1), (0, 1), (2, 1), (1, 2), (1, "shape"), (0, "range"), (1, "ndim"))
TARGET_VALUES = (2, 3, 1, 4, 0)


_MADE: dict = {}


def _tensor(torch, dtype: str, shape: tuple[int, ...], seed: int):
    """A fixed tensor (made once, outside any trace; a copy each call, for in-place ops)."""
    key = (dtype, shape, seed)
    if key not in _MADE:
        # made by the eager calls, which run before any trace of the same inputs
        gen = torch.Generator().manual_seed(seed)
        if dtype == "long":
            made = torch.randint(0, 2, shape, generator=gen)
        elif dtype == "bool":
            made = torch.randint(0, 2, shape, generator=gen).bool()
        else:
            made = torch.randn(shape, generator=gen)
        _MADE[key] = made
    return _MADE[key].clone()


class Param:
    """One argument of a candidate: ``kind`` is ``tensor``, ``tensors``, ``int``, ``intlist``,
    ``fixed`` (a value to pass as is) or ``default`` (left out)."""

    def __init__(self, name, kind, position, value=None, n=None, kwarg_only=False, omit=False):
        self.name, self.kind, self.position = name, kind, position
        self.value, self.n, self.kwarg_only = value, n, kwarg_only
        self.omit = omit  # a Python default left as it is unless measured


def _schema_params(schema) -> list[Param] | None:
    """The parameters of an ``aten`` schema, or None if a required one cannot be made."""
    params, position = [], 0
    for arg in schema.arguments:
        typ, has_default = str(arg.real_type), arg.has_default_value()
        if arg.name == "out" or typ.startswith("Tensor(") or "Dimname" in typ:
            if not has_default and arg.name == "out":
                return None
            if "Dimname" in typ and not has_default:
                return None
        pos = None if arg.kwarg_only else position
        if not arg.kwarg_only:
            position += 1
        if typ == "Tensor":
            params.append(Param(arg.name, "tensor", pos, kwarg_only=arg.kwarg_only))
        elif typ == "List[Tensor]":
            params.append(Param(arg.name, "tensors", pos, kwarg_only=arg.kwarg_only))
        elif typ in INT_TYPES or typ in SCALAR_TYPES:
            default = arg.default_value if has_default else None
            kind = "int" if typ in INT_TYPES else "scalar"
            params.append(Param(arg.name, kind, pos, default, kwarg_only=arg.kwarg_only))
        elif typ in LIST_TYPES:
            default = arg.default_value if has_default else None
            params.append(
                Param(arg.name, "intlist", pos, default, n=arg.N, kwarg_only=arg.kwarg_only)
            )
        elif has_default:
            params.append(Param(arg.name, "default", pos, kwarg_only=arg.kwarg_only))
        elif typ == "float":
            params.append(Param(arg.name, "fixed", pos, 1, kwarg_only=arg.kwarg_only))
        elif typ == "bool":
            params.append(Param(arg.name, "fixed", pos, False, kwarg_only=arg.kwarg_only))
        else:
            return None
    return params


def _annotation_params(func) -> list[Param] | None:
    """The parameters of a Python function, typed from its source annotations
    (``kernel_size: BroadcastingList2[int]``)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    except (OSError, TypeError, SyntaxError):
        return None
    fn = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)), None)
    if fn is None:
        return None
    args = fn.args
    positional = args.posonlyargs + args.args
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    kw_defaults = list(args.kw_defaults)
    params = []
    entries = [(a, d, False) for a, d in zip(positional, defaults)] + [
        (a, d, True) for a, d in zip(args.kwonlyargs, kw_defaults)
    ]
    for index, (arg, default, kwonly) in enumerate(entries):
        text = ast.unparse(arg.annotation) if arg.annotation is not None else ""
        pos = None if kwonly else index
        has_default = default is not None
        base = text.replace("Optional[", "").replace("]", "").replace(" | None", "")
        listed = "BroadcastingList" in text or any(
            t in text
            for t in ("List[int", "list[int", "Tuple[int", "tuple[int", "Sequence[int", "_size")
        )
        if arg.arg in ("self", "input", "tensor") or base in ("Tensor", "torch.Tensor"):
            if has_default and ("Optional" in text or "None" in text):
                params.append(Param(arg.arg, "default", pos, kwarg_only=kwonly))
            else:
                params.append(Param(arg.arg, "tensor", pos, kwarg_only=kwonly))
        elif listed:
            n = int(text.split("BroadcastingList")[1][0]) if "BroadcastingList" in text else None
            params.append(
                Param(arg.arg, "intlist", pos, None, n=n, kwarg_only=kwonly, omit=has_default)
            )
        elif base == "int":
            params.append(Param(arg.arg, "int", pos, None, kwarg_only=kwonly, omit=has_default))
        elif has_default:
            params.append(Param(arg.arg, "default", pos, kwarg_only=kwonly))
        elif base in ("float", "int | float"):
            params.append(Param(arg.arg, "fixed", pos, 1, kwarg_only=kwonly))
        else:
            return None
    return params


def _fills(param: Param, fill, shape: tuple[int, ...]):
    value, rule = fill
    if param.kind in ("int", "scalar"):
        return param.value if param.value is not None else value
    if param.value is not None and param.value != []:
        return list(param.value)
    if rule == "shape":
        return list(shape)
    if rule == "range":
        return list(range(len(shape)))
    if rule == "ndim":
        return [1] * (param.n or len(shape))
    return [max(value, 1)] * (param.n or rule)


def _call(torch, entry, params, profile, fill, target=None, size=None, form=None, seed=0):
    """Build the arguments and call ``entry``; ``size`` replaces the target argument (an int,
    or a 0-dim tensor while tracing)."""
    dtype, shape = profile
    args, kwargs, self_tensor = [], {}, None
    by_keyword = False  # after a left-out positional argument, the rest go by keyword
    for index, param in enumerate(params):
        if param.kind == "default" or (param.omit and param is not target):
            by_keyword = by_keyword or param.position is not None
            continue
        if param.kind == "tensor":
            value = _tensor(torch, dtype, shape, seed + index)
        elif param.kind == "tensors":
            value = [_tensor(torch, dtype, shape, seed + index + k) for k in range(2)]
        elif param.kind == "fixed":
            value = param.value
        else:
            value = _fills(param, fill, shape)
        if param is target:
            if form == "int":
                value = size
            elif form in ("list", "varargs"):
                value = [size, *value[1:]] if value else [size]
                if form == "varargs" and len(value) < 2:
                    raise TypeError("one size: the int form")
        if param.position is None or by_keyword:
            kwargs[param.name] = value
        elif form == "varargs" and param is target:
            args.extend(value)
        else:
            args.append(value)
    if entry[0] == "method":
        if not args or not isinstance(args[0], torch.Tensor):
            raise TypeError("no tensor to call the method on")
        self_tensor, args = args[0], args[1:]
        return getattr(self_tensor, entry[1])(*args, **kwargs)
    return entry[1](*args, **kwargs)


def _flatten(torch, out):
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        flat = []
        for item in out:
            flat.extend(_flatten(torch, item))
        return flat
    raise TypeError(f"not a tensor output: {type(out).__name__}")


def _same(torch, a, b) -> bool:
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x.shape != y.shape or x.dtype != y.dtype:
            return False
        if x.is_floating_point() or x.is_complex():
            if not torch.allclose(x, y, equal_nan=True, atol=1e-5):
                return False
        elif not torch.equal(x, y):
            return False
    return True


def _eager(torch, entry, params, profile, fill, target=None, size=None, form=None):
    torch.manual_seed(0)
    out = _flatten(torch, _call(torch, entry, params, profile, fill, target, size, form))
    torch.manual_seed(0)
    again = _flatten(torch, _call(torch, entry, params, profile, fill, target, size, form))
    if not _same(torch, out, again):
        raise ValueError("not deterministic")
    return out


def _probe(torch, entry, params, profile, fill, target, form):
    """``recorded`` / ``baked`` (with how it was seen) / None when no valid length was found."""
    valid = []
    for value in TARGET_VALUES:
        try:
            valid.append((value, _eager(torch, entry, params, profile, fill, target, value, form)))
        except Exception:  # noqa: BLE001 - an invalid value for this argument
            continue
        if len(valid) == 3:
            break
    if not valid:
        return None
    v1, _ = valid[0]

    def traced_fn(s):
        torch.manual_seed(0)
        return tuple(
            _flatten(torch, _call(torch, entry, params, profile, fill, target, s.shape[0], form))
        )

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            traced = torch.jit.trace(traced_fn, (torch.zeros(v1),), check_trace=False)
    except Exception as exc:  # noqa: BLE001 - torch refuses the traced size there
        return {
            "verdict": "refused",
            "error": f"{type(exc).__name__}: {str(exc).splitlines()[0]}"[:160],
        }
    reads = bool(list(traced.graph.inputs())[0].uses())
    outcomes = []
    for v2, expected in valid[1:]:
        try:
            torch.manual_seed(0)
            got = traced(torch.zeros(v2))
            got = list(got) if isinstance(got, (tuple, list)) else [got]
            outcomes.append("agrees" if _same(torch, got, expected) else "diverges")
        except Exception:  # noqa: BLE001 - the trace fails on another length
            outcomes.append("fails")
    if not reads or any(o != "agrees" for o in outcomes):
        seen = next((o for o in outcomes if o != "agrees"), "graph")
        return {"verdict": "baked", "confirmed": seen, "values": [v for v, _ in valid]}
    if not outcomes:
        return {"verdict": "recorded", "confirmed": "graph"}
    return {"verdict": "recorded", "confirmed": "runs"}


def _candidates(torch):
    """(qualified name, entry, overloads' parameter lists)."""
    import torch.nn.functional as F

    def schemas(name):
        try:
            found = torch._C._jit_get_schemas_for_operator(f"aten::{name}")
        except RuntimeError:
            return []
        return [p for p in (_schema_params(s) for s in found) if p is not None]

    def skipped(name):
        return name.startswith(SKIP_PREFIXES) or name in SKIP_NAMES

    for name in sorted(dir(torch)):
        obj = getattr(torch, name, None)
        if skipped(name) or not callable(obj) or isinstance(obj, type):
            continue
        if inspect.isbuiltin(obj):
            overloads = schemas(name)
        elif inspect.isfunction(obj) and obj.__module__ == "torch.functional":
            overloads = [p for p in [_annotation_params(obj)] if p]
        else:
            continue
        if overloads:
            yield f"torch.{name}", ("function", obj), overloads
    for name in sorted(dir(torch.Tensor)):
        obj = getattr(torch.Tensor, name, None)
        if skipped(name) or not callable(obj):
            continue
        overloads = [p for p in schemas(name) if p and p[0].kind == "tensor"]
        if inspect.isfunction(obj) and obj.__module__ == "torch._tensor":
            annotated = _annotation_params(obj)
            if annotated:
                # the method's own parameters, typed by the aten overloads of the same name
                typed = {p.name: p for o in overloads for p in o if p.kind in ("int", "intlist")}
                annotated = [typed.get(p.name, p) if p.kind == "default" else p for p in annotated]
                overloads = [annotated]
        if overloads:
            yield f"Tensor.{name}", ("method", name), overloads
    for name in sorted(dir(F)):
        obj = getattr(F, name, None)
        if skipped(name) or not callable(obj) or isinstance(obj, type):
            continue
        if inspect.isbuiltin(obj):
            overloads = schemas(name)
        elif inspect.isfunction(obj):
            # `F.max_pool2d` dispatches on `return_indices` to `F._max_pool2d`, which has the
            # annotations (the same parameters).
            typed = getattr(F, f"_{name}", obj) if "boolean_dispatch" in obj.__qualname__ else obj
            overloads = [p for p in [_annotation_params(typed)] if p]
        else:
            continue
        if overloads:
            yield f"torch.nn.functional.{name}", ("function", obj), overloads


def measure(verbose: bool = False, only: frozenset[str] = frozenset()) -> dict:
    import torch

    table: dict[str, dict] = {}
    for qualified, entry, overloads in _candidates(torch):
        if only and qualified not in only:
            continue
        found: dict[tuple[str, str], list[dict]] = {}
        positions: dict[str, int | None] = {}
        for params in overloads:
            targets = [p for p in params if p.kind in ("int", "scalar", "intlist")]
            if not targets:
                continue
            last_positional = max(
                (p.position for p in params if p.position is not None and p.kind != "default"),
                default=None,
            )
            for target in targets:
                base = None
                for profile in TENSOR_PROFILES:
                    for fill in INT_FILLS:
                        try:
                            _eager(torch, entry, params, profile, fill, target)
                        except Exception:  # noqa: BLE001 - not valid for these inputs
                            continue
                        base = (profile, fill)
                        break
                    if base is not None:
                        break
                if base is None:
                    continue
                forms = ["int", "list"] if target.kind == "intlist" else ["int"]
                if (
                    target.kind == "intlist"
                    and entry[0] == "method"
                    and target.position == 1
                    and last_positional == 1
                ):
                    forms.append("varargs")
                for form in forms:
                    result = _probe(torch, entry, params, base[0], base[1], target, form)
                    if result is None:
                        continue
                    offset = 1 if entry[0] == "method" else 0
                    pos = target.position - offset if target.position is not None else None
                    positions.setdefault(target.name, pos)
                    found.setdefault((target.name, form), []).append(result)
        args: dict[str, dict] = {}
        for (arg, form), results in found.items():
            verdicts = {r["verdict"] for r in results}
            # Baked only where no overload taking the form recorded it.
            verdict = "recorded" if "recorded" in verdicts else sorted(verdicts)[0]
            slot = args.setdefault(arg, {"position": positions[arg]})
            slot[form] = verdict
            if verdict != "recorded":
                slot.setdefault("confirmed", {})[form] = results[0].get(
                    "confirmed", results[0].get("error")
                )
        if args:
            table[qualified] = args
            if verbose:
                print(qualified, args, file=sys.stderr)
    return table


def main() -> None:
    import torch

    version = ".".join(torch.__version__.split("+")[0].split(".")[:2])
    tables = json.loads(TABLES.read_text()) if TABLES.exists() else {}
    measured = measure(verbose="-v" in sys.argv)
    forms = ("int", "list", "varargs")
    baked = {
        name: {
            arg: info
            for arg, info in args.items()
            if not arg.startswith("_") and any(info.get(f) in ("baked", "refused") for f in forms)
        }
        for name, args in measured.items()
    }
    pairs = [info.get(f) for args in measured.values() for info in args.values() for f in forms]
    tables[version] = {
        "baked_int_arguments": {name: args for name, args in sorted(baked.items()) if args},
        "measured": {
            "functions": len(measured),
            "recorded": pairs.count("recorded"),
            "baked": pairs.count("baked"),
            "refused": pairs.count("refused"),
        },
    }
    TABLES.write_text(json.dumps(tables, indent=1, sort_keys=True) + "\n")
    entry = tables[version]
    print(
        f"{TABLES}: torch {version}, {entry['measured']}, "
        f"{len(entry['baked_int_arguments'])} functions with a baked or refused int argument"
    )


if __name__ == "__main__":
    main()
