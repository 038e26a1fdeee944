"""Repairs for findings torchlint reported without a fix (issue #23, session 19).

``StarmapToComprehension`` (TL209, safe): ``list(itertools.starmap(f, items))`` -> ``[f(a, b)
for a, b in items]``, and ``for r in starmap(f, items):`` -> ``for a, b in items:`` with ``r =
f(a, b)`` first in the body. TorchScript binds nothing of ``itertools`` (torch 2.13: unknown
builtin); it compiles a comprehension or a loop over a list with a tuple target. Eager is
unchanged: starmap calls ``f(*item)`` for each item in order, and the new text calls ``f`` with
the item's parts in order, once per item. Only where every item has as many parts as the
target names: ``items`` is a ``zip`` of N sequences, a display or comprehension of N-tuples (or
a name bound once to one, used nowhere else), or ``f`` is a ``def`` of this file taking exactly N
positional parameters without defaults (then ``f(*item)`` ran only for N parts, and unpacking
fails for the same items, with ValueError instead of TypeError). ``f`` is a name or an
attribute chain, so reading it per item reads the same function.

``PairwiseToZipOfSlices`` (TL209, safe): ``for a, b in itertools.pairwise(xs)`` (a loop or a
comprehension) -> ``for a, b in zip(xs[:-1], xs[1:])``. TorchScript binds no ``pairwise``; it
scripts a zip of two list slices. Eager is unchanged: for a list or tuple the slices pair
element i with element i + 1 for every i, in order, the pairs ``pairwise`` yields (none for
fewer than two). Only where ``xs`` is a local name that every binding in the function makes a
list or tuple (an annotation ``List``/``list``/``Tuple``/``tuple``, or a list or tuple display
or comprehension), and the loop body does not mention it (``pairwise`` read a list lazily, so a
body appending to it saw the new element; the slices are copies).

``LenRangeToArithmetic`` (TL209, safe) and ``LenRangeOfAttributesToArithmetic`` (TL209,
unsafe): ``len(range(start, stop, step))`` -> ``max(0, (stop - start + step - 1) // step)``
(the length of a range, Python's formula; ``max(0, stop - start)`` for step 1, ``max(0, n)``
for ``range(n)``, and with ``(1 if step > 0 else -1)`` for a step of unknown sign). TorchScript
has no range values (torch 2.13: range cannot be used as a value); it compiles integer
arithmetic. For integer operands the value is the same for every input (a zero step raised
ValueError, now ZeroDivisionError). Safe where every operand is an int literal, a size of a
tensor (``x.shape[i]``, ``x.size(i)``, ``len(...)``) or a parameter annotated ``int`` that the
function never rebinds. Unsafe where an operand is an attribute or another name: ``range``
refused a float (TypeError) and took a 0-d integer tensor or a NumPy integer through
``__index__``, where the arithmetic now computes with the value as it is (a float, a tensor).

``PickedMethodToPickedCall`` (TL228, safe): ``step = self._a if cond else self._b`` and later
``step(y, dt)`` -> the line removed and each call ``self._a(y, dt) if cond else self._b(y,
dt)``. TorchScript has no type for a bound method (torch 2.13: method cannot be used as a
value); it compiles a conditional expression of two calls. Eager is unchanged: each call runs
the method the pick chose with the same arguments, evaluated once. Only where ``cond`` reads
the same value at every call as at the pick (a parameter the function never rebinds, a local
bound once by an earlier statement of the pick's block, or ``self.<attr>`` that no method but
``__init__`` assigns), the local is bound only there and used only as the callee of calls later
in the same block (not in a nested ``def`` or lambda), and the pick's line has no comment. The
same for the local bound in both branches of an ``if`` statement (``if cond: step = self._a``
/ ``else: step = self._b``, each branch that one line), the statement removed.

``ShapeParameterAsList`` (TL210, unsafe): ``x.shape`` / ``x.size()`` given to a parameter
annotated ``Tuple[int, ...]`` of a function of this file -> the parameter annotated
``List[int]``. TorchScript types a shape ``List[int]``, which a Tuple parameter refuses (torch
2.13: Expected a value of type 'Tuple[...]'); it unpacks and indexes a ``List[int]`` as it did
the tuple. Eager, trace, compile and export do not read annotations, so nothing runs
differently. Only where every mention of the function in this file is a call giving that
parameter a shape, so no caller here passes a tuple the new annotation would refuse. Unsafe
all the same: a caller in another file that scripts a tuple into it would now be refused by
TorchScript (eager is the same), and this file cannot see such callers.

``NumpyScalarAttributeAsNumber`` (TL212, safe) and ``NumpyScalarAttributeAsNumberUnchecked``
(TL212, unsafe): ``self.scale = np.float32(1.0) / np.sqrt(np.float32(d))`` in ``__init__`` ->
``self.scale = float(...)`` (``int(...)`` for a NumPy integer, ``bool(...)`` for
``np.bool_``). TorchScript cannot type a NumPy scalar that subclasses no Python number (torch
2.13: the scripted module has no such attribute); it takes a float. ``float()`` of a float32 is
exact, and a tensor combined with the scalar by ``+ - * /`` gets the same dtype and the same
values either way (checked on torch 2.13 for float16, bfloat16, float32, float64, integer and
bool tensors). Safe where ``__init__`` is the one place that stores the attribute and every
read in the file is such an operand of a tensor. Unsafe otherwise: arithmetic of the attribute
with Python or NumPy numbers now runs in double precision (float32 before), an integer no longer
wraps at 64 bits, and ``type()`` / ``isinstance`` checks see a Python number.

``TupleDefaultAnnotation`` (TL203, safe): ``scales=(1.0, 0.75)`` -> ``scales: Tuple[float,
float] = (1.0, 0.75)`` (each element's literal type: int, float, bool, str). TorchScript types
an unannotated parameter as a Tensor and rejects the tuple default; it scripts the annotated
tuple (and iterates it, enumerate included: checked on torch 2.13). Annotations change nothing
in eager Python, trace, compile or export, and TorchScript rejected the function before, so no
scripting that worked can change.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute
from torchlint.lint.script_facts import literal_type
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    fresh_name,
    local_callee,
    local_definition,
    module_bindings,
    names_in,
    plain_reference,
    receiving_param,
    self_class,
    variable_uses,
    whole_shape,
)
from ._tensor_exprs import has_comments

_SEQUENCE_ANNOTATIONS = frozenset({"List", "list", "Tuple", "tuple"})


# -- itertools.starmap ----------------------------------------------------------------------
class StarmapToComprehension(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "call the function on each item's parts in a comprehension or loop"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        if self.ctx.qualified_name(call.func) != "itertools.starmap":
            return None
        args = call.args
        if len(args) != 2 or any(a.star or a.keyword is not None for a in args):
            return None
        func, items = args[0].value, args[1].value
        if not plain_reference(func) or self.enclosing_function(call) is None:
            return None
        definition = self._definition(func)
        arity = _tuple_arity(self, items)
        if arity is None and definition is not None:
            arity = _exact_positional(definition[0], definition[1])
        if arity is None or arity < 1:
            return None
        taken: list[str] = []
        bases: list[str] = []
        if definition is not None:
            params = [*definition[0].params.posonly_params, *definition[0].params.params]
            bases = [p.name.value for p in params[1 if definition[1] else 0 :]]
        for i in range(arity):
            base = bases[i] if i < len(bases) else f"part{i}"
            taken.append(fresh_name(self, call, base, taken=taken))
        parts = ", ".join(taken)
        applied = f"{self.code(func)}({parts})"
        outer = self.parent(call)
        holder = self.parent(outer) if isinstance(outer, cst.Arg) else None
        if (
            isinstance(holder, cst.Call)
            and isinstance(holder.func, cst.Name)
            and holder.func.value == "list"
            and "list" not in module_bindings(self.ctx.module)
            and len(holder.args) == 1
            and holder.args[0] is outer
            and not outer.star
            and outer.keyword is None
        ):
            text = f"[{applied} for {parts} in {self.code(items)}]"
            return [(holder, cst.parse_expression(text))]
        if (
            isinstance(outer, cst.For)
            and outer.iter is call
            and outer.asynchronous is None
            and isinstance(outer.body, cst.IndentedBlock)
        ):
            first = cst.parse_statement(f"{self.code(outer.target)} = {applied}\n")
            loop = outer.with_changes(
                target=cst.parse_expression(
                    f"({parts},)" if arity == 1 else f"({parts})"
                ).with_changes(lpar=[], rpar=[]),
                iter=items,
                body=outer.body.with_changes(body=[first, *outer.body.body]),
            )
            return [(outer, loop)]
        return None

    def _definition(self, func: cst.BaseExpression) -> Optional[tuple[cst.FunctionDef, bool]]:
        """The ``def`` of this file that ``func`` names, and whether reading it binds the
        first parameter (``self.method`` of a plain method)."""
        index = self.ctx.model.index
        if (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
        ):
            owner = self_class(self, func)
            found = index.find_method(owner, func.attr.value) if owner else None
            if found is None:
                return None
            definition = local_definition(self, found[0])
            bound = True
        elif isinstance(func, cst.Name):
            name = self.ctx.qualified_name(func)
            target = index.lookup(name) if name else None
            if target is None or target[0] != "function":
                return None
            definition = local_definition(self, target[1].qualify(target[2]))
            bound = False
        else:
            return None
        if not isinstance(definition, cst.FunctionDef):
            return None
        decorators = {
            d.decorator.value for d in definition.decorators if isinstance(d.decorator, cst.Name)
        }
        if len(decorators) != len(definition.decorators) or decorators - {"staticmethod"}:
            return None
        return definition, bound and "staticmethod" not in decorators


def _exact_positional(definition: cst.FunctionDef, bound: bool) -> Optional[int]:
    """How many parts ``f(*item)`` takes when ``definition`` accepts exactly one count of
    positional arguments (no defaults, no ``*args``, no keyword-only without default)."""
    params = definition.params
    if not isinstance(params.star_arg, cst.MaybeSentinel) or params.star_kwarg is not None:
        return None
    if any(p.default is None for p in params.kwonly_params):
        return None
    positional = [*params.posonly_params, *params.params]
    if bound:
        positional = positional[1:]
    if any(p.default is not None for p in positional):
        return None
    return len(positional)


def _tuple_arity(fixer: Fixer, items: cst.BaseExpression) -> Optional[int]:
    """The one length of every item of ``items``, where its text shows it."""
    if isinstance(items, cst.Call):
        if fixer.ctx.qualified_name(items.func) not in ("zip", "builtins.zip"):
            return None
        if not items.args or any(a.star or a.keyword is not None for a in items.args):
            return None
        return len(items.args)
    if isinstance(items, (cst.ListComp, cst.GeneratorExp)):
        return _display_arity(items.elt)
    if isinstance(items, (cst.List, cst.Tuple)):
        starred = any(isinstance(e, cst.StarredElement) for e in items.elements)
        lengths = {_display_arity(e.value) for e in items.elements}
        if len(lengths) != 1 or starred:
            return None
        return lengths.pop()
    if isinstance(items, cst.Name):
        function = fixer.enclosing_function(items)
        if function is None:
            return None
        uses = variable_uses(fixer, function, items.value)
        if len(uses) != 2:  # the one binding and this use
            return None
        binding = next(u for u in uses if u is not items)
        assign = fixer.parent(fixer.parent(binding))
        if not (
            isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and assign.targets[0].target is binding
            and isinstance(fixer.parent(assign), cst.SimpleStatementLine)
        ):
            return None
        if not isinstance(assign.value, (cst.ListComp, cst.List, cst.Tuple)):
            return None
        return _tuple_arity(fixer, assign.value)
    return None


def _display_arity(node: cst.BaseExpression) -> Optional[int]:
    if isinstance(node, cst.Tuple) and not any(
        isinstance(e, cst.StarredElement) for e in node.elements
    ):
        return len(node.elements)
    return None


# -- itertools.pairwise ---------------------------------------------------------------------
class PairwiseToZipOfSlices(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "zip the sequence without its last element with it without its first"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        if self.ctx.qualified_name(call.func) != "itertools.pairwise":
            return None
        if len(call.args) != 1 or call.args[0].star or call.args[0].keyword is not None:
            return None
        seq = call.args[0].value
        function = self.enclosing_function(call)
        if not isinstance(seq, cst.Name) or function is None:
            return None
        loop = self.parent(call)
        if isinstance(loop, cst.For) and loop.iter is call:
            body: list[cst.CSTNode] = [loop.target, loop.body]
            if loop.orelse is not None:
                body.append(loop.orelse)
        elif isinstance(loop, cst.CompFor) and loop.iter is call:
            comp = self.parent(loop)
            while isinstance(comp, cst.CompFor):
                comp = self.parent(comp)
            if not isinstance(comp, cst.BaseComp):
                return None
            body = [loop.target, *loop.ifs]
            if loop.inner_for_in is not None:
                body.append(loop.inner_for_in)
            body.append(comp.elt if not isinstance(comp, cst.DictComp) else comp.key)
            if isinstance(comp, cst.DictComp):
                body.append(comp.value)
        else:
            return None
        if any(n.value == seq.value for part in body for n in names_in(part)):
            return None
        if not _sequence_variable(self, function, seq.value):
            return None
        name = seq.value
        return [(call, cst.parse_expression(f"zip({name}[:-1], {name}[1:])"))]


def _sequence_variable(fixer: Fixer, function: cst.FunctionDef, name: str) -> bool:
    """Whether every binding of ``name`` in ``function`` makes it a list or a tuple."""
    bindings = 0
    for param in [
        *function.params.posonly_params,
        *function.params.params,
        *function.params.kwonly_params,
    ]:
        if param.name.value == name:
            if param.annotation is None or not _sequence_annotation(param.annotation.annotation):
                return False
            bindings += 1
    for use in variable_uses(fixer, function, name):
        parent = fixer.parent(use)
        if isinstance(parent, cst.Param):
            continue
        if isinstance(parent, cst.AssignTarget) and parent.target is use:
            assign = fixer.parent(parent)
            if not (
                isinstance(assign, cst.Assign)
                and isinstance(assign.value, (cst.List, cst.ListComp, cst.Tuple))
            ):
                return False
            bindings += 1
        elif isinstance(parent, cst.AnnAssign) and parent.target is use:
            if not _sequence_annotation(parent.annotation.annotation):
                return False
            if parent.value is not None and not isinstance(
                parent.value, (cst.List, cst.ListComp, cst.Tuple)
            ):
                return False
            bindings += 1
        elif _binds_otherwise(fixer, use):
            return False
    return bindings > 0


def _binds_otherwise(fixer: Fixer, use: cst.Name) -> bool:
    """A binding other than a plain assignment: a loop or comprehension target, ``+=``, a
    walrus, a tuple target, ``del``, ``global``/``nonlocal``, an import or a ``def``."""
    for node in [use, *fixer.ancestors(use)]:
        parent = fixer.parent(node)
        if parent is None:
            return False
        if isinstance(parent, (cst.For, cst.CompFor)) and parent.target is node:
            return True
        if (
            isinstance(parent, (cst.AugAssign, cst.AnnAssign, cst.NamedExpr))
            and parent.target is node
        ):
            return True
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            return True
        if isinstance(parent, (cst.Del, cst.Global, cst.Nonlocal, cst.ImportAlias, cst.AsName)):
            return True
        if isinstance(parent, (cst.FunctionDef, cst.ClassDef)) and parent.name is node:
            return True
        if not isinstance(parent, (cst.Tuple, cst.List, cst.Element, cst.StarredElement)):
            return False
    return False


def _sequence_annotation(annotation: cst.BaseExpression) -> bool:
    if isinstance(annotation, cst.Subscript):
        annotation = annotation.value
    if isinstance(annotation, cst.Attribute):
        return annotation.attr.value in ("List", "Tuple")
    return isinstance(annotation, cst.Name) and annotation.value in _SEQUENCE_ANNOTATIONS


# -- len(range(...)) ------------------------------------------------------------------------
class LenRangeToArithmetic(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "compute the range's length with integer arithmetic"
    checked_ints = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        rng = diagnostic.node
        if not isinstance(rng, cst.Call) or not isinstance(rng.func, cst.Name):
            return None
        if rng.func.value != "range" or "range" in module_bindings(self.ctx.module):
            return None
        arg = self.parent(rng)
        outer = self.parent(arg)
        if not (
            isinstance(arg, cst.Arg)
            and isinstance(outer, cst.Call)
            and isinstance(outer.func, cst.Name)
            and outer.func.value == "len"
            and "len" not in module_bindings(self.ctx.module)
            and len(outer.args) == 1
            and not arg.star
            and arg.keyword is None
        ):
            return None
        args = rng.args
        if not 1 <= len(args) <= 3 or any(a.star or a.keyword is not None for a in args):
            return None
        function = self.enclosing_function(rng)
        if function is None:
            return None
        values = [a.value for a in args]
        if not all(_pure(v) for v in values):
            return None
        checked = all(_int_operand(self, function, v) for v in values)
        if checked != self.checked_ints:
            return None
        if len(values) == 1:
            return [(outer, cst.parse_expression(f"max(0, {self.code(values[0])})"))]
        start, stop = values[0], values[1]
        span = _difference(self.code(stop), start, self.code(start))
        step = values[2] if len(values) == 3 else cst.Integer("1")
        literal = _int_literal(step)
        if literal == 1:
            text = f"max(0, {span})"
        elif literal is not None and literal > 1:
            text = f"max(0, ({span} + {literal - 1}) // {literal})"
        elif literal is not None and literal < 0:
            back = _difference(self.code(start), stop, self.code(stop))
            text = f"max(0, ({back} + {-literal - 1}) // {-literal})"
        elif literal == 0:
            return None
        else:
            s = _atom(step, self.code(step))
            text = f"max(0, ({span} + {s} - (1 if {s} > 0 else -1)) // {s})"
        return [(outer, cst.parse_expression(text))]


class LenRangeOfAttributesToArithmetic(LenRangeToArithmetic):
    applicability = "unsafe"
    checked_ints = False


def _difference(stop: str, start: cst.BaseExpression, start_text: str) -> str:
    if _int_literal(start) == 0:
        return stop
    return f"{stop} - {_atom(start, start_text)}"


def _atom(node: cst.BaseExpression, text: str) -> str:
    if isinstance(node, (cst.Name, cst.Attribute, cst.Integer, cst.Subscript, cst.Call)):
        return text
    return f"({text})"


def _int_literal(node: cst.BaseExpression) -> Optional[int]:
    sign = 1
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        sign, node = -1, node.expression
    if isinstance(node, cst.Integer):
        return sign * int(node.evaluated_value)
    return None


_PURE_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)


def _pure(node: cst.BaseExpression) -> bool:
    """Integer arithmetic of names, attributes, int literals and sizes: read twice, the same
    value, with no side effect."""
    if isinstance(node, (cst.Name, cst.Integer)):
        return True
    if isinstance(node, cst.Attribute):
        return plain_reference(node)
    if isinstance(node, cst.UnaryOperation):
        return isinstance(node.operator, (cst.Minus, cst.Plus)) and _pure(node.expression)
    if isinstance(node, cst.BinaryOperation):
        return isinstance(node.operator, _PURE_OPERATORS) and _pure(node.left) and _pure(node.right)
    return _size(node)


def _size(node: cst.BaseExpression) -> bool:
    """``x.shape[i]``, ``x.size(i)`` or ``len(x)`` of a name (an int literal index)."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        return (
            isinstance(node.value, cst.Attribute)
            and node.value.attr.value == "shape"
            and plain_reference(node.value.value)
            and isinstance(index, cst.Index)
            and _int_literal(index.value) is not None
        )
    if isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].star:
        value = node.args[0].value
        if isinstance(node.func, cst.Name) and node.func.value == "len":
            return plain_reference(value)
        return (
            isinstance(node.func, cst.Attribute)
            and node.func.attr.value == "size"
            and plain_reference(node.func.value)
            and _int_literal(value) is not None
        )
    return False


