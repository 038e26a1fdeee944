"""TL306: ``torch.as_tensor(np.F(t.numpy(), ...))`` -> ``torch.F(t, ...)`` from an API table (unsafe).

Only the round trip tensor -> array -> NumPy function -> tensor within one expression is
rewritten: the NumPy call's first argument is ``t.numpy()`` of a tensor (the chain before
``.numpy()``, such as ``.detach().cpu()``, is kept, so the device and autograd are as they
were; ``t.numpy(force=True)`` is ``t.detach().cpu()``), its other arguments are plain values
(no tensor, no array), and its result goes straight
into ``torch.as_tensor`` / ``torch.tensor`` (``torch.from_numpy`` for the functions that return
an array) with no other argument. The result is then a CPU tensor either way, so trace and
export see torch operations instead of an array. The round trip may also go through names, as
in ``arr = x.detach().numpy()`` / ``out = np.clip(arr, 0, 1)`` / ``torch.from_numpy(out)``: a
name bound once and used once, the array's binding in the statement right before the NumPy
call's (so nothing rebinds the tensor in between); its binding is then removed and the wrapper
around the result's name goes.

Each table entry was chosen because, for a floating tensor, the torch function takes the same
arguments and gives the same dtype and shape (checked against NumPy 2 and torch 2.13):

- element-wise (one argument): ``exp log log1p expm1 log2 log10 sqrt tanh sinh cosh sin cos
  tan abs floor ceil trunc sign square`` (same name), ``absolute -> abs``, ``negative -> neg``,
  ``arcsin/arccos/arctan -> asin/acos/atan``;
- ``clip(a, lo, hi) -> clamp(a, lo, hi)`` (bounds given positionally, numbers or None);
- reductions ``sum mean`` (same name), ``max/amax -> amax``, ``min/amin -> amin`` (``torch.max``
  with a dim returns a (values, indices) pair), ``argmax argmin``: ``axis`` (second positional
  argument or keyword) -> ``dim``, ``keepdims`` -> ``keepdim``;
- ``argsort``: ``axis`` -> ``dim`` (both default to the last; equal values may come out in
  another order, as neither sort is stable by default);
- ``std var``: as the reductions, and NumPy's population default (``ddof=0``) spelled
  ``correction=0`` (torch's default is 1), ``ddof=k`` -> ``correction=k``.

Unsafe because exactness depends on what the linter cannot see: results can differ in the last
bits (NumPy and torch use different vectorised math and summation orders); for integer tensors
NumPy's float functions and ``mean`` give float64 where torch gives the default float dtype or
fails (``torch.mean`` of an integer tensor raises), and ``floor``/``ceil``/``trunc`` keep torch's
integer dtype where NumPy gives float64; ``as_tensor`` of a NumPy scalar of an integer array's
``sum`` is int64 in both. TorchScript scripts the torch functions; it did not script ``.numpy()``
nor the NumPy call, so the same rewrite answers TL209 (a call TorchScript rejects) there.
Functions not in the table (``percentile``, ``round``, ``prod``, ``histogram``, ...) are left
alone: their torch counterparts differ in arguments or results. The array's own methods of the
same name (``t.numpy().mean(axis=0, keepdims=True)``: ``sum mean max min argmax argmin std var
clip``) are taken the same way (from TL104's finding on ``.numpy()``), a ``dtype=`` given
to ``torch.as_tensor`` / ``torch.tensor`` is kept as ``.to(dtype)``, and a table function of
another (``np.log1p(np.abs(t.numpy()))``) nests the torch calls the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import single_assigned_name, variable_uses
from ._tensor_exprs import is_number, siblings


@dataclass(frozen=True)
class TorchFunction:
    """How a NumPy function is spelled in torch."""

    name: str
    # Positional arguments after the array the torch function takes in the same order.
    positional: int = 0
    # NumPy keyword -> torch keyword; a keyword not here stops the fix.
    keywords: dict[str, str] = field(default_factory=dict)
    # Whether NumPy returns an array for an array (so ``torch.from_numpy`` of it worked).
    array_result: bool = True
    # Keyword added when NumPy's default differs from torch's and the call did not set it.
    default: Optional[tuple[str, str]] = None
    # Argument torch takes right after the tensor where NumPy has none (``np.median``).
    inserted: Optional[str] = None
    # The first argument after the array is a percentage that torch takes as a fraction.
    percent: bool = False


_ELEMENTWISE = {
    name: TorchFunction(name)
    for name in (
        "exp log log1p expm1 log2 log10 sqrt tanh sinh cosh sin cos tan abs floor ceil trunc "
        "sign square"
    ).split()
}
_ELEMENTWISE.update(
    {
        "absolute": TorchFunction("abs"),
        "negative": TorchFunction("neg"),
        "arcsin": TorchFunction("asin"),
        "arccos": TorchFunction("acos"),
        "arctan": TorchFunction("atan"),
    }
)
_AXIS = {"axis": "dim", "keepdims": "keepdim"}
_REDUCTIONS = {
    name: TorchFunction(torch_name, 1, _AXIS, array_result=False)
    for name, torch_name in (
        ("sum", "sum"),
        ("mean", "mean"),
        ("max", "amax"),
        ("amax", "amax"),
        ("min", "amin"),
        ("amin", "amin"),
        ("argmax", "argmax"),
        ("argmin", "argmin"),
    )
}
_SPREAD = {
    name: TorchFunction(
        name, 1, {**_AXIS, "ddof": "correction"}, array_result=False, default=("correction", "0")
    )
    for name in ("std", "var")
}
# NumPy's default method ("linear") is torch.quantile's default interpolation; NumPy's median
# averages the two middle values, as the 0.5 quantile does (torch.median takes the lower one).
_QUANTILES = {
    "quantile": TorchFunction("quantile", 2, {"q": "q", **_AXIS}, array_result=False),
    "percentile": TorchFunction(
        "quantile", 2, {"q": "q", **_AXIS}, array_result=False, percent=True
    ),
    "median": TorchFunction("quantile", 1, _AXIS, array_result=False, inserted="0.5"),
}
TABLE: dict[str, TorchFunction] = {
    **_ELEMENTWISE,
    **_QUANTILES,
    "clip": TorchFunction("clamp", 2),
    # Both along the last axis by default; `kind=` (NumPy's algorithm) stops the fix.
    "argsort": TorchFunction("argsort", 1, {"axis": "dim"}),
    **_REDUCTIONS,
    **_SPREAD,
}
WRAPPERS = {"torch.as_tensor", "torch.tensor", "torch.from_numpy"}
# Calls that make a Python number of NumPy's scalar result, as they do of a 0-d tensor.
NUMBER_WRAPPERS = {"builtins.float", "builtins.int"}


class NumpyToTorch(Fixer):
    codes = ("TL306", "TL209")
    applicability = "unsafe"
    message = (
        "call the torch function on the tensor instead of NumPy on `.numpy()` (unsafe: last-bit "
        "differences; integer tensors can get another dtype)"
    )
    # NumPy function name -> its torch function; a subclass may take more.
    table: dict[str, TorchFunction] = TABLE

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        name = self.ctx.qualified_name(call.func) or ""
        entry = self.table.get(name.removeprefix("numpy."))
        if not name.startswith("numpy.") or entry is None or not self._takes(call, entry):
            return None
        result = self._result_name(call)
        wrapper = self._wrapper(result if result is not None else call)
        if wrapper is None:
            return None
        if self.ctx.qualified_name(wrapper.func) == "torch.from_numpy" and not entry.array_result:
            return None
        removals: list[Replacement] = []
        arguments = self._arguments(call, entry, removals, self._number_of(wrapper))
        if arguments is None:
            return None
        return self._rewrite(call, entry, arguments, result, wrapper, removals)

    def _takes(self, call: cst.Call, entry: TorchFunction) -> bool:
        """Whether this fixer takes the call at all (a subclass narrows it to its own forms)."""
        return True

    def _rewrite(
        self,
        call: cst.Call,
        entry: TorchFunction,
        arguments: list[str],
        result: Optional[cst.Name],
        wrapper: cst.Call,
        removals: list[Replacement],
    ) -> list[Replacement]:
        torch = self.import_module("torch")
        text = f"{torch}.{entry.name}({', '.join(arguments)})"
        if self._number_of(wrapper):
            # `float(np.F(...))`: the Python number of a 0-d tensor, as of NumPy's scalar.
            return [(call, text), *removals]
        # `torch.as_tensor(..., dtype=d)`: the same cast on the tensor.
        cast = "".join(f".to({self.code(a.value)})" for a in wrapper.args[1:])
        if result is None:
            text += cast
            return [(wrapper, f"({text})" if wrapper.lpar else text), *removals]
        # `out = np.F(...)` ... `torch.as_tensor(out)`: compute the tensor where the array was.
        kept = f"{result.value}{cast}"
        return [(call, text), (wrapper, kept), *removals]

    def _wrapper(self, value: cst.BaseExpression) -> Optional[cst.Call]:
        """``torch.as_tensor(<value>)`` (or ``torch.tensor`` / ``torch.from_numpy``) around it;
        also ``float(<value>)``, ``int(<value>)`` and ``<value>.item()``, which make the same
        Python number of NumPy's scalar and of the torch function's 0-d tensor."""
        method = self.parent(value)
        if isinstance(method, cst.Attribute) and method.attr.value == "item":
            item = self.parent(method)
            if isinstance(item, cst.Call) and item.func is method and not item.args:
                return item
        arg = self.parent(value)
        if value.lpar or not isinstance(arg, cst.Arg) or arg.keyword is not None or arg.star:
            return None
        wrapper = self.parent(arg)
        if not isinstance(wrapper, cst.Call) or wrapper.args[0] is not arg:
            return None
        name = self.ctx.qualified_name(wrapper.func)
        if name in NUMBER_WRAPPERS:
            return wrapper if len(wrapper.args) == 1 else None
        extra = wrapper.args[1:]
        if extra and (
            name == "torch.from_numpy"
            or len(extra) != 1
            or extra[0].keyword is None
            or extra[0].keyword.value != "dtype"
        ):
            return None  # only a `dtype=` keyword, which `.to(dtype)` keeps
        return wrapper if name in WRAPPERS else None

    def _number_of(self, wrapper: cst.Call) -> bool:
        """Whether the wrapper makes a Python number (``float``, ``int``, ``.item()``)."""
        if isinstance(wrapper.func, cst.Attribute) and wrapper.func.attr.value == "item":
            return True
        return self.ctx.qualified_name(wrapper.func) in NUMBER_WRAPPERS

    def _result_name(self, call: cst.Call) -> Optional[cst.Name]:
        """The one use of ``out`` in ``out = <call>``, when ``out`` is bound once and used once."""
        target = single_assigned_name(self, call)
        return self._only_use(target) if target is not None else None

    def _only_use(self, target: cst.Name) -> Optional[cst.Name]:
        function = self.enclosing_function(target)
        if function is None or len(assignments(function, target.value)) != 1:
            return None
        uses = [u for u in variable_uses(self, function, target.value) if u is not target]
        return uses[0] if len(uses) == 1 else None

    def _statement(self, node: cst.CSTNode) -> Optional[cst.SimpleStatementLine]:
        """The one-statement line holding ``node``."""
        for ancestor in self.ancestors(node):
            if isinstance(ancestor, cst.SimpleStatementLine):
                return ancestor if len(ancestor.body) == 1 else None
            if isinstance(ancestor, cst.BaseCompoundStatement):
                return None
        return None

    def _arguments(
        self,
        call: cst.Call,
        entry: TorchFunction,
        removals: list[Replacement],
        scalar: bool = False,
    ) -> Optional[list[str]]:
        """The torch call's arguments, or None when one has no exact torch spelling.
        ``scalar``: the result is made a Python number, so a quantile ``q`` held in a name
        is one number (a list of them would have failed there already)."""
        if not call.args or call.args[0].keyword is not None or call.args[0].star:
            return None
        array = call.args[0].value
        if isinstance(array, cst.Name):
            binding = self._array_binding(array)
            if binding is None:
                return None
            statement, array = binding
            removals.append((statement, cst.RemovalSentinel.REMOVE))
        first = self._torch_of(array, removals)
        if first is None:
            return None
        arguments = [first] + ([entry.inserted] if entry.inserted else [])
        keywords_set = set()
        for position, arg in enumerate(call.args[1:]):
            if arg.star or self.kind(arg.value) in (Kind.TENSOR, Kind.TENSORS, Kind.NDARRAY):
                return None
            value = self.code(arg.value)
            if (
                entry.name == "quantile"
                and entry.inserted is None
                and (
                    (arg.keyword is None and position == 0)
                    or (arg.keyword and arg.keyword.value == "q")
                )
            ):
                quantile = self._quantile(arg.value, entry.percent, scalar)
                if quantile is None:
                    return None
                value = quantile
            if arg.keyword is None:
                if position >= entry.positional or keywords_set:
                    return None
                arguments.append(value)
                continue
            keyword = entry.keywords.get(arg.keyword.value)
            if keyword is None:
                return None
            keywords_set.add(keyword)
            arguments.append(f"{keyword}={value}")
        if entry.default is not None and entry.default[0] not in keywords_set:
            arguments.append(f"{entry.default[0]}={entry.default[1]}")
        return arguments

    def _quantile(self, q: cst.BaseExpression, percent: bool, scalar: bool) -> Optional[str]:
        """torch.quantile's ``q`` for NumPy's: one number (torch takes a list only as a
        tensor), a percentage divided by 100 as NumPy does."""
        if is_number(q):
            if not percent:
                return self.code(q)
            return repr(float(self.code(q).replace("_", "")) / 100)
        if not (scalar and isinstance(q, (cst.Name, cst.Attribute))):
            return None
        return f"{self.code(q)} / 100" if percent else self.code(q)

    def _array_binding(
        self, name: cst.Name
    ) -> Optional[tuple[cst.SimpleStatementLine, cst.BaseExpression]]:
        """``arr = <value>`` right before the statement using ``arr``, its only use."""
        function = self.enclosing_function(name)
        bound = assignments(function, name.value)
        if function is None or len(bound) != 1 or bound[0][2] != 1:
            return None
        value = bound[0][0]
        assign = self.parent(value)
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
            return None
        target = assign.targets[0].target
        if not isinstance(target, cst.Name) or self._only_use(target) is not name:
            return None
        binding, use = self._statement(assign), self._statement(name)
        if binding is None or use is None:
            return None
        block = siblings(self, use)
        if block is None or not any(a is binding and b is use for a, b in zip(block, block[1:])):
            return None
        return binding, value

    def _torch_of(self, array: cst.BaseExpression, removals: list[Replacement]) -> Optional[str]:
        """The torch spelling of an array argument: ``t`` for ``t.numpy()``, and for a table
        function of one (``np.abs(t.numpy())`` inside ``np.log1p(...)``) its torch call."""
        tensor = self._numpy_of(array)
        if tensor is not None:
            return self.code(tensor)
        if not isinstance(array, cst.Call):
            return None
        name = self.ctx.qualified_name(array.func) or ""
        entry = self.table.get(name.removeprefix("numpy.")) if name.startswith("numpy.") else None
        if entry is None or not entry.array_result:
            return None
        arguments = self._arguments(array, entry, removals)
        if arguments is None:
            return None
        return f"{self.import_module('torch')}.{entry.name}({', '.join(arguments)})"

    def _numpy_of(self, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``t`` of ``t.numpy()`` where ``t`` is a tensor; ``t.detach().cpu()`` of
        ``t.numpy(force=True)``, which detaches and copies to the CPU first."""
        if not (
            isinstance(expr, cst.Call)
            and isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "numpy"
        ):
            return None
        tensor = expr.func.value
        if self.kind(tensor) != Kind.TENSOR:
            return None
        if not expr.args:
            return tensor
        (arg,) = expr.args if len(expr.args) == 1 else (None,)
        if (
            arg is None
            or arg.keyword is None
            or arg.keyword.value != "force"
            or not (isinstance(arg.value, cst.Name) and arg.value.value == "True")
        ):
            return None
        return cst.parse_expression(f"{self.code(tensor)}.detach().cpu()")


