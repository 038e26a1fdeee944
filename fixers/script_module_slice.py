"""TL208: a loop over a slice of a module container -> a loop over the whole container whose
body runs under a test of the index.

``for layer in self.layers[: self.depth]: BODY`` -> ``for i, layer in enumerate(self.layers):``
with ``if i < self.depth:`` around ``BODY`` (``[a:b]`` -> ``a <= i < b``, ``[a:]`` -> ``a <= i``);
``for j, layer in enumerate(self.layers[:n]):`` -> ``for j, layer in enumerate(self.layers):``
with ``if j < n:`` (no lower bound there: the count starts at 0 either way). TorchScript slices a
module container only with constant bounds (torch 2.13: "tuple slice indices must be integer
constants" for an attribute, a local or ``len(...)`` bound) and cannot call a module of a
literal slice ("object has no attribute or method __call__"), but it unrolls a loop over the
whole container and compiles an ``if`` on the index inside it (checked on torch 2.13: scripts,
equals eager, for ``i < self.depth``, ``self.start <= i < self.depth`` and literal bounds).

Left alone: a step, a negative literal bound, a bound that is not a name, an attribute, an int
literal, ``len(...)`` of one or ``+`` / ``-`` of these (a bound is now read once per module), a
loop with an ``else``, a body with ``break`` / ``continue`` (of this loop), ``return`` or
``yield``, a loop target that is not a name, or one read after the loop (it held the slice's
last module, and now holds the container's).

Safe where both bounds are non-negative int literals (or absent): the same modules run the
body, in the same order, and nothing else runs. Unsafe otherwise: a bound that is negative
when the code runs (``self.layers[: self.depth]`` with ``depth = -1``: all but the last) selects
modules a ``0 <= ... < n`` test on the index does not, and the bound is now read for every
module rather than once (a body that changes it sees the change).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_assignments

from ._shared import fresh_name, self_attribute_of_class, variable_uses


class _SliceLoop(Fixer):
    codes: tuple[str, ...] = ()
    literal_bounds = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        subscript = diagnostic.node
        if not isinstance(subscript, cst.Subscript) or len(subscript.slice) != 1:
            return None
        piece = subscript.slice[0].slice
        if not isinstance(piece, cst.Slice) or piece.step is not None:
            return None
        bounds = [b for b in (piece.lower, piece.upper) if b is not None]
        if not bounds or any(_negative(b) for b in bounds):
            return None
        literal = all(isinstance(b, cst.Integer) for b in bounds)
        if literal != self.literal_bounds or not all(_plain(b) for b in bounds):
            return None
        loop, index = self._loop(subscript)
        if loop is None or loop.orelse is not None or not isinstance(loop.body, cst.IndentedBlock):
            return None
        if index is not None and piece.lower is not None and not _zero(piece.lower):
            return None  # enumerate's count would start at the lower bound
        element = loop.target.elements[1].value if index is not None else loop.target  # type: ignore[attr-defined]
        if not isinstance(element, cst.Name) or _leaves_loop(loop.body):
            return None
        function = self.enclosing_function(loop)
        if function is None or self._read_outside(function, loop, element.value):
            return None
        container = self.code(subscript.value).strip()
        if index is None:
            index = fresh_name(self, loop, "i", "index")
            target = f"{index}, {element.value}"
        else:
            target = self.code(loop.target).strip()
        lower = self.code(piece.lower).strip() if piece.lower is not None else None
        upper = self.code(piece.upper).strip() if piece.upper is not None else None
        if lower is not None and _zero(piece.lower):  # type: ignore[arg-type]
            lower = None
        test = " ".join(
            [f"{lower} <=" if lower else "", index, f"< {upper}" if upper else ""]
        ).strip()
        if test == index:
            test = f"0 <= {index}"
        guarded = cst.If(
            test=cst.parse_expression(test),
            body=loop.body.with_changes(header=cst.TrailingWhitespace()),
        )
        body = loop.body.with_changes(body=[guarded], footer=())
        new = loop.with_changes(
            target=cst.parse_expression(f"({target})").with_changes(lpar=(), rpar=()),
            iter=cst.parse_expression(f"enumerate({container})"),
            body=body.with_changes(header=loop.body.header),
        )
        return [(loop, new)]

    def _loop(self, subscript: cst.Subscript) -> tuple[Optional[cst.For], Optional[str]]:
        """The ``for`` iterating the slice, and the name of enumerate's count (None when the
        loop iterates the slice itself)."""
        parent = self.parent(subscript)
        if isinstance(parent, cst.For) and parent.iter is subscript:
            return parent, None
        arg = parent
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        loop = self.parent(call) if call is not None else None
        if (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Name)
            and call.func.value == "enumerate"
            and len(call.args) == 1
            and call.args[0] is arg
            and not arg.keyword  # type: ignore[union-attr]
            and not arg.star  # type: ignore[union-attr]
            and isinstance(loop, cst.For)
            and loop.iter is call
            and isinstance(loop.target, cst.Tuple)
            and len(loop.target.elements) == 2
            and isinstance(loop.target.elements[0].value, cst.Name)
        ):
            return loop, loop.target.elements[0].value.value
        return None, None

    def _read_outside(self, function: cst.FunctionDef, loop: cst.For, name: str) -> bool:
        """``name`` is used outside ``loop``, other than in another ``for`` that binds it."""
        for use in variable_uses(self, function, name):
            around = self.ancestors(use)
            if loop in around:
                continue
            if not any(isinstance(a, cst.For) and name in _target_names(a.target) for a in around):
                return True
        return False


class SliceLoopLiteral(_SliceLoop):
    codes = ("TL208",)
    applicability = "safe"
    message = "loop over the whole container and test the index (literal bounds)"
    literal_bounds = True


class SliceLoopBound(_SliceLoop):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "loop over the whole container and test the index against the slice's bounds"
    literal_bounds = False


def _target_names(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for e in target.elements for n in _target_names(e.value)}
    return set()


def _negative(bound: cst.BaseExpression) -> bool:
    return isinstance(bound, cst.UnaryOperation) and isinstance(bound.operator, cst.Minus)


def _zero(bound: cst.BaseExpression) -> bool:
    return isinstance(bound, cst.Integer) and int(bound.value.replace("_", ""), 0) == 0


def _plain(bound: cst.BaseExpression) -> bool:
    """A name, an attribute of names, an int literal, ``len(...)`` of one, ``+`` / ``-`` of
    these: read again, it has no side effect."""
    if isinstance(bound, (cst.Name, cst.Integer)):
        return True
    if isinstance(bound, cst.Attribute):
        return _plain(bound.value) and not isinstance(bound.value, cst.Integer)
    if isinstance(bound, cst.BinaryOperation):
        return isinstance(bound.operator, (cst.Add, cst.Subtract)) and (
            _plain(bound.left) and _plain(bound.right)
        )
    if isinstance(bound, cst.Call):
        return (
            isinstance(bound.func, cst.Name)
            and bound.func.value == "len"
            and len(bound.args) == 1
            and not bound.args[0].keyword
            and not bound.args[0].star
            and _plain(bound.args[0].value)
        )
    return False


def _leaves_loop(body: cst.BaseSuite) -> bool:
    """``return`` / ``yield`` anywhere, or ``break`` / ``continue`` of this loop."""

    def escapes(node: cst.CSTNode, inner_loop: bool = False) -> bool:
        if isinstance(node, (cst.Return, cst.Yield)):
            return True
        if isinstance(node, (cst.Break, cst.Continue)):
            return not inner_loop
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        nested = inner_loop or isinstance(node, (cst.For, cst.While))
        return any(escapes(child, nested) for child in node.children)

    return any(escapes(statement) for statement in body.body)


class _SlicedCall(Fixer):
    """``y = self.seq[a:b](x)`` of an ``nn.Sequential`` -> ``y = x`` and a loop over the whole
    container calling each module whose index is in the slice: ``for i, m in
    enumerate(self.seq): if a <= i < b: y = m(y)``, what ``Sequential.forward`` does for the
    slice. TorchScript cannot call a slice of a module container nor slice one with a bound
    that is not a constant; it unrolls the loop and compiles the test on the index."""

    codes: tuple[str, ...] = ()
    literal_bounds = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        call = self.parent(node) if isinstance(node, cst.Subscript) else node
        if not isinstance(call, cst.Call) or not isinstance(call.func, cst.Subscript):
            return None
        subscript = call.func
        if len(subscript.slice) != 1 or len(call.args) != 1:
            return None
        piece = subscript.slice[0].slice
        arg = call.args[0]
        if not isinstance(piece, cst.Slice) or piece.step is not None or arg.keyword or arg.star:
            return None
        bounds = [b for b in (piece.lower, piece.upper) if b is not None]
        if not bounds or any(_negative(b) for b in bounds) or not all(_plain(b) for b in bounds):
            return None
        if all(isinstance(b, cst.Integer) for b in bounds) != self.literal_bounds:
            return None
        assign = self.parent(call)
        line = self.parent(assign) if assign is not None else None
        if (
            not isinstance(assign, cst.Assign)
            or len(assign.targets) != 1
            or not isinstance(assign.targets[0].target, cst.Name)
            or not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
        ):
            return None
        if not self._sequential(subscript.value):
            return None
        name = assign.targets[0].target.value
        index = fresh_name(self, call, "i", "index")
        module = fresh_name(self, call, "module", "layer", taken=(index,))
        lower = self.code(piece.lower).strip() if piece.lower is not None else None
        upper = self.code(piece.upper).strip() if piece.upper is not None else None
        if lower is not None and _zero(piece.lower):  # type: ignore[arg-type]
            lower = None
        test = " ".join([f"{lower} <=" if lower else "", index, f"< {upper}" if upper else ""])
        container = self.code(subscript.value).strip()
        start = cst.parse_statement(f"{name} = {self.code(arg.value).strip()}\n")
        loop = cst.parse_statement(
            f"for {index}, {module} in enumerate({container}):\n"
            f"    if {test.strip()}:\n"
            f"        {name} = {module}({name})\n"
        )
        start = start.with_changes(leading_lines=line.leading_lines)
        return [(line, cst.FlattenSentinel([start, loop]))]

    def _sequential(self, container: cst.BaseExpression) -> bool:
        """``self.<attr>`` that the class sets to an ``nn.Sequential``."""
        found = self_attribute_of_class(self, container)
        if found is None:
            return False
        attr, cls = found
        values = [
            value
            for method in cls.body.body
            if isinstance(method, cst.FunctionDef)
            for value in self_assignments(method, attr)
        ]
        return bool(values) and all(
            isinstance(v, cst.Call)
            and self.ctx.qualified_name(v.func)
            in ("torch.nn.Sequential", "torch.nn.modules.container.Sequential")
            for v in values
        )


class SlicedCallLiteral(_SlicedCall):
    codes = ("TL208",)
    applicability = "safe"
    message = "call the modules of the slice in a loop over the whole container (literal bounds)"
    literal_bounds = True


class SlicedCallBound(_SlicedCall):
    codes = ("TL208",)
    applicability = "unsafe"
    message = "call the modules of the slice in a loop over the whole container"
    literal_bounds = False