def _int_operand(fixer: Fixer, function: cst.FunctionDef, node: cst.BaseExpression) -> bool:
    """Every leaf of ``node`` is surely an int: a literal, a size of a tensor, or a parameter
    annotated ``int`` that the function never rebinds."""
    if isinstance(node, cst.Integer):
        return True
    if isinstance(node, cst.UnaryOperation):
        return _int_operand(fixer, function, node.expression)
    if isinstance(node, cst.BinaryOperation):
        return _int_operand(fixer, function, node.left) and _int_operand(
            fixer, function, node.right
        )
    if _size(node):
        return fixer.kind(node) in (Kind.SIZE, Kind.RANK) or (
            isinstance(node, cst.Call) and isinstance(node.func, cst.Name)
        )
    if isinstance(node, cst.Name):
        params = [*function.params.posonly_params, *function.params.params]
        param = next((p for p in params if p.name.value == node.value), None)
        if param is None or param.annotation is None:
            return False
        annotation = param.annotation.annotation
        if not (isinstance(annotation, cst.Name) and annotation.value == "int"):
            return False
        uses = variable_uses(fixer, function, node.value)
        return not any(_binds_otherwise(fixer, u) for u in uses if u is not param.name)
    return False


# -- a method picked by a conditional expression --------------------------------------------
class PickedMethodToPickedCall(Fixer):
    codes = ("TL228",)
    applicability = "safe"
    message = "branch on the calls of the two methods instead of picking a method"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        pick = diagnostic.node
        if isinstance(pick, cst.IfExp):
            return self._from_conditional(pick)
        if isinstance(pick, cst.If):
            return self._from_statement(pick)
        return None

    def _from_conditional(self, pick: cst.IfExp) -> Optional[list[Replacement]]:
        """``step = self._a if cond else self._b``."""
        assign = self.parent(pick)
        line = self.parent(assign)
        if not (
            isinstance(assign, cst.Assign)
            and assign.value is pick
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
            and not has_comments(line)
        ):
            return None
        alias = assign.targets[0].target
        return self._rewrite(line, pick.test, pick.body, pick.orelse, [alias])

    def _from_statement(self, pick: cst.If) -> Optional[list[Replacement]]:
        """``if cond: step = self._a`` / ``else: step = self._b``."""
        orelse = pick.orelse
        if not isinstance(orelse, cst.Else) or "#" in self.code(pick):
            return None
        first, second = _one_binding(pick.body), _one_binding(orelse.body)
        if first is None or second is None or first[0].value != second[0].value:
            return None
        return self._rewrite(pick, pick.test, first[1], second[1], [first[0], second[0]])

    def _rewrite(
        self,
        statement: cst.BaseStatement,
        test: cst.BaseExpression,
        first: cst.BaseExpression,
        second: cst.BaseExpression,
        bindings: list[cst.Name],
    ) -> Optional[list[Replacement]]:
        """The pick ``statement`` removed, and each call of the local it binds branched."""
        block = self.parent(statement)
        function = self.enclosing_function(statement)
        if not isinstance(block, cst.IndentedBlock) or len(block.body) < 2 or function is None:
            return None
        if self_attribute(first) is None or self_attribute(second) is None:
            return None
        if not self._steady(function, test, statement):
            return None
        name = bindings[0].value
        uses = [u for u in variable_uses(self, function, name) if all(u is not b for b in bindings)]
        if not uses or any(not _plain_call_of(self, u) for u in uses):
            return None
        if any(self._nested(use, function) for use in uses):
            return None
        end = self._end_line_of(statement)
        if end is None or any((self._line_of(u) or 0) <= end for u in uses):
            return None
        if any(block not in self.ancestors(u) for u in uses):
            return None
        replacements: list[Replacement] = [(statement, cst.RemovalSentinel.REMOVE)]
        for use in uses:
            call = self.parent(use)
            assert isinstance(call, cst.Call)
            holder = self.parent(call)
            bare = (
                isinstance(holder, (cst.Assign, cst.Return, cst.AnnAssign))
                and getattr(holder, "value", None) is call
            ) or (isinstance(holder, cst.Arg) and holder.value is call)
            branched = cst.IfExp(
                test=test,
                body=call.with_changes(func=first, lpar=[], rpar=[]),
                orelse=call.with_changes(func=second, lpar=[], rpar=[]),
            )
            if not bare or call.lpar:
                branched = branched.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
            replacements.append((call, branched))
        return replacements

    def _end_line_of(self, node: cst.CSTNode) -> Optional[int]:
        try:
            return self.ctx.position(node).end.line
        except KeyError:
            return None

    def _line_of(self, node: cst.CSTNode) -> Optional[int]:
        try:
            return self.ctx.position(node).start.line
        except KeyError:
            return None

    def _nested(self, node: cst.CSTNode, function: cst.FunctionDef) -> bool:
        """Whether ``node`` lies in a lambda, a ``def`` or a class inside ``function`` (which
        may run after the function rebinds the local, or never)."""
        for ancestor in self.ancestors(node):
            if ancestor is function:
                return False
            if isinstance(ancestor, (cst.Lambda, cst.FunctionDef, cst.ClassDef)):
                return True
        return True

    def _steady(
        self, function: cst.FunctionDef, test: cst.BaseExpression, pick_line: cst.CSTNode
    ) -> bool:
        """The test reads the same value at every call as at the pick: a local name the
        function binds at most once, or ``self.<attr>`` that no method but ``__init__``
        assigns."""
        if isinstance(test, cst.Name):
            uses = variable_uses(self, function, test.value)
            bindings = [u for u in uses if _binds_otherwise(self, u)]
            params = {p.name.value for p in function.params.params}
            if test.value in params:
                return not bindings
            if len(bindings) != 1:
                return False
            # a local bound once, by an earlier statement of the pick's own block
            statement = next(
                (a for a in self.ancestors(bindings[0]) if isinstance(a, cst.SimpleStatementLine)),
                None,
            )
            block = self.parent(pick_line)
            return (
                statement is not None
                and isinstance(block, cst.IndentedBlock)
                and self.parent(statement) is block
                and block.body.index(statement) < block.body.index(pick_line)
            )
        if (
            isinstance(test, cst.Attribute)
            and isinstance(test.value, cst.Name)
            and test.value.value == "self"
        ):
            cls = next((a for a in self.ancestors(function) if isinstance(a, cst.ClassDef)), None)
            if cls is None:
                return False
            for method in cls.body.body:
                if not isinstance(method, cst.FunctionDef) or method.name.value == "__init__":
                    continue
                for node in names_in(method):
                    if node.value != "self":
                        continue
                    attr = self.parent(node)
                    if isinstance(attr, cst.Attribute) and attr.attr.value == test.attr.value:
                        if _binds_otherwise(self, attr):
                            return False
            return True
        return False


