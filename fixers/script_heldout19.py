"""Rewrites for script findings from the heldout19 probe batch.

``CudaQueryThroughPython`` (TL209, unsafe): ``torch.cuda.is_available()`` (``device_count()``,
``is_bf16_supported()``, no arguments) in scripted code -> ``_cuda_is_available()``, a
module-level function added before the statement that holds the call::

    @torch.jit.ignore
    def _cuda_is_available() -> bool:
        return torch.cuda.is_available()

TorchScript binds nothing of ``torch.cuda`` (a Python module to it) and has no other spelling
of the query; an ``@torch.jit.ignore`` function is left Python, and the scripted code calls
back into Python for it (checked on torch 2.13: ``"cuda" if _cuda_is_available() else "cpu"``
scripts and equals eager). Eager Python, trace, torch.compile and export call the function,
which returns what the query returns. Unsafe: the scripted model now calls Python, so
``torch.jit.save`` refuses it and C++ cannot run it (where it could not be scripted at all
before), and the module binds one more name.

``InlineDelegatingDunder`` (TL208, unsafe): ``len(self.encoder)`` / ``for b in self.stage`` /
``self.stage[i]`` of a submodule whose class (a class of this file) only delegates
``__len__`` / ``__iter__`` / ``__getitem__`` to one of its module containers (``return
len(self.layers)``, ``return iter(self.blocks)`` / ``yield from self.blocks``, ``return
self.blocks[i]``) -> ``len(self.encoder.layers)``, ``for b in self.stage.blocks``,
``self.stage.blocks[i]``. TorchScript compiles a submodule as a module and calls none of its
dunders, but takes ``len`` of, iterates and indexes (by a literal) a ``ModuleList`` /
``Sequential`` (checked on torch 2.13: scripts, equals eager). Python calls the dunder of the
object's class, which reads the container: the same value. Only where the container is bound
once, in ``__init__``, to ``nn.ModuleList(...)`` / ``nn.Sequential(...)``, and no class of the
file derives from the submodule's class. Unsafe: an object of another class (or a subclass
overriding the dunder) set on the attribute from outside would have its own dunder called.

``EmptyListOfTuples`` (TL217, safe): ``stats = []`` that scripted code appends tuple displays
to -> ``stats: List[Tuple[Tensor, Tensor]] = []``, the element types read from the appended
tuples (each position a tensor, an int from a size, or an int / float / str / bool literal,
the same type in every append). TorchScript types an unannotated empty list ``List[Tensor]``
(torch 2.13: no overload of ``append`` takes the tuple); annotated, it scripts (checked: equals
eager). Only where the local is bound once, to the empty literal, and otherwise only read.
Safe: the annotation of a local is not evaluated when Python runs the function; eager, trace,
torch.compile and export run what they ran.

``ZipComprehensionToEnumerate`` (TL208, unsafe): ``[conv(f) for conv, f in zip(self.convs,
feats)]`` (a module container zipped with a sequence in a comprehension) -> ``[conv(feats[i])
for i, conv in enumerate(self.convs)]``. TorchScript unrolls a comprehension over
``enumerate`` of a ``ModuleList`` and indexes a list with the variable, but cannot zip one
with a list (checked on torch 2.13: scripts, equals eager). Only where the comprehension has
one ``for`` (no ``if``: TorchScript has none in a comprehension) over ``zip`` of two plain references (one of them a module container), its target
two names, and the sequence's name is only read in it (no ``:=``, lambda or inner
comprehension). Unsafe: a sequence shorter than the container stopped ``zip`` early and now
raises ``IndexError``; one that cannot be indexed (an iterator) fails.

``FinalIntIndex`` (TL208, unsafe): ``self.exits[self.exit_at]`` where only ``__init__`` sets
``self.exit_at``, once, to an int literal or a parameter annotated ``int`` or with an int
default -> ``exit_at: Final[int]`` first in the class body (after its docstring; ``from typing
import Final``): TorchScript folds a ``Final`` attribute to a constant and indexes a module
container with it (checked on torch 2.13: scripts, equals eager). An annotation without a value
binds nothing: eager Python runs as before. Unsafe: a module built with a non-int index, or
whose index changes after construction, no longer scripts (TorchScript holds a ``Final``
attribute fixed), and ``__annotations__`` gains the name.

``TensorTypeStringTest`` (TL205, unsafe): ``x.type() == "torch.HalfTensor"`` (``!=``; the type
names of the ten real and bool dtypes, ``torch.cuda.`` ones too) -> ``x.dtype == torch.float16
and x.device.type == "cpu" and x.layout == torch.strided``. TorchScript compiles ``x.type()``
as a conversion that returns the tensor (torch 2.13: the comparison with a str is no valid
call) and compiles the three tests (checked: scripts, equals eager). ``Tensor.type()`` names
the dtype, the device type (none for the CPU) and the layout (none for strided): the name is
``torch.HalfTensor`` exactly when the three hold. Only where ``x`` is a name or an attribute
chain (read three times). Unsafe: the receiver is a tensor by inference; an object of another
class with a ``type()`` method would be rewritten too.

``EmptyTensorList`` (TL205, safe): ``torch.tensor([], device=d)`` -> ``torch.empty(0,
device=d)`` (only ``dtype=`` / ``device=``), TL110's rewrite (fixers/tensor_constant.py) for
the TorchScript finding: TorchScript types ``[]`` ``List[Tensor]`` and fails when the line
runs; both calls give an empty 1-D tensor of the default dtype (or the one given) on the same
device, in every back-end.

``GuardDroppedMethodCall`` (TL209, safe): a statement that is only a call of an
``@torch.jit.ignore(drop=True)`` method goes under ``if not torch.jit.is_scripting():``.
TorchScript compiles a dropped method as a stub that raises when called (torch 2.13: "This
Python function is annotated to be ignored and cannot be run"); the guard keeps the call from
the scripted model, as ``drop=True`` keeps the method from it. Eager, trace, torch.compile and
export run the call as before (``is_scripting()`` is False there).

``DictDisplayThroughAnnotatedLocal`` (TL217, safe): ``state[key] = {"k": a, "v": b}`` where
``state`` is a parameter annotated ``Dict[K, V]`` (or ``Optional[...]`` of it) -> ``entry: V =
{"k": a, "v": b}`` then ``state[key] = entry``. TorchScript types a display from its values
(``Dict[str, Tensor]``), and a container's type must match exactly (torch 2.13: Arguments for
call are not valid); the annotated local gives it ``V`` (checked: scripts, equals eager). Only
a statement of its own, where the function binds no name ``V`` reads. Safe: Python evaluates
the display before the store's container and key either way, the local's annotation is not
evaluated, and the new local (a name the function did not use) is all that changes.

``AssertTupleDisplay`` (TL204, unsafe): ``assert (cond, "message")`` -> ``assert cond,
"message"``. A two-element tuple is always true, so Python never checked ``cond``; TorchScript
cannot make a bool of a tuple (torch 2.13: Could not cast value of type Tuple[bool, str] to
bool). Unsafe: the check now runs, and raises AssertionError where ``cond`` is false (and not
under ``python -O``).

``RaiseAtMissingReturn`` (TL211, unsafe): a function annotated to return a value (not
``None``, ``Optional``, ``Union`` or ``Any``) whose last statement is a loop, ``if``, ``with``
or ``try`` it may fall out of -> ``raise RuntimeError("`f` reached its end without returning a
value")`` after it. TorchScript checks every path from the statements alone and fails on one
that ends without a ``return`` (torch 2.13: does not return along all paths); with the
``raise`` it scripts (checked: equals eager where a value is returned). Unsafe: where eager
fell out of the function and returned None, it now raises.

Left alone (heldout19 ``dataclass_output_return``): a ``@dataclass`` that scripted code names
(TL218). TorchScript 2.13 fails on any dataclass it reaches (it reads the source of the
``__init__`` / ``__repr__`` / ``__eq__`` that ``dataclasses`` generates before it puts its own
in their place). A ``typing.NamedTuple`` with the same fields scripts, but the model then
returns a tuple where it returned a dataclass instance: the output iterates, unpacks, compares
and hashes otherwise (torch's own comparison of the eager outputs calls it changed), and
writing the generated methods out by hand makes TorchScript compile ``__repr__`` too.

Left alone (heldout19 ``tensor_register_hook_grad_scale``): ``x.register_hook(fn)`` in scripted
code (TL205). TorchScript has no tensor hooks and no other way to change a gradient in flight:
a ``torch.jit.is_scripting()`` guard would make the scripted model train with unscaled
gradients, silently; a ``@torch.jit.ignore`` helper registering the hook calls Python with the
scripted module as ``self``, which has no compiled hook method (torch 2.13: 'RecursiveScriptModule'
object has no attribute '_scale_grad' once the input requires grad); and ``x.detach() + (x -
x.detach()) * s`` scales only the gradient flowing through this use of ``x``, where the hook
scaled every use (and turns an infinite input into NaN).
"""

