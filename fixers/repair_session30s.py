"""Repairs for script findings of heldout40 and heldout41 (session 30, helper-273; issue #21).

Each was checked on torch 2.13 (``tests/test_s30_repair_script.py``: the fixed text scripts,
the scripted model equals eager, eager is unchanged).

``BoolTupleIndexToInt`` (TL204, safe): ``(w, h)[self.vertical]`` -> ``(w, h)[int(self.vertical)]``.
Python's bool is an int, so ``int(flag)`` picks the same item; TorchScript indexes a tuple with
an int only (torch 2.13: tuple index must be an integer).

``ModuleDunderCallToCall`` (TL209, safe): ``self.norm.__call__(x)`` -> ``self.norm(x)``: the
same call in Python (calling an instance runs its class's ``__call__``); TorchScript compiles
the submodule's ``forward`` for the second and ``nn.Module.__call__`` itself for the first.

``AttributeAnnotationDropped`` (TL204, safe): ``self.last_len: int = n`` in ``forward`` ->
``self.last_len = n``. Python evaluates no annotation of an attribute target inside a
function: the store is the same. Only where ``__init__`` of the class binds the attribute too
(TorchScript types it from there; torch 2.13 refuses the annotation outside ``__init__``).

``DelBeforeRebindDropped`` (TL204, safe): ``del self.cache`` followed, in the same block, by
``self.cache = ...`` with no read of ``self.cache`` between them -> the ``del`` dropped. The
attribute holds the new value afterwards either way. Only where every binding of the attribute
in the class is a plain store (no ``register_buffer`` / ``nn.Parameter`` / module: deleting
one of those, then storing, makes a plain attribute of it).

``EnumDisplayInToEquals`` (TL215, safe): ``mode in (Mode.A, Mode.B)`` -> ``mode == Mode.A or
mode == Mode.B`` (``not in`` -> ``!=`` joined by ``and``). ``in`` of a tuple or list compares
each item by identity, then ``==``; an enum member equals itself only, so both give the same
bool. Only where the left side is a name or ``self.<attr>`` (read once per member: no call).

``CachedCallAllPositional`` (TL242, safe): ``inv_freq(self.dim)`` of a module-level
``functools.lru_cache`` function ``def inv_freq(dim, base=10000.0)`` -> ``inv_freq(self.dim,
10000.0)`` (keyword arguments moved to their positions, defaults that are literals written
out). Python binds the same values to the same parameters; the cache keys the two spellings
apart but each returns what the function computes. TorchScript calls the cache's wrapper as an
opaque Python function that takes every parameter by position (torch 2.13: INTERNAL ASSERT
FAILED for a default or keyword). Only keyword values that are names, attributes or literals
(moving them changes no evaluation order that matters).

``ShapeSliceReturnToTuple`` (TL211, unsafe): ``return self.conv.weight.shape[-2:]`` under
``-> Tuple[int, int]`` -> ``return self.conv.weight.shape[-2], self.conv.weight.shape[-1]``
(the last n sizes, n the annotation's length; the shape of a name or attribute chain, read n
times). TorchScript's shape slice is a ``List[int]``, no tuple (Return value was annotated as
having type Tuple[int, int] but is actually of type List[int]). Unsafe: eager returned a
``torch.Size`` and now returns a plain tuple of the same ints (``.numel()`` on it fails).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments, self_attribute

from ._shared import class_methods


class BoolTupleIndexToInt(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "index the tuple with `int(flag)` (TorchScript's bool is no int)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Subscript) or "indexed by a bool" not in diagnostic.message:
            return None
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        if self.ctx.qualified_name(cst.Name("int")) not in (None, "builtins.int"):
            return None
        index = node.slice[0].slice
        call = cst.Call(func=cst.Name("int"), args=[cst.Arg(index.value)])
        new_slice = node.slice[0].with_changes(slice=index.with_changes(value=call))
        return [(node, node.with_changes(slice=[new_slice]))]


class ModuleDunderCallToCall(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "call the submodule directly instead of through `__call__`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or not isinstance(call.func, cst.Attribute)
            or call.func.attr.value != "__call__"
            or "nn.Module.__call__" not in diagnostic.message
        ):
            return None
        return [(call, call.with_changes(func=call.func.value))]


def _init_binds(fixer: Fixer, node: cst.CSTNode, attr: str) -> Optional[list[cst.FunctionDef]]:
    """The methods of the class around ``node`` when its ``__init__`` binds ``self.<attr>``."""
    cls = next((a for a in fixer.ancestors(node) if isinstance(a, cst.ClassDef)), None)
    if cls is None:
        return None
    methods = class_methods(cls)
    init = next((m for m in methods if m.name.value == "__init__"), None)
    if init is None or not self_assignments(init, attr):
        return None
    return methods


class AttributeAnnotationDropped(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "drop the annotation: TorchScript types the attribute from `__init__`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        target = diagnostic.node
        statement = self.parent(target)
        if not isinstance(statement, cst.AnnAssign) or statement.target is not target:
            return None
        if statement.value is None or "must be declared in __init__" not in diagnostic.message:
            return None
        attr = self_attribute(target)
        if attr is None or _init_binds(self, statement, attr) is None:
            return None
        new = cst.Assign(targets=[cst.AssignTarget(target=target)], value=statement.value)
        return [(statement, new)]


def _plain_store(value: Optional[cst.BaseExpression], fixer: Fixer) -> bool:
    """A value stored as a plain attribute: no ``nn.Parameter`` nor module construction."""
    if value is None:
        return False
    if isinstance(value, cst.Call):
        name = fixer.ctx.qualified_name(value.func) or ""
        if name in ("torch.nn.Parameter", "torch.nn.parameter.Parameter", "torch.nn.Buffer"):
            return False
        if name.startswith("torch.nn.") and name[len("torch.nn.") :][:1].isupper():
            return False  # a module
        if name and not name.startswith("torch."):
            return False  # a class of the project may be a module
    return True


def _reads(node: cst.CSTNode, attr: str) -> bool:
    found = False

    class _Visitor(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> Optional[bool]:
            nonlocal found
            if self_attribute(n) == attr:
                found = True
            return None

    node.visit(_Visitor())
    return found


class DelBeforeRebindDropped(Fixer):
    codes = ("TL204",)
    applicability = "safe"
    message = "drop the `del`: the attribute is stored again just after"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        target = diagnostic.node
        attr = self_attribute(target)
        if attr is None or "`del` of an attribute" not in diagnostic.message:
            return None
        delete = self.parent(target)
        line = self.parent(delete) if isinstance(delete, cst.Del) else None
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        block = self.parent(line)
        if not isinstance(block, cst.IndentedBlock):
            return None
        methods = _init_binds(self, block, attr)
        if methods is None:
            return None
        for method in methods:
            for value in self_assignments(method, attr):
                if not _plain_store(value, self):
                    return None
        body = list(block.body)
        after = body[body.index(line) + 1 :]
        for statement in after:
            if (
                isinstance(statement, cst.SimpleStatementLine)
                and len(statement.body) == 1
                and isinstance(statement.body[0], cst.Assign)
                and len(statement.body[0].targets) == 1
                and self_attribute(statement.body[0].targets[0].target) == attr
            ):
                if _reads(statement.body[0].value, attr):
                    return None
                return [(line, cst.RemovalSentinel.REMOVE)]
            if _reads(statement, attr) or not isinstance(statement, cst.SimpleStatementLine):
                return None
        return None


class EnumDisplayInToEquals(Fixer):
    codes = ("TL215",)
    applicability = "safe"
    message = "compare with each enum member (`==` joined by `or`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if (
            not isinstance(node, cst.Comparison)
            or "display of enum members" not in diagnostic.message
        ):
            return None
        if len(node.comparisons) != 1:
            return None
        target = node.comparisons[0]
        display = target.comparator
        if not isinstance(display, (cst.List, cst.Tuple)):
            return None
        left = node.left
        if not (isinstance(left, cst.Name) or self_attribute(left) is not None):
            return None
        negated = isinstance(target.operator, cst.NotIn)
        operator = "!=" if negated else "=="
        joiner = " and " if negated else " or "
        spelled = self.code(left)
        parts = [f"{spelled} {operator} {self.code(e.value)}" for e in display.elements]
        text = joiner.join(parts)
        parent = self.parent(node)
        if len(parts) > 1 and not isinstance(parent, (cst.If, cst.While, cst.Assert)):
            text = f"({text})"
        return [(node, cst.parse_expression(text))]


def _literal_default(node: Optional[cst.BaseExpression]) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return isinstance(node, cst.Name) and node.value in ("True", "False", "None")


class CachedCallAllPositional(Fixer):
    codes = ("TL242",)
    applicability = "safe"
    message = "pass every argument of the cached function by position, defaults written out"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Name):
            return None
        function = next(
            (
                s
                for s in self.ctx.module.body
                if isinstance(s, cst.FunctionDef) and s.name.value == call.func.value
            ),
            None,
        )
        if function is None or any(a.star for a in call.args):
            return None
        params = function.params
        if params.star_arg is not cst.MaybeSentinel.DEFAULT and params.star_arg is not None:
            return None
        if params.posonly_params or params.kwonly_params or params.star_kwarg is not None:
            return None
        positional = [a for a in call.args if a.keyword is None]
        keywords = {a.keyword.value: a for a in call.args if a.keyword is not None}
        if len(positional) > len(params.params):
            return None
        values: list[cst.BaseExpression] = []
        for index, param in enumerate(params.params):
            name = param.name.value
            if index < len(positional):
                if name in keywords:
                    return None
                values.append(positional[index].value)
            elif name in keywords:
                values.append(keywords.pop(name).value)
            elif _literal_default(param.default):
                values.append(param.default)  # type: ignore[arg-type]
            else:
                return None
        if keywords:
            return None
        # Keyword arguments are evaluated in call order: only reorder plain names and literals.
        for arg in call.args:
            if arg.keyword is not None and not isinstance(
                arg.value, (cst.Name, cst.Attribute, cst.Integer, cst.Float, cst.SimpleString)
            ):
                return None
        return [(call, call.with_changes(args=[cst.Arg(v) for v in values]))]


def _tuple_length(fixer: Fixer, function: cst.FunctionDef) -> Optional[int]:
    """n of ``-> Tuple[int, ..., int]`` (n ints, no ``...``)."""
    if function.returns is None:
        return None
    annotation = function.returns.annotation
    if not isinstance(annotation, cst.Subscript) or fixer.ctx.qualified_name(
        annotation.value
    ) not in ("typing.Tuple", "builtins.tuple"):
        return None
    items = [e.slice for e in annotation.slice]
    if not items or not all(
        isinstance(i, cst.Index) and isinstance(i.value, cst.Name) and i.value.value == "int"
        for i in items
    ):
        return None
    return len(items)


class ShapeSliceReturnToTuple(Fixer):
    codes = ("TL211",)
    applicability = "unsafe"
    message = "return the sizes as a tuple display"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Return) or not isinstance(node.value, cst.Subscript):
            return None
        value = node.value
        if len(value.slice) != 1 or not isinstance(value.slice[0].slice, cst.Slice):
            return None
        piece = value.slice[0].slice
        shape = value.value
        if not (isinstance(shape, cst.Attribute) and shape.attr.value == "shape"):
            return None
        receiver = shape.value
        while isinstance(receiver, cst.Attribute):
            receiver = receiver.value
        if not isinstance(receiver, cst.Name):
            return None  # read the shape of a call's result once only
        function = self.enclosing_function(node)
        length = _tuple_length(self, function) if function is not None else None
        if length is None or piece.step is not None:
            return None

        def number(expr: Optional[cst.BaseExpression]) -> Optional[int]:
            if expr is None:
                return None
            try:
                return int(self.code(expr))
            except ValueError:
                return 1 << 30  # no literal

        lower, upper = number(piece.lower), number(piece.upper)
        if lower is None or lower >= 0 or upper is not None:
            return None  # only `shape[-n:]`: the last n sizes
        if -lower != length:
            return None
        spelled = self.code(shape)
        text = ", ".join(f"{spelled}[{i}]" for i in range(lower, 0))
        return [(node, cst.parse_statement(f"return {text}\n").body[0])]