def _one_binding(block: cst.BaseSuite) -> Optional[tuple[cst.Name, cst.BaseExpression]]:
    """``name = value``, the one statement of ``block``."""
    body = getattr(block, "body", ())
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
        return None
    line = body[0]
    if len(line.body) != 1 or not isinstance(line.body[0], cst.Assign):
        return None
    assign = line.body[0]
    if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name):
        return None
    return assign.targets[0].target, assign.value


def _plain_call_of(fixer: Fixer, name: cst.Name) -> bool:
    call = fixer.parent(name)
    return isinstance(call, cst.Call) and call.func is name and not any(a.star for a in call.args)


# -- a shape passed to a Tuple[int, ...] parameter ------------------------------------------
class ShapeParameterAsList(Fixer):
    codes = ("TL210",)
    applicability = "unsafe"  # a scripted caller in another file may pass a tuple
    message = "annotate the parameter `List[int]`, the type TorchScript gives a shape"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        arg = diagnostic.node
        call = self.parent(arg)
        if not isinstance(arg, cst.Arg) or not isinstance(call, cst.Call):
            return None
        if not whole_shape(arg.value):
            return None
        callee = local_callee(self, call)
        if callee is None:
            return None
        definition, bound = callee
        param = receiving_param(definition, call, arg, bound)
        if param is None or param.annotation is None or param.star:
            return None
        if not _int_tuple_annotation(param.annotation.annotation):
            return None
        if not self._only_shapes(definition, param):
            return None
        listed = self.import_from("typing", "List")
        annotation = param.annotation.with_changes(
            annotation=cst.parse_expression(f"{listed}[int]")
        )
        return [(param.annotation, annotation)]

    def _only_shapes(self, definition: cst.FunctionDef, param: cst.Param) -> bool:
        """Every mention of the function in this file is a call that gives ``param`` a
        shape (so no caller here passes a tuple the new annotation would refuse)."""
        name = definition.name.value
        found = False
        for node in names_in(self.ctx.module):
            if node.value != name or node is definition.name:
                continue
            parent = self.parent(node)
            holder = parent if isinstance(parent, cst.Attribute) and parent.attr is node else node
            call = self.parent(holder)
            if not isinstance(call, cst.Call) or call.func is not holder:
                return False
            callee = local_callee(self, call)
            if callee is None or callee[0] is not definition:
                return False
            given = [
                a for a in call.args if receiving_param(definition, call, a, callee[1]) is param
            ]
            if any(a.star for a in call.args) or len(given) != 1:
                return False
            if not whole_shape(given[0].value):
                return False
            found = True
        return found


