"""Repairs for findings torchlint reported without a fix (issue #23, session 21).

``InvertedNumberValue`` (TL240, unsafe): ``~flag`` of a Python bool or int in scripted code ->
``(-1 - int(flag))``. TorchScript's ``~`` takes tensors only; Python's ``~n`` is ``-n - 1``
(``~True`` is -2, ``~False`` -1: true either way), which ``-1 - int(n)`` computes for a bool or
an int in every back-end (checked on torch 2.13: scripts, and an ``if`` on the int tests it as
Python does). The rewrite keeps what the code does; where a negation was meant, ``not flag`` is
the hand fix the finding names (it changes the eager result). Unsafe: the operand is a bool or
an int by its annotation or default; a tensor passed for it was inverted bitwise and is now
converted with ``int`` (which fails for more than one element).

``GrownTupleToList`` (TL241): ``shape = (1, -1)`` and ``shape += (1, 1)`` inside an ``if`` or a
loop -> ``shape = [1, -1]`` and ``shape += [1, 1]`` (also ``shape = shape + (1,)``). A
TorchScript tuple's length is part of its type, a list's is not; the items are the same. Only
where every binding of the name in the function is such a display of int literals or sizes
(``x.shape[0]``, ``x.size(1)``, ``x.dim()``: a ``List[int]`` in TorchScript) or such a growth,
and the name is no parameter. Safe where every read of the name is the one size argument of a
tensor's ``view`` / ``reshape`` / ``expand`` / ``repeat`` / ``permute`` / ``tile`` /
``new_zeros`` / ``new_ones`` / ``new_empty`` (the same overload with the same numbers in
every back-end), ``len(name)``, an int-literal index or a ``for`` over it; unsafe otherwise (a
list where Python had a tuple: ``==`` with a tuple, a dict key, a return value differ).

``FilterToLoop`` (TL209, unsafe): ``name: List[T] = list(filter(f, xs))`` -> ``name: List[T] =
[]`` and a loop appending the items ``f`` accepts (TorchScript has no ``filter``, and no
comprehension with an ``if``: a comprehension would only trade TL209 for TL204). The list holds
the same items in the same order, ``f`` called as often in the same order; unsafe because the
loop's name outlives the loop.

``CondOutsideScript`` (TL209, safe): ``torch.cond(pred, f, g, (x, y))`` ->
``((f(x, y) if bool(pred) else g(x, y)) if torch.jit.is_scripting() else torch.cond(pred, f,
g, (x, y)))``. TorchScript compiles ``torch.cond``'s Python source and fails; it compiles only
the branch of ``torch.jit.is_scripting()`` it takes, where the ternary calls the branch the
predicate picks, as ``torch.cond`` does in eager. Outside TorchScript the ``torch.cond`` call
runs as it was (eager, trace, compile and export). Only where the operands are a tuple or list
display without ``*`` and the branches are names or attributes (not lambdas, which
TorchScript cannot compile), with no keyword arguments.

``GuardModuleCast`` (TL361, unsafe): a statement ``self.to(x.dtype)`` (``self.float()``,
``self.cuda()``, ``self.sub.half()``...) in graph code -> under ``if not
torch.compiler.is_compiling():``. ``torch.export`` fails on ``_apply()`` swapping parameters
while it traces; eager and ``torch.jit.trace`` (where ``is_compiling()`` is False) still cast
the module on every call. Unsafe: compiled and exported code runs with the parameters as they
were when converted, so an input of another dtype or device than the module's (which eager
cast the module to) now meets the old parameters: cast or move the model before converting it.

``PositionalOnlyMarker`` (TL201, safe): ``def f(x, g, /, floor=0.0)`` -> ``def f(x, g,
floor=0.0)``. TorchScript cannot compile positional-only parameters; without the marker every
call that worked binds the same arguments (a call naming one of them raised TypeError and now
binds it). Not where the function takes ``**kwargs`` (a keyword of a positional-only name went
into it and would now bind the parameter).

``RegisterDataclassInput`` (TL360, unsafe): the converted module's ``forward`` takes a
``@dataclass`` of the same file (``data: GraphBatch``) -> ``torch.export.register_dataclass(
GraphBatch)`` after the class. ``torch.export`` then takes the object apart (checked on torch
2.13: export succeeds and ``ep.module()`` equals eager; a second registration only warns).
Eager is untouched; ``torch.jit.trace`` still fails on the object (the finding stays for
trace, whose hand fix is to take the tensors as arguments). Unsafe: the registration is
global, so other code that flattens pytrees (``tree_map``, ``DataParallel``'s scatter) now
takes the class apart too.

``TensorFirstOperator`` (TL230, safe): ``flag * t`` -> ``t * flag`` (``+``, ``&``, ``|``,
``^``, ``==``, ``!=``; ``n < t`` -> ``t > n``), a Python bool or int on the left of a tensor
in scripted code. Python ran the tensor's reflected operator, which is the same operation with
the tensor first (addition and multiplication commute exactly, bitwise operators and
equality too, a comparison turns round); TorchScript compiles the tensor-first form. The left
operand is a literal, a name or an attribute, read without side effects, so evaluating it
second changes nothing. ``/``, ``//``, ``<<``, ``>>`` (no tensor-first spelling of the same
value) are left to the hand fix the finding names (``float(flag)``).

``RangeToArange`` (TL106, safe): ``torch.range(a, n - 1)`` -> ``torch.arange(a, n,
dtype=torch.get_default_dtype())`` (``torch.range(a, b)`` -> ``torch.arange(a, b + 1, ...)``;
a ``dtype=`` given is kept). ``torch.range`` reads its end as a Python int, so a trace keeps
the example's size; the tracer records ``arange``'s end from the size (checked on torch 2.13:
the trace follows other sizes). Only for two int bounds (literals, sizes, ranks and ``+ - *
//`` of them) and no step: both give ``a, a + 1, ..., b`` in torch.range's dtype (the default
float dtype unless ``dtype=``), exactly.

``IterToolsAtInit`` (TL209, unsafe): ``itertools.combinations(self.fields, 2)`` in a method
(``permutations``, ``combinations_with_replacement``, ``product``) -> ``self.fields_combinations``,
bound by ``self.fields_combinations = list(itertools.combinations(self.fields, 2))`` after the
one ``__init__`` statement binding ``self.fields`` (the last of them, where several attributes
are read). TorchScript binds no ``itertools``, but types a list of int tuples held on the module
and loops over it (checked on torch 2.13: a comprehension unpacking the pairs scripts, equal
eager). Only where the arguments are ``self`` attributes bound once, in ``__init__``, int
literals, and ``range`` / ``len`` / ``+`` / ``-`` of them. Unsafe: the tuples are listed once,
so an attribute changed after construction is no longer followed.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.dynamo_tables import COND_OPERATORS
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import parameter
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    contains,
    expression_in_place,
    fresh_name,
    guarded,
    names_in,
    own_statement_line,
    scope_of,
    variable_uses,
)
from .script_heldout27 import _enclosing_class, _init_line, _methods
from .script_map import _single_parameter
from .script_star_args import SIZE_METHODS


# -- ~ of a Python bool or int ------------------------------------------------------------------
class InvertedNumberValue(Fixer):
    codes = ("TL240",)
    applicability = "unsafe"
    message = (
        "keep Python's value of `~` (-1 - n: -1 or -2 for a bool, true either way) as "
        "`-1 - int(n)`; write `not flag` by hand where a negation was meant"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.UnaryOperation) or not isinstance(node.operator, cst.BitInvert):
            return None
        operand = node.expression.with_changes(lpar=(), rpar=())
        text = f"-1 - int({self.code(operand).strip()})"
        return [(node, expression_in_place(self, node, text))]


# -- a tuple grown inside a block --------------------------------------------------------------
class GrownTupleToList(Fixer):
    codes = ("TL241",)
    applicability = "safe"
    message = "build the shape as a list (`[1, -1]`, `+= [1, 1]`): the same sizes"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        plan = self._plan(diagnostic)
        if plan is None or plan[1] != (self.applicability == "safe"):
            return None
        return plan[0]

    def _plan(self, diagnostic: Diagnostic) -> Optional[tuple[list[Replacement], bool]]:
        """The displays to make lists, and whether every read of the name is surely one that
        a list serves as the tuple did."""
        node = diagnostic.node
        if isinstance(node, cst.AugAssign) and isinstance(node.target, cst.Name):
            name = node.target.value
        elif isinstance(node, cst.Assign) and isinstance(node.targets[0].target, cst.Name):
            name = node.targets[0].target.value
        else:
            return None
        function = self.enclosing_function(node)
        if function is None or parameter(function, name) is not None:
            return None
        displays: list[cst.Tuple] = []
        all_sure = True
        for use in variable_uses(self, function, name):
            parent = self.parent(use)
            if isinstance(parent, cst.AugAssign) and parent.target is use:
                if not isinstance(parent.operator, cst.AddAssign) or not self._ints(parent.value):
                    return None
                displays.append(parent.value)
            elif isinstance(parent, cst.AssignTarget) and parent.target is use:
                assign = self.parent(parent)
                if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                    return None
                value = assign.value
                if self._ints(value):
                    displays.append(value)
                elif not self._growth(value, name):
                    return None
            elif (
                isinstance(parent, cst.BinaryOperation)
                and parent.left is use
                and self._growth(parent, name)
                and isinstance(self.parent(parent), cst.Assign)
            ):
                displays.append(parent.right)
            elif isinstance(parent, (cst.AnnAssign, cst.Del, cst.Global, cst.Nonlocal)):
                return None
            elif isinstance(parent, (cst.CompFor, cst.For, cst.NamedExpr, cst.Element)) and (
                getattr(parent, "target", None) is use
            ):
                return None  # bound otherwise (a loop target, `:=`, an unpacking)
            else:
                all_sure = all_sure and self._list_serves(use, parent)
        if not displays or not any(self._in_block(d) for d in displays):
            return None
        return [(d, _as_list(d)) for d in displays], all_sure

    def _ints(self, value: cst.BaseExpression) -> bool:
        """A tuple display (no ``*``) of int literals and sizes: a ``List[int]`` for TorchScript."""
        if not isinstance(value, cst.Tuple) or not value.elements:
            return False
        for element in value.elements:
            item = element.value
            if isinstance(element, cst.StarredElement):
                return False
            if isinstance(item, cst.UnaryOperation) and isinstance(item.operator, cst.Minus):
                item = item.expression
            if not isinstance(item, cst.Integer) and self.kind(item) not in (Kind.SIZE, Kind.RANK):
                return False
        return True

    def _growth(self, value: cst.BaseExpression, name: str) -> bool:
        """``name + (a, b)``."""
        return (
            isinstance(value, cst.BinaryOperation)
            and isinstance(value.operator, cst.Add)
            and isinstance(value.left, cst.Name)
            and value.left.value == name
            and not value.left.lpar
            and self._ints(value.right)
        )

    def _in_block(self, display: cst.CSTNode) -> bool:
        return any(isinstance(a, (cst.If, cst.For, cst.While)) for a in self.ancestors(display))

    def _list_serves(self, use: cst.Name, parent: Optional[cst.CSTNode]) -> bool:
        """A read a list of the same ints serves as the tuple did, in Python and TorchScript."""
        if isinstance(parent, cst.Arg) and parent.value is use and not parent.star:
            call = self.parent(parent)
            if not isinstance(call, cst.Call) or len(call.args) != 1 or parent.keyword:
                return False
            if self.ctx.qualified_name(call.func) == "builtins.len":
                return True
            func = call.func
            return (
                isinstance(func, cst.Attribute)
                and func.attr.value in SIZE_METHODS
                and self.kind(func.value) is Kind.TENSOR
            )
        if isinstance(parent, cst.Subscript) and parent.value is use:
            index = parent.slice[0].slice if len(parent.slice) == 1 else None
            value = index.value if isinstance(index, cst.Index) else None
            if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
                value = value.expression
            return isinstance(value, cst.Integer) and not isinstance(
                self.parent(parent), (cst.AssignTarget, cst.AugAssign, cst.Del)
            )
        return isinstance(parent, cst.For) and parent.iter is use


class GrownTupleToListUnsafe(GrownTupleToList):
    """The same where a read of the name may tell a list from a tuple."""

    applicability = "unsafe"
    message = "build the shape as a list (`[1, -1]`, `+= [1, 1]`): a list where Python had a tuple"


def _as_list(display: cst.Tuple) -> cst.List:
    elements = list(display.elements)
    if len(elements) == 1:
        elements[0] = elements[0].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    after = display.lpar[0].whitespace_after if display.lpar else cst.SimpleWhitespace("")
    before = display.rpar[-1].whitespace_before if display.rpar else cst.SimpleWhitespace("")
    return cst.List(
        elements=elements,
        lbracket=cst.LeftSquareBracket(whitespace_after=after),
        rbracket=cst.RightSquareBracket(whitespace_before=before),
    )


# -- list(filter(f, xs)) -----------------------------------------------------------------------
class FilterToLoop(Fixer):
    """``name: List[T] = list(filter(f, xs))`` (a statement of its own line) -> ``name: List[T]
    = []`` and a loop appending the items ``f`` accepts: TorchScript compiles no comprehension
    with an ``if``. Unsafe (the loop's name outlives the loop)."""

    codes = ("TL209",)
    applicability = "unsafe"
    message = "build the list in a loop that appends the items `f` accepts"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = self._list_of_filter(diagnostic)
        if found is None:
            return None
        outer, function, iterable = found
        statement = self.parent(outer)
        line = self.parent(statement) if statement is not None else None
        if (
            not isinstance(statement, cst.AnnAssign)
            or statement.value is not outer
            or not isinstance(statement.target, cst.Name)
            or not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
            or not isinstance(self.parent(line), cst.IndentedBlock)
        ):
            return None
        if isinstance(function, cst.Lambda):
            name = _single_parameter(function)
            scope = scope_of(self, outer)
            if name is None or contains(
                function.body, lambda n: isinstance(n, (cst.NamedExpr, cst.Yield, cst.Await))
            ):
                return None
            inside = {id(n) for n in names_in(function)}
            if any(n.value == name and id(n) not in inside for n in names_in(scope)):
                return None  # the loop would rebind a name the function uses
            test = self.code(function.body).strip()
        else:
            name = fresh_name(self, outer, "v")
            if isinstance(function, cst.Name) and function.value == "None":
                test = name
            elif isinstance(function, (cst.Name, cst.Attribute)):
                test = f"{self.code(function).strip()}({name})"
            else:
                return None
        target = statement.target.value
        annotation = self.code(statement.annotation.annotation).strip()
        text = (
            f"{target}: {annotation} = []\n"
            f"for {name} in {self.code(iterable).strip()}:\n"
            f"    if {test}:\n"
            f"        {target}.append({name})\n"
        )
        first, loop = cst.parse_module(text).body
        first = first.with_changes(leading_lines=line.leading_lines)
        if line.trailing_whitespace.comment is not None:
            first = first.with_changes(trailing_whitespace=line.trailing_whitespace)
        return [(line, cst.FlattenSentinel([first, loop]))]

    def _list_of_filter(
        self, diagnostic: Diagnostic
    ) -> Optional[tuple[cst.Call, cst.BaseExpression, cst.BaseExpression]]:
        """``(list(...) call, function, iterable)`` of ``list(filter(function, iterable))``."""
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.filter"
        ):
            return None
        arg = self.parent(call)
        outer = self.parent(arg) if arg is not None else None
        if (
            not isinstance(arg, cst.Arg)
            or arg.star
            or not isinstance(outer, cst.Call)
            or self.ctx.qualified_name(outer.func) != "builtins.list"
            or len(outer.args) != 1
            or len(call.args) != 2
            or any(a.keyword is not None or a.star for a in call.args)
        ):
            return None
        return outer, call.args[0].value, call.args[1].value


