"""Two spellings TorchScript refuses where Python has an equal one it compiles.

- TL201 keyword-only parameters with defaults after a bare ``*`` (``def forward(self, x, *,
  scale: float = 1.0)``) -> ordinary parameters (``def forward(self, x, scale: float =
  1.0)``), unsafe: every call that worked binds the same values, but a call passing the
  parameter by position, which raised ``TypeError``, is now accepted. Only where every
  keyword-only parameter has a default and there is no ``**kwargs``.
- TL201 ``*features: T`` of a function called in this file only with positional arguments
  -> one ``features: List[T]`` parameter, the calls passing a list (unsafe; see
  ``VarargsToList``).
- TL209 ``tuple(x.shape[a:b])`` (or of ``x.size()``) passed straight to a ``torch`` function,
  or bound to a local that the function binds once and reads only as such an argument, -> the
  shape itself (safe): ``torch.Size`` is a tuple, and torch's functions take either;
  TorchScript's shapes are ``List[int]``, which it cannot turn into a tuple of unknown length.
- TL209 ``return tuple(feats)`` under ``-> Tuple[A, B]`` -> ``return (feats[0], feats[1])``
  (a call bound to a local first), unsafe: see ``TupleOfListReturn``.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.script_facts import shape_expression
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import fresh_name


class KeywordOnlyToOrdinary(Fixer):
    codes = ("TL201",)
    applicability = "unsafe"
    message = "make the keyword-only parameters ordinary ones"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        param = diagnostic.node
        if isinstance(param, cst.Name):
            param = self.parent(param)
        params = self.parent(param) if param is not None else None
        if (
            not isinstance(param, cst.Param)
            or not isinstance(params, cst.Parameters)
            or not any(p is param for p in params.kwonly_params)
            or not isinstance(params.star_arg, cst.ParamStar)
            or params.star_kwarg is not None
            or any(p.default is None for p in params.kwonly_params)
        ):
            return None
        ordered = [*params.params, *params.kwonly_params]
        commas = [p.with_changes(comma=cst.MaybeSentinel.DEFAULT) for p in ordered]
        new = params.with_changes(
            params=commas, kwonly_params=[], star_arg=cst.MaybeSentinel.DEFAULT
        )
        return [(params, new)]


class ShapeTupleArgument(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "pass the shape itself"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        shape = _tuple_argument(self, call)
        if shape is None:
            return None
        if self.kind(shape) is not Kind.SHAPE or not shape_expression(shape):
            return None
        parent = self.parent(call)
        if isinstance(parent, cst.Assign):  # `size = tuple(x.shape[2:])`, read only by torch
            return [(call, shape)] if self._local_for_torch(parent) else None
        return [(call, shape)] if self._torch_argument(call) else None

    def _torch_argument(self, node: cst.CSTNode) -> bool:
        """Whether ``node`` is an argument of a call of a ``torch`` function."""
        arg = self.parent(node)
        outer = self.parent(arg) if arg is not None else None
        if not isinstance(arg, cst.Arg) or not isinstance(outer, cst.Call):
            return False
        return (self.ctx.qualified_name(outer.func) or "").startswith("torch.")

    def _local_for_torch(self, assign: cst.Assign) -> bool:
        """``name = ...`` binding ``name`` once in its function, every read of which is an
        argument of a ``torch`` function."""
        function = self.enclosing_function(assign)
        target = assign.targets[0].target if len(assign.targets) == 1 else None
        if function is None or not isinstance(target, cst.Name):
            return False
        uses = [n for n in _names(function, target.value) if isinstance(n, cst.Name)]
        reads = [n for n in uses if n is not target]
        bound = [n for n in reads if not self._torch_argument(n)]
        return bool(reads) and not bound


class TupleOfListReturn(Fixer):
    """``return tuple(feats)`` in a function annotated ``-> Tuple[A, B]`` -> ``return
    (feats[0], feats[1])`` (a call bound to a name first: ``feats = self.f(x)``): the tuple
    TorchScript builds from a list needs a length it knows, and the annotation gives it.
    Unsafe: where the list has another length, eager's ``tuple(...)`` returned a tuple of that
    length, and the rewrite returns the annotation's first elements (or raises
    ``IndexError``)."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "index the list for each element the return annotation names"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        value = _tuple_argument(self, call)
        if value is None:
            return None
        ret = self.parent(call)
        line = self.parent(ret) if ret is not None else None
        function = self.enclosing_function(call)
        if not isinstance(ret, cst.Return) or not isinstance(line, cst.SimpleStatementLine):
            return None
        if function is None or len(line.body) != 1:
            return None
        count = self._tuple_length(function)
        if count is None:
            return None
        if _plain_reference(value):
            items = ", ".join(f"{self.code(value)}[{i}]" for i in range(count))
            return [(call, f"({items},)" if count == 1 else f"({items})")]
        name = fresh_name(self, call, "items")
        items = ", ".join(f"{name}[{i}]" for i in range(count))
        bind = cst.parse_statement(f"{name} = {self.code(value)}\n").with_changes(
            leading_lines=line.leading_lines
        )
        new_return = cst.parse_statement(
            f"return ({items},)\n" if count == 1 else f"return ({items})\n"
        )
        return [(line, cst.FlattenSentinel([bind, new_return]))]

    def _tuple_length(self, function: cst.FunctionDef) -> Optional[int]:
        """N of a ``-> Tuple[A, B, ...]`` / ``-> tuple[...]`` annotation of N fixed types."""
        if function.returns is None:
            return None
        annotation = function.returns.annotation
        if not isinstance(annotation, cst.Subscript):
            return None
        if self.ctx.qualified_name(annotation.value) not in ("typing.Tuple", "builtins.tuple"):
            return None
        elements = [e.slice for e in annotation.slice]
        if not elements or any(
            not isinstance(e, cst.Index) or isinstance(e.value, cst.Ellipsis) for e in elements
        ):
            return None
        return len(elements)