def _int_tuple_annotation(annotation: cst.BaseExpression) -> bool:
    """``Tuple[int, int, ...]`` / ``tuple[int, ...]``: a tuple of ints only."""
    if not isinstance(annotation, cst.Subscript):
        return False
    head = annotation.value
    named = head.attr.value if isinstance(head, cst.Attribute) else getattr(head, "value", None)
    if named not in ("Tuple", "tuple"):
        return False
    items = []
    for element in annotation.slice:
        if not isinstance(element.slice, cst.Index):
            return False
        items.append(element.slice.value)
    if not items or not isinstance(items[0], cst.Name) or items[0].value != "int":
        return False
    rest = items[1:]
    return all(isinstance(i, cst.Name) and i.value == "int" for i in rest) or (
        len(rest) == 1 and isinstance(rest[0], cst.Ellipsis)
    )


# -- a NumPy scalar stored on the module ----------------------------------------------------
class NumpyScalarAttributeAsNumber(Fixer):
    codes = ("TL212",)
    applicability = "safe"
    message = "store the NumPy scalar as a Python number"
    tensor_reads_only = True

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        read = diagnostic.node
        attr = self_attribute(read) if isinstance(read, cst.BaseExpression) else None
        if attr is None:
            return None
        message = diagnostic.message
        if "a NumPy integer" in message:
            number = "int"
        elif "a NumPy scalar (`np.bool" in message:
            number = "bool"
        elif "a NumPy scalar (`np.float" in message or "a NumPy scalar (`np.single" in message:
            number = "float"
        elif "a NumPy scalar (`np.half" in message:
            number = "float"
        else:
            return None
        if number in module_bindings(self.ctx.module):
            return None
        cls = next((a for a in self.ancestors(read) if isinstance(a, cst.ClassDef)), None)
        if cls is None:
            return None
        stores: list[cst.Assign] = []
        reads: list[cst.Attribute] = []
        for method in cls.body.body:
            if not isinstance(method, cst.FunctionDef):
                continue
            for node in names_in(method):
                parent = self.parent(node)
                if not (
                    node.value == "self"
                    and isinstance(parent, cst.Attribute)
                    and parent.value is node
                    and parent.attr.value == attr
                ):
                    continue
                target = self.parent(parent)
                assign = self.parent(target)
                if isinstance(target, cst.AssignTarget) and isinstance(assign, cst.Assign):
                    if method.name.value != "__init__" or len(assign.targets) != 1:
                        return None
                    stores.append(assign)
                elif _binds_otherwise(self, parent):
                    return None
                else:
                    reads.append(parent)
        if len(stores) != 1 or not reads:
            return None
        if _attribute_count(self.ctx.module, attr) != len(stores) + len(reads):
            return None  # read elsewhere (another object's `.scale`): left alone
        tensor_only = all(self._tensor_operand(r) for r in reads)
        if tensor_only != self.tensor_reads_only:
            return None
        value = stores[0].value
        wrapped = cst.Call(func=cst.Name(number), args=[cst.Arg(value=value)])
        return [(value, wrapped)]

    def _tensor_operand(self, read: cst.Attribute) -> bool:
        """``read`` is one side of ``+ - * /`` whose other side is a tensor."""
        operation = self.parent(read)
        if not isinstance(operation, cst.BinaryOperation) or not isinstance(
            operation.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.Divide)
        ):
            return False
        other = operation.right if operation.left is read else operation.left
        return self.kind(other) is Kind.TENSOR