from __future__ import annotations

import re
from typing import ClassVar, Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments, self_attribute
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    class_body_annotation,
    class_methods,
    contains,
    expression_in_place,
    final_attribute_init,
    fresh_name,
    guarded,
    is_docstring,
    module_bindings,
    names_in,
    own_statement_line,
    plain_reference,
    set_once_in_init,
    variable_uses,
)
from .script_dict_annotation import annotate_binding
from .script_list_annotation import empty_list_role
from .tensor_constant import TensorLiteralToFull


class _Swap(cst.CSTTransformer):
    """Replace one node (by identity)."""

    def __init__(self, old: cst.CSTNode, new: cst.CSTNode) -> None:
        self.old, self.new = old, new

    def on_leave(self, original_node, updated_node):  # type: ignore[override]
        return self.new if original_node is self.old else updated_node


def _top_statement(fixer: Fixer, node: cst.CSTNode) -> Optional[cst.BaseStatement]:
    for ancestor in [node, *fixer.ancestors(node)]:
        if fixer.parent(ancestor) is fixer.ctx.module and isinstance(ancestor, cst.BaseStatement):
            return ancestor
    return None


def _module_class(fixer: Fixer, name: str) -> Optional[cst.ClassDef]:
    """The one top-level ``class <name>`` of this file."""
    found = [
        s for s in fixer.ctx.module.body if isinstance(s, cst.ClassDef) and s.name.value == name
    ]
    return found[0] if len(found) == 1 else None