class ShapeSliceToTuple(Fixer):
    """TL217 ``size = x.shape[-2:]`` (a tuple-typed name, in a block) -> ``size =
    (x.shape[-2], x.shape[-1])``; ``x.shape[a:b]`` / ``x.size()[a:b]`` with literal bounds of
    one sign likewise (unsafe: the same sizes, but a plain tuple where eager had a
    ``torch.Size``, and ``IndexError`` where the tensor has fewer dimensions than the slice
    names)."""

    codes = ("TL217",)
    applicability = "unsafe"
    message = "build the tuple from the sizes"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Subscript) or len(node.slice) != 1:
            return None
        bounds = node.slice[0].slice
        if not isinstance(bounds, cst.Slice) or bounds.step is not None:
            return None
        lower = 0 if bounds.lower is None else _int_bound(bounds.lower)
        upper = _int_bound(bounds.upper)
        if lower is None or (bounds.upper is not None and upper is None):
            return None
        if lower < 0:  # from the end: `[-2:]`, `[-3:-1]`
            upper = 0 if upper is None else upper
            if upper > 0:
                return None
        elif upper is None or upper < 0:
            return None  # `[2:]`: how many depends on the rank
        indices = list(range(lower, upper))
        if not indices or len(indices) > 8:
            return None
        shape = self.code(node.value)
        items = ", ".join(f"{shape}[{i}]" for i in indices)
        return [(node, f"({items},)" if len(indices) == 1 else f"({items})")]