class NumpyScalarAttributeAsNumberUnchecked(NumpyScalarAttributeAsNumber):
    applicability = "unsafe"
    tensor_reads_only = False


def _attribute_count(root: cst.CSTNode, attr: str) -> int:
    """How many ``<anything>.<attr>`` the tree holds."""
    count = 0

    class Visitor(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            nonlocal count
            count += node.attr.value == attr

    root.visit(Visitor())
    return count


# -- a parameter with a tuple default -------------------------------------------------------
class TupleDefaultAnnotation(Fixer):
    codes = ("TL203",)
    applicability = "safe"
    message = "annotate the parameter with the tuple type of its default"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        param = diagnostic.node
        if not isinstance(param, cst.Param) or param.annotation is not None:
            return None
        default = param.default
        if not isinstance(default, cst.Tuple) or not default.elements:
            return None
        types = []
        for element in default.elements:
            if isinstance(element, cst.StarredElement):
                return None
            found = literal_type(element.value)
            if found is None:
                return None
            types.append(found)
        tupled = self.import_from("typing", "Tuple")
        annotation = cst.Annotation(cst.parse_expression(f"{tupled}[{', '.join(types)}]"))
        return [(param, param.with_changes(annotation=annotation, equal=cst.MaybeSentinel.DEFAULT))]
