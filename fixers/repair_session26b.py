"""Repairs for compile / export / trace findings torchlint reported without a fix (issue #23,
session 26, blind b69 and b70). Unsafe; the class says what it takes.

``BoolTestOfCountedWhile`` (TL102): ``while bool(<tensor test>) and step < n:`` under ``--target
trace``, where only the conversion is reported -> the bounded loop TL101's fix writes for
torch.compile and torch.export (``for _ in range(n):`` with each assignment selected on the
test), which the trace records step by step.

``BoolHelperTestToWhere`` (TL101 / TL102): ``if self.gate.is_uncertain(p): y = ...`` where the
method of the file returns ``bool(<boolean tensor>)`` and is called nowhere else in the file ->
the method returns the tensor (``-> torch.Tensor``) and the branch is TL101's ``torch.where``.

``IntPointerSliceWrite`` (TL102): a write pointer kept in a tensor, read as a Python number to
write a block into another tensor and then moved on (a MoCo key queue, a ring buffer, a KV
cache: ``start = int(self.ptr)``, ``self.queue[start : start + n] = keys``, ``self.ptr[0] =
(start + n) % size``) -> the pointer stays a tensor and the block is written through an index
tensor (``self.queue[start + torch.arange(n, device=start.device)] = keys``).

Left without a rewrite (no form keeps eager; the findings' messages say what to do by hand): a
list of tensors sorted by a number read from each (``sorted(outs, key=lambda t:
t.mean().item())``: a rewrite by ``torch.stack`` and ``argsort`` needs every element to have
one shape, which the file does not show), a branch on a draw (running both branches moves the
generator on), loops over ``torch.unique`` and ``while`` loops that stop
on the data (the number of steps is the data), and outputs whose size is a count of the data.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    local_callee,
    local_definition,
    names_in,
    self_class,
    single_assigned_name,
    variable_uses,
)
from .tensor_condition import (
    ItemConditionToWhere,
    TensorConditionToWhere,
    _truth_of,
    whole_test,
)

# Integer arithmetic that a 0-d int64 tensor does as Python ints do (floor division and a
# remainder with the divisor's sign, as torch does for integer tensors; checked on torch 2.13).
_INT_OPERATORS = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo)
_ATOMIC = (cst.Name, cst.Attribute, cst.Call, cst.Subscript)


class IntPointerSliceWrite(Fixer):
    """TL102 on ``start = int(p)`` (``p`` a one-element tensor: a buffer, a local) where every
    read of ``start`` is either the bounds of a block written into a tensor, ``t[start : start
    + n] = v`` (the block in any one dimension, the others whole: ``t[:, start : n + start] =
    v``, ``t[..., start : start + n] = v``), or integer arithmetic with numbers and sizes
    (``+ - * // %``) whose result is written back into the pointer (``p[0] = (start + n) %
    size``, ``p.fill_(start + n)``) -> ``start = p.reshape(()).long().clone()`` (a copy, so a
    later write into ``p`` does not move it) and each block written through an index tensor,
    ``t[start + torch.arange(n, device=start.device)] = v``: the same elements, the value
    broadcast as it was into the slice, and the pointer moved by the same integer arithmetic
    done in int64. Nothing reads tensor data into Python, so torch.compile keeps one graph and
    torch.export exports the buffer writes. Checked on torch 2.13: a MoCo queue and a KV cache
    compile with fullgraph and export, eager unchanged over successive calls (torch.jit.trace
    still differs from a fresh eager module: tracing runs forward once, which moves the pointer
    of the module it traces). Unsafe: a start that is negative or a block that runs past the
    end of the tensor, which the slice would cut short, now writes at wrapped positions or
    raises; a pointer holding a fraction or a value past int64 converts as ``.long()`` does."""

    codes = ("TL102",)
    applicability = "unsafe"
    message = (
        "keep the write pointer a tensor and write the block through an index tensor "
        "(`t[start + torch.arange(n)] = v`; unsafe: a negative start or a block past the end "
        "is no longer cut short)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "builtins.int":
            return None
        if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
            return None
        pointer = call.args[0].value
        if self.kind(pointer) != Kind.TENSOR:
            return None
        target = single_assigned_name(self, call)
        function = self.enclosing_function(call)
        if target is None or function is None:
            return None
        name = target.value
        if len(assignments(function, name)) != 1:
            return None
        uses = [u for u in variable_uses(self, function, name) if u is not target]
        if not uses:
            return None
        torch = self.import_module("torch")
        edits: list[Replacement] = []
        covered: set[int] = set()
        for use in uses:
            if id(use) in covered:
                continue
            block = self._block_write(use, name)
            if block is not None:
                piece, lower, upper, length = block
                covered.update({id(lower), id(upper)})
                index = f"{name} + {torch}.arange({self.code(length)}, device={name}.device)"
                edits.append((piece, cst.Index(value=cst.parse_expression(index))))
            elif self._written_back(use, pointer, function):
                covered.add(id(use))
            else:
                return None
        text = self.code(pointer)
        if not isinstance(pointer, _ATOMIC) or pointer.lpar:
            text = f"({text})"
        edits.append((call, f"{text}.reshape(()).long().clone()"))
        return edits

    def _block_write(
        self, use: cst.Name, name: str
    ) -> Optional[tuple[cst.Slice, cst.Name, cst.Name, cst.BaseExpression]]:
        """``t[..., use : use + n, ...] = v``: the slice, its two reads of ``name`` and ``n``."""
        piece = self.parent(use)
        if not isinstance(piece, cst.Slice) or piece.lower is not use or piece.step is not None:
            return None
        upper = piece.upper
        if not (isinstance(upper, cst.BinaryOperation) and isinstance(upper.operator, cst.Add)):
            return None
        if _is_name(upper.left, name) and not _reads(upper.right, name):
            other, length = upper.left, upper.right
        elif _is_name(upper.right, name) and not _reads(upper.left, name):
            other, length = upper.right, upper.left
        else:
            return None
        element = self.parent(piece)
        subscript = self.parent(element) if element is not None else None
        if not isinstance(element, cst.SubscriptElement) or not isinstance(
            subscript, cst.Subscript
        ):
            return None
        # the other dimensions whole (``:`` or ``...``): one index tensor then keeps the
        # block's dimension where the slice had it
        for rest in subscript.slice:
            if rest is element:
                continue
            if isinstance(rest.slice, cst.Slice):
                if rest.slice.lower or rest.slice.upper or rest.slice.step:
                    return None
            elif not (
                isinstance(rest.slice, cst.Index) and isinstance(rest.slice.value, cst.Ellipsis)
            ):
                return None
        store = self.parent(subscript)
        assign = self.parent(store) if store is not None else None
        if not (
            isinstance(store, cst.AssignTarget)
            and isinstance(assign, cst.Assign)
            and len(assign.targets) == 1
            and self.kind(subscript.value) == Kind.TENSOR
        ):
            return None
        assert isinstance(other, cst.Name)
        return piece, use, other, length

    def _written_back(
        self, use: cst.Name, pointer: cst.BaseExpression, function: cst.FunctionDef
    ) -> bool:
        """``use`` is an operand of integer arithmetic with numbers and sizes whose result is
        written into ``pointer`` (``p[...] = value``, ``p.fill_(value)``)."""
        node: cst.CSTNode = use
        parent = self.parent(node)
        while isinstance(parent, cst.BinaryOperation):
            if not isinstance(parent.operator, _INT_OPERATORS):
                return False
            other = parent.right if parent.left is node else parent.left
            if not self._integer(other):
                return False
            node, parent = parent, self.parent(parent)
        text = self.code(pointer)
        if isinstance(parent, cst.Assign) and parent.value is node and len(parent.targets) == 1:
            written = parent.targets[0].target
            return isinstance(written, cst.Subscript) and self.code(written.value) == text
        if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
            fill = self.parent(parent)
            return (
                isinstance(fill, cst.Call)
                and len(fill.args) == 1
                and isinstance(fill.func, cst.Attribute)
                and fill.func.attr.value == "fill_"
                and self.code(fill.func.value) == text
            )
        return False

    def _integer(self, node: cst.BaseExpression) -> bool:
        """An int literal, a size, or a setting that is not a float literal."""
        if isinstance(node, cst.Integer):
            return True
        if isinstance(node, (cst.Float, cst.Imaginary)):
            return False
        return self.kind(node) in (Kind.SIZE, Kind.CONST) and not _reads_float(node)


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _reads(node: cst.CSTNode, name: str) -> bool:
    found = False

    class _Find(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            nonlocal found
            found = found or n.value == name

    node.visit(_Find())
    return found


def _reads_float(node: cst.CSTNode) -> bool:
    found = False

    class _Find(cst.CSTVisitor):
        def visit_Float(self, n: cst.Float) -> None:
            nonlocal found
            found = True

        def visit_Call(self, n: cst.Call) -> None:
            nonlocal found
            found = found or (isinstance(n.func, cst.Name) and n.func.value == "float")

    node.visit(_Find())
    return found


class BoolTestOfCountedWhile(ItemConditionToWhere):
    """TL102 on ``bool(t)`` / ``t.item()`` in the test of ``i = 0`` + ``while <test> and i <
    n: <assignments>; i += 1``: the rewrite fixers/tensor_condition.py makes for TL101 there
    (``for _ in range(n):`` with each assignment selected by ``torch.where`` on the test, the
    counter gone), which ``ItemConditionToWhere`` makes for ``if`` and ternary tests but not
    for this loop. Under ``--target trace`` only the conversion is reported (the trace takes
    the number there), so TL101's fix never ran for trace. Once the test is false the names it
    reads keep their values, so it stays false, as the loop would have stopped: eager gives
    the same values, and the trace records ``n`` steps, right for every input. Checked on torch
    2.13: an adaptive-computation-time loop traces and matches eager on inputs that stop after
    different numbers of steps. Unsafe as TL101's fix is: every step runs its body (its cost,
    and errors a step after the stop would raise)."""

    codes = ("TL102", "TL103")
    message = (
        "run the loop its n steps and select each assignment with `torch.where` on the test "
        "(unsafe: the steps after the stop run, their values unused)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        test = whole_test(self, call)
        owner = self.parent(test)
        if not isinstance(owner, cst.While) or owner.test is not test:
            return None
        self._bindings = {}
        self._taken = set()
        found = self._bounded_while(owner)
        return found + list(self._bindings.values()) if found else None


class BoolHelperTestToWhere(TensorConditionToWhere):
    """TL101 on ``if self.m(x):`` / ``if self.sub.m(x):`` (TL102 on the ``bool(...)`` the
    method returns, which is all ``--target trace`` reports) where ``m`` is a method of a
    class of this file with one ``return``, ``return bool(t)`` of a boolean tensor ``t``, and
    that call is the only use of the name ``m`` in the file -> the method returns ``t`` (its
    ``-> bool`` annotation becomes ``-> torch.Tensor``) and the ``if`` becomes TL101's
    ``torch.where`` on it (fixers/tensor_condition.py: branches that assign names, or that
    return). The ``if`` takes the 0-d tensor's truth as it took the bool's, and ``torch.where``
    selects what the branch taken gave, so eager outputs are unchanged. Checked on torch 2.13:
    an active-learning gate on a submodule compiles with fullgraph, exports, traces and
    scripts, eager unchanged. Unsafe: a caller in another file gets a 0-d tensor where it got
    a bool (the same truth, but ``is True`` and ``json.dumps`` differ), and TL101's rewrite
    runs both branches."""

    codes = ("TL101", "TL102")
    message = (
        "return the boolean tensor from the helper and select with `torch.where` (unsafe: "
        "callers elsewhere get a 0-d tensor, and both branches run)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Call):
            return None
        self._bindings = {}
        self._taken = set()
        self._helper: Optional[tuple[cst.Call, cst.FunctionDef, cst.Call]] = None
        if "TL101" in diagnostic.code:
            site = node
        else:
            site = self._call_site(node)
            if site is None:
                return None
        helper = self._helper_of(site)
        if helper is None or (diagnostic.code != "TL101" and helper[1] is not node):
            return None
        self._helper = (site, *helper)
        test = whole_test(self, site)
        owner = self.parent(test)
        if not isinstance(owner, cst.If) or owner.test is not test:
            return None
        found = self._if(owner, allow_cond="trace" not in diagnostic.targets)
        if not found:
            return None
        definition, conversion = helper
        inner = conversion.args[0].value
        edits = [*found, *self._bindings.values(), (conversion, _bare_parens(inner, conversion))]
        returns = definition.returns
        if returns is not None:
            if self.ctx.qualified_name(returns.annotation) != "builtins.bool":
                return None
            torch = self.import_module("torch")
            edits.append((returns.annotation, cst.parse_expression(f"{torch}.Tensor")))
        return edits

    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        if self._helper is not None and test is self._helper[0]:
            return self.code(test).strip()
        return super()._condition(test)

    def _helper_of(self, site: cst.Call) -> Optional[tuple[cst.FunctionDef, cst.Call]]:
        """The method ``site`` calls, and the ``bool(t)`` of its one ``return``."""
        func = site.func
        if not isinstance(func, cst.Attribute):
            return None
        definition: Optional[cst.CSTNode] = None
        found = local_callee(self, site)
        if found is not None and found[1]:
            definition = found[0]
        elif (
            isinstance(func.value, cst.Attribute)
            and isinstance(func.value.value, cst.Name)
            and func.value.value.value == "self"
        ):
            owner = self_class(self, site)
            index = self.ctx.model.index
            held = index.attribute_marker(owner, func.value.attr.value) if owner else None
            method = index.find_method(held, func.attr.value) if held else None
            if method is not None:
                definition = local_definition(self, method[0])
        if not isinstance(definition, cst.FunctionDef):
            return None
        returns = _returns_of(definition)
        if len(returns) != 1 or not isinstance(returns[0].value, cst.Call):
            return None
        conversion = returns[0].value
        if self.ctx.qualified_name(conversion.func) != "builtins.bool":
            return None
        if _truth_of(self, conversion) is None:
            return None  # not a boolean tensor
        # the only use of the method's name in the file: nothing else expects a bool
        uses = [n for n in names_in(self.ctx.module) if n.value == definition.name.value]
        if len(uses) != 2:  # its ``def`` and this call
            return None
        return definition, conversion

    def _call_site(self, conversion: cst.Call) -> Optional[cst.Call]:
        """The one call, in an ``if`` test, of the method whose ``return`` is ``conversion``."""
        function = self.enclosing_function(conversion)
        if function is None:
            return None
        name = function.name.value
        uses = [n for n in names_in(self.ctx.module) if n.value == name and n is not function.name]
        if len(uses) != 1:
            return None
        attribute = self.parent(uses[0])
        call = self.parent(attribute) if isinstance(attribute, cst.Attribute) else None
        if not isinstance(call, cst.Call) or call.func is not attribute:
            return None
        return call


def _returns_of(function: cst.FunctionDef) -> list[cst.Return]:
    """The ``return`` statements of ``function`` itself (not of functions nested in it)."""
    found: list[cst.Return] = []

    class _Find(cst.CSTVisitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is function

        def visit_Lambda(self, node: cst.Lambda) -> bool:
            return False

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            return False

        def visit_Return(self, node: cst.Return) -> None:
            found.append(node)

    function.visit(_Find())
    return found


def _bare_parens(inner: cst.BaseExpression, outer: cst.Call) -> cst.BaseExpression:
    """``inner`` in the place of the call ``outer``: its own parentheses dropped, the call's
    kept."""
    return inner.with_changes(lpar=outer.lpar, rpar=outer.rpar)