def _int_bound(node: Optional[cst.BaseExpression]) -> Optional[int]:
    """An int literal bound (``-2``, ``1``), else None."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _int_bound(node.expression)
        return -inner if inner is not None else None
    if isinstance(node, cst.Integer) and node.value.isdigit():
        return int(node.value)
    return None


def _tuple_argument(fixer: Fixer, call: cst.CSTNode) -> Optional[cst.BaseExpression]:
    """``x`` of a call ``tuple(x)``, or None."""
    if (
        not isinstance(call, cst.Call)
        or fixer.ctx.qualified_name(call.func) != "builtins.tuple"
        or len(call.args) != 1
        or call.args[0].keyword is not None
        or call.args[0].star
    ):
        return None
    return call.args[0].value


def _plain_reference(node: cst.BaseExpression) -> bool:
    """A name or an attribute chain of one: read again, it gives the same list."""
    if isinstance(node, cst.Attribute):
        return _plain_reference(node.value)
    return isinstance(node, cst.Name)


def _names(root: cst.CSTNode, name: str) -> list[cst.CSTNode]:
    """Every ``Name`` spelled ``name`` and every attribute ``.name`` under ``root``."""
    found: list[cst.CSTNode] = []

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, cst.Name) and child.value == name:
            found.append(child)
        return None

    walk(root, enter, lambda child: None)
    return found


class VarargsToList(Fixer):
    """TL201 ``def merge(*features: torch.Tensor)`` called in this file only as
    ``merge(a, b)`` / ``self.merge(a, b)`` -> ``def merge(features: List[torch.Tensor])`` and
    ``merge([a, b])``. Unsafe: the body gets a list where it had a tuple (the same for the
    uses allowed: passed to a ``torch`` function, iterated, measured, indexed), and callers in
    other files must change too."""

    codes = ("TL201",)
    applicability = "unsafe"
    message = "take the variable arguments as one list"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        star = diagnostic.node
        params = self.parent(star)
        function = self.parent(params) if params is not None else None
        if (
            not isinstance(star, cst.Param)
            or not isinstance(params, cst.Parameters)
            or params.star_arg is not star
            or not isinstance(function, cst.FunctionDef)
            or params.kwonly_params
            or params.star_kwarg is not None
            or params.posonly_params
            or star.annotation is None
            or any(p.default is not None for p in params.params)
        ):
            return None
        variable = star.name.value
        if not all(self._list_like(use) for use in _names(function.body, variable)):
            return None
        owner = self.parent(self.parent(function) or function)
        method = isinstance(owner, cst.ClassDef)
        static = any(
            self.ctx.qualified_name(d.decorator) == "builtins.staticmethod"
            for d in function.decorators
        )
        fixed = len(params.params) - (1 if method and not static else 0)
        name = function.name.value
        edits: list[Replacement] = []
        for use in _names(self.ctx.module, name):
            if use is function.name:
                continue
            call = self._call_of(use, method)
            if call is None or any(a.star or a.keyword is not None for a in call.args):
                return None
            head, tail = call.args[:fixed], call.args[fixed:]
            if len(head) != fixed:
                return None
            items = ", ".join(self.code(a.value).strip() for a in tail)
            args = [self.code(a.value).strip() for a in head] + [f"[{items}]"]
            edits.append(
                (call, cst.parse_expression(f"{self.code(call.func).strip()}({', '.join(args)})"))
            )
        if not edits:
            return None
        element = self.code(star.annotation.annotation).strip()
        annotation = f"{self.import_from('typing', 'List')}[{element}]"
        new_param = cst.Param(
            name=star.name,
            annotation=cst.Annotation(
                cst.parse_expression(annotation),
                whitespace_before_indicator=cst.SimpleWhitespace(""),
                whitespace_after_indicator=cst.SimpleWhitespace(" "),
            ),
        )
        ordered = [p.with_changes(comma=cst.MaybeSentinel.DEFAULT) for p in params.params]
        new = params.with_changes(params=[*ordered, new_param], star_arg=cst.MaybeSentinel.DEFAULT)
        return [(params, new), *edits]

    def _call_of(self, use: cst.CSTNode, method: bool) -> Optional[cst.Call]:
        """The call ``use`` names the function in: ``name(...)`` for a function,
        ``self.name(...)`` / ``cls.name(...)`` / ``Class.name(...)`` for a method."""
        parent = self.parent(use)
        if not method:
            return parent if isinstance(parent, cst.Call) and parent.func is use else None
        if not isinstance(parent, cst.Attribute) or parent.attr is not use:
            return None
        call = self.parent(parent)
        return call if isinstance(call, cst.Call) and call.func is parent else None

    def _list_like(self, use: cst.CSTNode) -> bool:
        """A use a list serves as the tuple did: an argument of a ``torch`` function, the
        iterable of a ``for``, ``len(...)``, an indexed read."""
        parent = self.parent(use)
        if isinstance(parent, cst.Arg) and parent.value is use and not parent.star:
            call = self.parent(parent)
            callee = self.ctx.qualified_name(call.func) if isinstance(call, cst.Call) else None
            return callee is not None and (callee.startswith("torch.") or callee == "builtins.len")
        if isinstance(parent, (cst.For, cst.CompFor)):
            return parent.iter is use
        if isinstance(parent, cst.Subscript) and parent.value is use:
            holder = self.parent(parent)
            return not isinstance(holder, (cst.AssignTarget, cst.AugAssign, cst.Del))
        return False