# -- torch.cond in scripted code ---------------------------------------------------------------
class CondOutsideScript(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = (
        "call the branch the predicate picks under TorchScript, "
        "`torch.cond` everywhere else (`torch.jit.is_scripting()`)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) not in COND_OPERATORS
        ):
            return None
        args = call.args
        if len(args) != 4 or any(a.keyword is not None or a.star for a in args):
            return None
        pred, true_fn, false_fn, operands = (a.value for a in args)
        if not all(isinstance(f, (cst.Name, cst.Attribute)) for f in (true_fn, false_fn)):
            return None
        if not isinstance(operands, (cst.Tuple, cst.List)) or any(
            isinstance(e, cst.StarredElement) for e in operands.elements
        ):
            return None
        ops = ", ".join(self.code(e.value).strip() for e in operands.elements)
        torch = self.import_module("torch")
        original = self.code(call.with_changes(lpar=(), rpar=())).strip()
        text = (
            f"(({self.code(true_fn).strip()}({ops}) if bool({self.code(pred).strip()}) "
            f"else {self.code(false_fn).strip()}({ops})) "
            f"if {torch}.jit.is_scripting() else {original})"
        )
        return [(call, cst.parse_expression(text))]


# -- self.to(...) in graph code ----------------------------------------------------------------
class GuardModuleCast(Fixer):
    codes = ("TL361",)
    applicability = "unsafe"
    message = (
        "cast the module only in eager, under `if not torch.compiler.is_compiling():` "
        "(compiled and exported code keeps the parameters as converted: cast the model first)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        line = own_statement_line(self, call)
        if line is None or self.enclosing_function(line) is None:
            return None
        if contains(call, lambda n: isinstance(n, (cst.Lambda, cst.NamedExpr))):
            return None
        return [(line, guarded(self, "not {torch}.compiler.is_compiling()", line))]


# -- positional-only parameters ----------------------------------------------------------------
class PositionalOnlyMarker(Fixer):
    codes = ("TL201",)
    applicability = "safe"
    message = "drop the positional-only marker `/`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "positional-only" not in diagnostic.message:
            return None
        params = next(
            (a for a in self.ancestors(diagnostic.node) if isinstance(a, cst.Parameters)), None
        )
        if params is None or not params.posonly_params or params.star_kwarg is not None:
            return None
        slash = params.posonly_ind
        if not isinstance(slash, cst.ParamSlash):
            return None
        last = params.posonly_params[-1]
        follows = (
            params.params
            or not isinstance(params.star_arg, cst.MaybeSentinel)
            or params.kwonly_params
        )
        # the last positional-only parameter keeps its comma where parameters follow the `/`
        moved = last if follows else last.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        new = params.with_changes(
            posonly_params=(),
            posonly_ind=cst.MaybeSentinel.DEFAULT,
            params=(*params.posonly_params[:-1], moved, *params.params),
        )
        return [(params, new)]


# -- a dataclass as the converted module's input -----------------------------------------------
class RegisterDataclassInput(Fixer):
    codes = ("TL360",)
    applicability = "unsafe"
    message = (
        "register the dataclass as a pytree after its definition "
        "(`torch.export.register_dataclass`): export takes it apart"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "torch.export fails" not in diagnostic.message:
            return None
        param = diagnostic.node
        if not isinstance(param, cst.Param):
            param = next((a for a in self.ancestors(param) if isinstance(a, cst.Param)), None)
        if param is None or param.annotation is None:
            return None
        annotation = param.annotation.annotation
        if not isinstance(annotation, cst.Name):
            return None
        found = [
            s
            for s in self.ctx.module.body
            if isinstance(s, cst.ClassDef) and s.name.value == annotation.value
        ]
        if len(found) != 1 or not self._dataclass(found[0]):
            return None
        cls = found[0]
        if self._registered(cls.name.value):
            return None
        torch = self.import_module("torch")
        line = cst.parse_statement(f"{torch}.export.register_dataclass({cls.name.value})\n")
        line = line.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
        return [(cls, cst.FlattenSentinel([cls, line]))]

    def _dataclass(self, cls: cst.ClassDef) -> bool:
        for decorator in cls.decorators:
            target = decorator.decorator
            if isinstance(target, cst.Call):
                target = target.func
            if self.ctx.qualified_name(target) == "dataclasses.dataclass":
                return True
        return False

    def _registered(self, name: str) -> bool:
        """The file already registers the class (a later round, or by hand)."""
        return any(
            isinstance(arg.value, cst.Name) and arg.value.value == name
            for arg in _calls_args(self.ctx.module)
        )


def _calls_args(module: cst.Module) -> list[cst.Arg]:
    """The arguments of module-level calls ``torch.export.register_dataclass(...)`` /
    ``register_pytree_node(...)`` (statements of the module's top level)."""
    found: list[cst.Arg] = []
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            call = small.value if isinstance(small, cst.Expr) else None
            if not isinstance(call, cst.Call):
                continue
            func = call.func
            last = (
                func.attr.value if isinstance(func, cst.Attribute) else getattr(func, "value", "")
            )
            if last in ("register_dataclass", "register_pytree_node"):
                found.extend(call.args[:1])
    return found


# -- torch.jit.fork / wait in compiled code -----------------------------------------------------
_FORK = frozenset({"torch.jit.fork", "torch.jit._async.fork"})
_WAIT = frozenset({"torch.jit.wait", "torch.jit._async.wait"})
_FUTURE_METHODS = frozenset({"wait", "then", "value", "done", "add_done_callback", "set_result"})


# -- a Python number on the left of a tensor operator ------------------------------------------
# Operators whose operands swap exactly (IEEE addition and multiplication commute, bitwise
# operators too; a comparison turns round): Python ran the tensor's reflected operator, the
# same operation with the tensor first.
_SWAPPED: dict[type, type] = {
    cst.Add: cst.Add, cst.Multiply: cst.Multiply, cst.BitAnd: cst.BitAnd, cst.BitOr: cst.BitOr,
    cst.BitXor: cst.BitXor, cst.Equal: cst.Equal, cst.NotEqual: cst.NotEqual,
    cst.LessThan: cst.GreaterThan, cst.GreaterThan: cst.LessThan,
    cst.LessThanEqual: cst.GreaterThanEqual, cst.GreaterThanEqual: cst.LessThanEqual,
}  # fmt: skip


class TensorFirstOperator(Fixer):
    codes = ("TL230",)
    applicability = "safe"
    message = "put the tensor on the left (`t * flag`, `t > n`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.BinaryOperation):
            left, operator, right = node.left, node.operator, node.right
        elif isinstance(node, cst.Comparison) and len(node.comparisons) == 1:
            left, operator = node.left, node.comparisons[0].operator
            right = node.comparisons[0].comparator
        else:
            return None
        if not isinstance(left, (cst.Name, cst.Attribute, cst.Integer, cst.Float)):
            return None  # the number is read without a side effect, so order does not matter
        swapped = _SWAPPED.get(type(operator))
        if swapped is None:
            return None
        flipped = swapped(
            whitespace_before=operator.whitespace_before, whitespace_after=operator.whitespace_after
        )
        if isinstance(node, cst.BinaryOperation):
            return [(node, node.with_changes(left=right, operator=flipped, right=left))]
        target = node.comparisons[0].with_changes(operator=flipped, comparator=left)
        return [(node, node.with_changes(left=right, comparisons=[target]))]


# -- torch.range of sizes ----------------------------------------------------------------------
class RangeToArange(Fixer):
    codes = ("TL106",)
    applicability = "safe"
    message = "`torch.arange` to one past the end, in the default dtype (torch.jit.trace keeps its size symbolic)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            call = next((a for a in self.ancestors(call) if isinstance(a, cst.Call)), None)
        if call is None or self.ctx.qualified_name(call.func) != "torch.range":
            return None
        positional = [a for a in call.args if a.keyword is None]
        keywords = [a for a in call.args if a.keyword is not None]
        if any(a.star for a in call.args) or len(positional) != 2:
            return None
        if any(a.keyword.value in ("start", "end", "step", "out") for a in keywords):
            return None
        start, end = (a.value for a in positional)
        if not (self._int(start) and self._int(end)):
            return None
        torch = self.import_module("torch")
        if (
            isinstance(end, cst.BinaryOperation)
            and isinstance(end.operator, cst.Subtract)
            and isinstance(end.right, cst.Integer)
            and end.right.evaluated_value == 1
            and not end.lpar
        ):
            stop = self.code(end.left).strip()
        elif isinstance(end, (cst.Name, cst.Attribute, cst.Integer, cst.Call, cst.Subscript)):
            stop = f"{self.code(end).strip()} + 1"
        else:
            stop = f"({self.code(end).strip()}) + 1"
        rest = [self.code(a).strip().rstrip(",").strip() for a in keywords]
        if not any(a.keyword.value == "dtype" for a in keywords):
            rest.append(f"dtype={torch}.get_default_dtype()")
        text = f"{torch}.arange({self.code(start).strip()}, {stop}, {', '.join(rest)})"
        return [(call, cst.parse_expression(text).with_changes(lpar=call.lpar, rpar=call.rpar))]

    def _int(self, value: cst.BaseExpression) -> bool:
        """Surely an int: a literal, a size or rank, or ``+ - * //`` of them (the values
        ``torch.range`` and ``torch.arange`` compute alike, exactly, below 2**24)."""
        if isinstance(value, cst.Integer):
            return True
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
            return self._int(value.expression)
        if isinstance(value, cst.BinaryOperation) and isinstance(
            value.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide)
        ):
            return self._int(value.left) and self._int(value.right)
        return self.kind(value) in (Kind.SIZE, Kind.RANK)


# -- itertools.combinations / permutations of settings ------------------------------------------
_ITERTOOLS = frozenset(
    f"itertools.{name}"
    for name in ("combinations", "permutations", "combinations_with_replacement", "product")
)


class IterToolsAtInit(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "list the tuples once in `__init__` (`self.fields_combinations = list(combinations(...))`) "
        "and loop over the attribute"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in _ITERTOOLS:
            return None
        function = self.enclosing_function(call)
        cls = _enclosing_class(self, call)
        if function is None or cls is None or function.name.value == "__init__":
            return None
        attrs: list[str] = []
        if not self._of_settings(call, attrs) or not attrs:
            return None
        init = next((m for m in _methods(cls) if m.name.value == "__init__"), None)
        if init is None or not isinstance(init.body, cst.IndentedBlock):
            return None
        lines = [_init_line(cls, attr) for attr in attrs]
        if any(line is None for line in lines):
            return None
        order = list(init.body.body)
        last = max(lines, key=lambda line: order.index(line) if line in order else -1)
        if last not in order:
            return None
        kind = self.ctx.qualified_name(call.func).rpartition(".")[2]  # type: ignore[union-attr]
        name = f"{attrs[0]}_{kind}"
        if name in {n.value for n in names_in(cls)}:
            return None
        stored = cst.parse_statement(f"self.{name} = list({self.code(call).strip()})\n")
        return [
            (last, cst.FlattenSentinel([last, stored])),
            (call, cst.parse_expression(f"self.{name}")),
        ]

    def _of_settings(self, node: cst.BaseExpression, attrs: list[str]) -> bool:
        """Only ``self.<attr>`` reads, int literals, ``range`` / ``len`` of them and ``+ -``:
        what ``__init__`` can compute once the attributes are bound."""
        if isinstance(node, cst.Integer):
            return True
        if (
            isinstance(node, cst.Attribute)
            and isinstance(node.value, cst.Name)
            and node.value.value == "self"
        ):
            attrs.append(node.attr.value)
            return True
        if isinstance(node, cst.BinaryOperation) and isinstance(
            node.operator, (cst.Add, cst.Subtract)
        ):
            return self._of_settings(node.left, attrs) and self._of_settings(node.right, attrs)
        if isinstance(node, cst.Call):
            name = self.ctx.qualified_name(node.func)
            if name not in _ITERTOOLS and name not in ("builtins.range", "builtins.len"):
                return False
            return all(
                not a.star and a.keyword is None and self._of_settings(a.value, attrs)
                for a in node.args
            )
        return False