# ndarray methods that are the NumPy function of the same name with the array first.
ARRAY_METHODS = frozenset({"sum", "mean", "max", "min", "argmax", "argmin", "std", "var", "clip"})


class NumpyMethodToTorch(NumpyToTorch):
    """TL104 on ``t.numpy()`` whose array is reduced by its own method (``.mean(axis=0)``) and
    goes straight back into a tensor: the same rewrite as ``np.mean(t.numpy(), axis=0)``."""

    codes = ("TL104",)

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        numpy_call = diagnostic.node
        if not isinstance(numpy_call, cst.Call) or self._numpy_of(numpy_call) is None:
            return None
        method = self.parent(numpy_call)
        call = self.parent(method) if isinstance(method, cst.Attribute) else None
        if not isinstance(call, cst.Call) or call.func is not method:
            return None
        name = method.attr.value  # type: ignore[union-attr]
        entry = TABLE.get(name) if name in ARRAY_METHODS else None
        if entry is None:
            return None
        result = self._result_name(call)
        wrapper = self._wrapper(result if result is not None else call)
        if wrapper is None:
            return None
        if self.ctx.qualified_name(wrapper.func) == "torch.from_numpy" and not entry.array_result:
            return None
        # ``a.mean(axis=0)`` is ``np.mean(a, axis=0)``: the same arguments after the array.
        as_function = call.with_changes(args=[cst.Arg(numpy_call), *call.args])
        arguments = self._arguments(as_function, entry, [])
        if arguments is None:
            return None
        return self._rewrite(call, entry, arguments, result, wrapper, [])