def _derived_in_file(fixer: Fixer, name: str) -> bool:
    """Whether a class of this file names ``name`` among its bases."""
    return contains(
        fixer.ctx.module,
        lambda n: (
            isinstance(n, cst.ClassDef)
            and any(isinstance(b.value, cst.Name) and b.value.value == name for b in n.bases)
        ),
    )


# -- torch.cuda queries ------------------------------------------------------------------------
CUDA_QUERIES = {
    "torch.cuda.is_available": "bool",
    "torch.cuda.device_count": "int",
    "torch.cuda.is_bf16_supported": "bool",
}


class CudaQueryThroughPython(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = "ask CUDA through an `@torch.jit.ignore` function, which TorchScript leaves Python"
    # The queries this fixer moves to Python, each with the annotation of what it returns.
    queries: ClassVar[dict[str, str]] = CUDA_QUERIES

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or call.args:
            return None
        api = self.ctx.qualified_name(call.func)
        returns = self.queries.get(api or "")
        if api is None or returns is None:
            return None
        helper = "_" + api[len("torch.") :].replace(".", "_")
        function = self.enclosing_function(call)
        if function is None or any(n.value == helper for n in names_in(function)):
            return None  # a local of that name would hide the helper
        new_call = cst.Call(func=cst.Name(helper))
        existing = [
            s
            for s in self.ctx.module.body
            if isinstance(s, cst.FunctionDef) and s.name.value == helper
        ]
        if existing:
            return [(call, new_call)] if self._is_helper(existing[0], api) else None
        if helper in module_bindings(self.ctx.module):
            return None
        top = _top_statement(self, call)
        if top is None:
            return None
        torch = self.import_module("torch")
        definition = cst.parse_statement(
            f"@{torch}.jit.ignore\ndef {helper}() -> {returns}:\n"
            f"    return {torch}.{api[len('torch.') :]}()\n"
        ).with_changes(leading_lines=top.leading_lines)
        blank = [cst.EmptyLine(indent=False), cst.EmptyLine(indent=False)]
        rest = top.visit(_Swap(call, new_call)).with_changes(leading_lines=blank)
        return [(top, cst.FlattenSentinel([definition, rest]))]

    def _is_helper(self, definition: cst.FunctionDef, api: str) -> bool:
        """The function this fixer adds: ``@torch.jit.ignore``, ``return <api>()`` alone."""
        if len(definition.decorators) != 1 or definition.params.params:
            return False
        if self.ctx.qualified_name(definition.decorators[0].decorator) != "torch.jit.ignore":
            return False
        body = definition.body
        if not isinstance(body, cst.IndentedBlock) or len(body.body) != 1:
            return False
        line = body.body[0]
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return False
        value = getattr(line.body[0], "value", None)
        return (
            isinstance(line.body[0], cst.Return)
            and isinstance(value, cst.Call)
            and not value.args
            and self.ctx.qualified_name(value.func) == api
        )


# -- a submodule's delegating dunder -----------------------------------------------------------
_DUNDER_USE = re.compile(
    r"^`self\.\w+` is a `(\w+)`, a module class of the project that is no module container, "
    r"(given to `len`|iterated|indexed) in scripted code"
)
_DUNDERS = {"given to `len`": "__len__", "iterated": "__iter__", "indexed": "__getitem__"}
_CONTAINERS = frozenset({"torch.nn.ModuleList", "torch.nn.Sequential"})


class InlineDelegatingDunder(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "use the module container the submodule's dunder reads"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _DUNDER_USE.match(diagnostic.message)
        node = diagnostic.node
        if found is None:
            return None
        how = _DUNDERS[found.group(2)]
        if how == "__len__":
            if not isinstance(node, cst.Call) or len(node.args) != 1:
                return None
            target = node.args[0].value
        elif how == "__getitem__":
            if not isinstance(node, cst.Subscript):
                return None
            target = node.value
        else:
            target = node
        if self_attribute(target) is None:
            return None
        cls = _module_class(self, found.group(1))
        if cls is None or _derived_in_file(self, cls.name.value):
            return None
        dunder = next((m for m in class_methods(cls) if m.name.value == how), None)
        container = self._delegate(dunder, how) if dunder is not None else None
        if container is None or not self._container_of(cls, container):
            return None
        assert isinstance(target, cst.Attribute)
        return [(target, cst.Attribute(value=target, attr=cst.Name(container)))]

    def _delegate(self, dunder: cst.FunctionDef, how: str) -> Optional[str]:
        """``X`` of ``self.X`` that the dunder's one statement hands on."""
        if dunder.decorators or dunder.asynchronous is not None:
            return None
        params = dunder.params
        if (
            isinstance(params.star_arg, (cst.Param, cst.ParamStar))
            or params.kwonly_params
            or params.star_kwarg
            or params.posonly_params
        ):
            return None
        wanted = 2 if how == "__getitem__" else 1
        if len(params.params) != wanted or any(p.default for p in params.params):
            return None
        if not isinstance(dunder.body, cst.IndentedBlock):
            return None
        lines = list(dunder.body.body)
        if lines and is_docstring(lines[0]):
            lines = lines[1:]
        if len(lines) != 1 or not isinstance(lines[0], cst.SimpleStatementLine):
            return None
        if len(lines[0].body) != 1:
            return None
        small = lines[0].body[0]
        this = params.params[0].name.value
        value = small.value if isinstance(small, cst.Return) else None

        def own(expr: Optional[cst.BaseExpression]) -> Optional[str]:
            if (
                isinstance(expr, cst.Attribute)
                and isinstance(expr.value, cst.Name)
                and expr.value.value == this
            ):
                return expr.attr.value
            return None

        def builtin_of(expr: Optional[cst.BaseExpression], name: str) -> Optional[str]:
            if (
                isinstance(expr, cst.Call)
                and len(expr.args) == 1
                and not expr.args[0].keyword
                and not expr.args[0].star
                and self.ctx.qualified_name(expr.func) == f"builtins.{name}"
            ):
                return own(expr.args[0].value)
            return None

        if how == "__len__":
            return builtin_of(value, "len")
        if how == "__iter__":
            if isinstance(small, cst.Expr) and isinstance(small.value, cst.Yield):
                sent = small.value.value
                return own(sent.item) if isinstance(sent, cst.From) else None
            return builtin_of(value, "iter")
        key = params.params[1].name.value
        if (
            isinstance(value, cst.Subscript)
            and len(value.slice) == 1
            and isinstance(value.slice[0].slice, cst.Index)
            and isinstance(value.slice[0].slice.value, cst.Name)
            and value.slice[0].slice.value.value == key
        ):
            return own(value.value)
        return None

    def _container_of(self, cls: cst.ClassDef, attr: str) -> bool:
        """``self.<attr>`` bound once in the class, in ``__init__``, to a ModuleList or
        Sequential call."""
        bound: list[tuple[str, Optional[cst.BaseExpression]]] = []
        for method in class_methods(cls):
            bound.extend((method.name.value, v) for v in self_assignments(method, attr))
        if len(bound) != 1 or bound[0][0] != "__init__":
            return False
        value = bound[0][1]
        return isinstance(value, cst.Call) and self.ctx.qualified_name(value.func) in _CONTAINERS


# -- an empty list of tuples -------------------------------------------------------------------
_TUPLE_APPEND = re.compile(
    r"^`(\w+)` is an empty literal with no annotation, .* and this adds a tuple to it"
)


class EmptyListOfTuples(Fixer):
    codes = ("TL217",)
    applicability = "safe"
    message = "annotate the empty list with the tuples appended to it"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _TUPLE_APPEND.search(diagnostic.message)
        function = self.enclosing_function(diagnostic.node)
        if found is None or function is None:
            return None
        name = found.group(1)
        shapes: set[tuple[str, ...]] = set()
        replacements = annotate_binding(
            self, function, name, lambda use: self._role(use, shapes), lambda: self._type(shapes)
        )
        return replacements if len(shapes) == 1 else None

    def _type(self, shapes: set[tuple[str, ...]]) -> str:
        """``List[Tuple[...]]`` of the one shape appended (any, when several: no fix then)."""
        shape = sorted(shapes)[0]
        torch = self.import_module("torch")
        types = ", ".join(f"{torch}.Tensor" if t == "Tensor" else t for t in shape)
        return (
            f"{self.import_from('typing', 'List')}[{self.import_from('typing', 'Tuple')}[{types}]]"
        )

    def _role(self, use: cst.Name, shapes: set[tuple[str, ...]]) -> Optional[object]:
        def appended(value: cst.BaseExpression) -> bool:
            shape = self._tuple_types(value)
            if shape is not None:
                shapes.add(shape)
            return shape is not None

        return empty_list_role(self, use, appended)

    def _tuple_types(self, value: cst.BaseExpression) -> Optional[tuple[str, ...]]:
        if not isinstance(value, cst.Tuple) or not value.elements:
            return None
        types = []
        for element in value.elements:
            if isinstance(element, cst.StarredElement):
                return None
            found = self._element_type(element.value)
            if found is None:
                return None
            types.append(found)
        return tuple(types)

    def _element_type(self, value: cst.BaseExpression) -> Optional[str]:
        kind = self.kind(value)
        if kind is Kind.TENSOR:
            return "Tensor"
        if kind in (Kind.SIZE, Kind.RANK):
            return "int"
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
            value = value.expression
            if not isinstance(value, (cst.Integer, cst.Float)):
                return None
        if isinstance(value, cst.Integer):
            return "int"
        if isinstance(value, cst.Float):
            return "float"
        if isinstance(value, cst.SimpleString) and "b" not in value.prefix.lower():
            return "str"
        if isinstance(value, cst.Name) and value.value in ("True", "False"):
            return "bool"
        return None


# -- zip of a module container in a comprehension ----------------------------------------------
class ZipComprehensionToEnumerate(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "enumerate the module container and index the sequence"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not diagnostic.message.startswith("`zip` of a module container with a non-module"):
            return None
        if not isinstance(call, cst.Call) or len(call.args) != 2:
            return None
        if any(a.keyword is not None or a.star for a in call.args):
            return None
        if self.ctx.qualified_name(call.func) != "builtins.zip":
            return None
        comp_for = self.parent(call)
        comp = self.parent(comp_for) if isinstance(comp_for, cst.CompFor) else None
        if not isinstance(comp, (cst.ListComp, cst.GeneratorExp, cst.SetComp, cst.DictComp)):
            return None
        assert isinstance(comp_for, cst.CompFor)
        if comp_for.inner_for_in is not None or comp_for.asynchronous is not None or comp_for.ifs:
            return None
        target = comp_for.target
        if not isinstance(target, (cst.Tuple, cst.List)) or len(target.elements) != 2:
            return None
        names = [e.value for e in target.elements]
        if not all(isinstance(n, cst.Name) for n in names) or names[0].value == names[1].value:
            return None
        values = [a.value for a in call.args]
        kinds = [self.kind(v) for v in values]
        if sorted(k is Kind.MODULES for k in kinds) != [False, True]:
            return None
        modules_at = kinds.index(Kind.MODULES)
        sequence = values[1 - modules_at]
        if not all(plain_reference(v) for v in values):
            return None
        module_name, item_name = names[modules_at], names[1 - modules_at]
        assert isinstance(item_name, cst.Name) and isinstance(module_name, cst.Name)
        parts = self._elements(comp)
        if any(
            contains(p, lambda n: isinstance(n, (cst.Lambda, cst.NamedExpr, cst.BaseComp)))
            for p in parts
        ):
            return None
        index = fresh_name(self, comp, "i", "index")
        item = cst.Subscript(
            value=sequence, slice=[cst.SubscriptElement(cst.Index(cst.Name(index)))]
        )
        replacements: list[Replacement] = []
        for part in parts:
            replacements.extend((use, item) for use in variable_uses(self, part, item_name.value))
        enumerate_call = cst.Call(func=cst.Name("enumerate"), args=[cst.Arg(values[modules_at])])
        new_target = cst.Tuple(
            [cst.Element(cst.Name(index)), cst.Element(cst.Name(module_name.value))],
            lpar=[],
            rpar=[],
        )
        replacements.append((target, new_target))
        replacements.append((call, enumerate_call))
        return replacements

    @staticmethod
    def _elements(comp: cst.BaseComp) -> list[cst.BaseExpression]:
        if isinstance(comp, cst.DictComp):
            return [comp.key, comp.value]
        return [comp.elt]  # type: ignore[attr-defined]


# -- an int attribute indexing a module container ----------------------------------------------
class FinalIntIndex(Fixer):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "annotate the index `Final[int]` so TorchScript takes it as a constant"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not diagnostic.message.startswith("module container indexed with a variable"):
            return None
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1:
            return None
        index = node.slice[0].slice
        attr = self_attribute(index.value) if isinstance(index, cst.Index) else None
        if attr is None:
            return None
        cls = next((a for a in self.ancestors(node) if isinstance(a, cst.ClassDef)), None)
        init = final_attribute_init(cls, attr)
        if init is None or not set_once_in_init(self, cls, init, attr, "int", _int_literal):
            return None
        final = self.import_from("typing", "Final")
        return class_body_annotation(cls, f"{attr}: {final}[int]")


def _int_literal(node: Optional[cst.BaseExpression]) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


# -- torch.tensor([]) --------------------------------------------------------------------------
class EmptyTensorList(TensorLiteralToFull):
    codes = ("TL205",)
    applicability = "safe"
    message = "build the empty tensor with `torch.empty(0, ...)`, which TorchScript types"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not call.args:
            return None
        data = call.args[0].value
        if not isinstance(data, cst.List) or data.elements:
            return None
        return super().fix(diagnostic)


# -- a call of an @torch.jit.ignore(drop=True) method ------------------------------------------
class GuardDroppedMethodCall(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "keep the call of the dropped method from TorchScript with `if not torch.jit.is_scripting():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "calls a `@torch.jit.ignore(drop=True)` method" not in diagnostic.message:
            return None
        call = diagnostic.node
        line = own_statement_line(self, call)
        if line is None or self.enclosing_function(line) is None:
            return None
        if contains(call, lambda n: isinstance(n, (cst.Lambda, cst.NamedExpr))):
            return None
        return [(line, guarded(self, "not {torch}.jit.is_scripting()", line))]


# -- a dict display stored into a container of declared element type ---------------------------
_TYPING_DICT = frozenset({"typing.Dict", "builtins.dict"})


class DictDisplayThroughAnnotatedLocal(Fixer):
    codes = ("TL217",)
    applicability = "safe"
    message = "bind the dict display to a local annotated with the container's element type"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        display = diagnostic.node
        if "a dict display of tensors stored into" not in diagnostic.message:
            return None
        assign = self.parent(display)
        if not isinstance(display, cst.Dict) or not isinstance(assign, cst.Assign):
            return None
        if assign.value is not display or len(assign.targets) != 1:
            return None
        target = assign.targets[0].target
        if not isinstance(target, cst.Subscript) or not isinstance(target.value, cst.Name):
            return None
        line = self.parent(assign)
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if not isinstance(self.parent(line), cst.IndentedBlock):
            return None
        function = self.enclosing_function(line)
        if function is None:
            return None
        element = self._element_type(function, target.value.value)
        if element is None:
            return None
        local = fresh_name(self, line, "entry")
        annotated = cst.parse_statement(f"{local}: {self.code(element)} = {self.code(display)}\n")
        stored = line.with_changes(
            body=[assign.with_changes(value=cst.Name(local))], leading_lines=()
        )
        return [
            (
                line,
                cst.FlattenSentinel(
                    [annotated.with_changes(leading_lines=line.leading_lines), stored]
                ),
            )
        ]

    def _element_type(self, function: cst.FunctionDef, name: str) -> Optional[cst.BaseExpression]:
        """``V`` of the parameter ``name: Dict[K, V]`` (or ``Optional[Dict[K, V]]``) of
        ``function``, where the function binds no name that ``V`` reads."""
        params = function.params
        param = next(
            (p for p in [*params.params, *params.kwonly_params] if p.name.value == name), None
        )
        if param is None or param.annotation is None:
            return None
        annotation = param.annotation.annotation
        if self._generic(annotation, "typing.Optional", 1):
            annotation = annotation.slice[0].slice.value  # type: ignore[union-attr]
        if not any(self._generic(annotation, d, 2) for d in _TYPING_DICT):
            return None
        value = annotation.slice[1].slice.value  # type: ignore[union-attr]
        read = {n.value for n in names_in(value)}
        bound = set()
        for node in names_in(function.body):
            parent = self.parent(node)
            if isinstance(parent, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign)):
                bound.add(node.value)
        if read & bound:
            return None
        return value

    def _generic(self, node: cst.BaseExpression, name: str, arity: int) -> bool:
        return (
            isinstance(node, cst.Subscript)
            and self.ctx.qualified_name(node.value) == name
            and len(node.slice) == arity
            and all(isinstance(s.slice, cst.Index) for s in node.slice)
        )


# -- assert of a tuple display -----------------------------------------------------------------
class AssertTupleDisplay(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "drop the parentheses: `assert cond, message`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        display = diagnostic.node
        statement = self.parent(display)
        if not isinstance(display, cst.Tuple) or not isinstance(statement, cst.Assert):
            return None
        if statement.test is not display or statement.msg is not None:
            return None
        if len(display.elements) != 2 or any(
            isinstance(e, cst.StarredElement) for e in display.elements
        ):
            return None
        test, message = (e.value for e in display.elements)
        return [
            (
                statement,
                statement.with_changes(
                    test=test,
                    comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")),
                    msg=message,
                ),
            )
        ]


# -- Tensor.type() compared with a type name ---------------------------------------------------
_TYPE_NAMES = {
    "Half": "float16",
    "BFloat16": "bfloat16",
    "Float": "float32",
    "Double": "float64",
    "Byte": "uint8",
    "Char": "int8",
    "Short": "int16",
    "Int": "int32",
    "Long": "int64",
    "Bool": "bool",
}
_TYPE_STRING = re.compile(r"torch\.(cuda\.)?(\w+)Tensor")


class TensorTypeStringTest(Fixer):
    codes = ("TL205",)
    applicability = "unsafe"
    message = "test the dtype, device and layout the type name stands for"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or call.args or not isinstance(call.func, cst.Attribute):
            return None
        if call.func.attr.value != "type" or not plain_reference(call.func.value):
            return None
        comparison = self.parent(call)
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return None
        operator = comparison.comparisons[0].operator
        if not isinstance(operator, (cst.Equal, cst.NotEqual)):
            return None
        other = comparison.comparisons[0].comparator
        if comparison.left is not call:
            other = comparison.left
            if comparison.comparisons[0].comparator is not call:
                return None
        if not isinstance(other, cst.SimpleString) or other.prefix.lower() not in ("", "r"):
            return None
        found = _TYPE_STRING.fullmatch(other.raw_value)
        if found is None or found.group(2) not in _TYPE_NAMES:
            return None
        torch = self.import_module("torch")
        tensor = self.code(call.func.value)
        device = "cuda" if found.group(1) else "cpu"
        test = (
            f"{tensor}.dtype == {torch}.{_TYPE_NAMES[found.group(2)]} and "
            f'{tensor}.device.type == "{device}" and {tensor}.layout == {torch}.strided'
        )
        if isinstance(operator, cst.NotEqual):
            test = f"not ({test})"
        return [(comparison, expression_in_place(self, comparison, test))]


# -- a function that may end without its return ------------------------------------------------
class RaiseAtMissingReturn(Fixer):
    codes = ("TL211",)
    applicability = "unsafe"
    message = "end the function with a `raise`: the path that returned None in eager"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "but may end without a `return`" not in diagnostic.message:
            return None
        function = diagnostic.node
        if not isinstance(function, cst.FunctionDef):
            function = self.parent(function)
        if not isinstance(function, cst.FunctionDef) or function.returns is None:
            return None
        if function.asynchronous is not None or not isinstance(function.body, cst.IndentedBlock):
            return None
        returns = function.returns.annotation
        if isinstance(returns, cst.Name) and returns.value == "None":
            return None
        if contains(returns, lambda n: self.ctx.qualified_name(n) in _MAY_BE_NONE):
            return None  # None is a value of the type: `return None` would do
        if contains(function.body, lambda n: isinstance(n, (cst.Yield, cst.Await))):
            return None
        last = function.body.body[-1]
        if not isinstance(last, (cst.For, cst.While, cst.If, cst.With, cst.Try)):
            return None
        name = function.name.value
        raised = cst.parse_statement(
            f'raise RuntimeError("`{name}` reached its end without returning a value")\n'
        )
        return [(last, cst.FlattenSentinel([last, raised]))]


_MAY_BE_NONE = frozenset({"typing.Optional", "typing.Any", "typing.Union"})
