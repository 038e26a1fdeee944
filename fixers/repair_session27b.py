"""Repairs for compile / export findings torchlint reported without a fix (issue #23, session
27, b69 to b71; helper-249). Unsafe; the class says what it takes.

``SubscriptStoreToWhere`` (TL101): ``if cond: t[i] = v`` (a tensor condition, one store into
an element or slice of a tensor and nothing else, no ``else``) -> ``t[i] = torch.where(cond,
v, t[i])`` on every run: where ``cond`` is false the store writes back the values ``t[i]``
held, so ``t`` ends with the values it had; where it is true it gets ``v`` as before. Nothing
reads tensor data into Python: torch.compile keeps one graph and torch.export exports it.

``PropertyNumberToTensor`` (TL102 / TL103): ``float(self.p)`` / ``self.p.item()`` returned by a
``@property`` whose every read (``self.exponent``, in the class's own methods) goes where a 0-d
tensor gives the same values (fixers/scalar_to_tensor.py's uses, and the exponent of ``pow``)
-> the 0-d tensor (``self.p.detach().reshape(()).double()``), the property annotated
``torch.Tensor``. A GeM pooling's learnable exponent read through a property.

Left without a rewrite (the findings' messages say what to do by hand): outputs sized by the
data (``nonzero`` rows, a boolean-mask selection, one prototype per class present, a crop to
the foreground's bounding box), loops whose number of steps is a tensor's value (``range(n)``
of a count, ``ceil`` of a lead time), padding trimmed to the longest sequence, a random draw
that decides a branch, hooks registered in forward.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Replacement
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

from ._shared import assigned_names, is_docstring
from ._tensor_exprs import is_number
from .scalar_to_tensor import NumberToTensor, _Flow, _method, _operand
from .tensor_condition import TensorConditionToWhere, reported_test

# Augmented stores ``t[i] op= v`` and the operator they apply.
_AUGMENTED = {
    cst.AddAssign: "+",
    cst.SubtractAssign: "-",
    cst.MultiplyAssign: "*",
    cst.DivideAssign: "/",
}


class SubscriptStoreToWhere(TensorConditionToWhere):
    """``if cond: t[i] = v`` (``t[i] op= v`` for ``+ - * /``) -> ``t[i] = torch.where(cond,
    v, t[i])`` (``t[i] op v`` for the augmented form), taken where

    - ``cond`` reads as a boolean tensor as TL101's ``torch.where`` fix reads it (no ``.item()``
      binding to change elsewhere), the ``if`` has no ``elif`` / ``else`` and its block is that
      one store;
    - ``t`` is a name holding a tensor and the index holds no tensor and no call (integers,
      sizes, slices of those: ``labels[i]``, ``x[:, :k]``), so ``t[i]`` reads the same elements
      the store writes, as a view of the same shape;
    - ``v`` is a tensor or a number literal, with no call that changes something in place,
      draws random numbers or raises on some inputs (TL101's ``torch.where`` fix's test).

    Eager: ``t[i]`` is read before the store, so where ``cond`` is false the store copies the
    values back; ``v`` broadcast to ``t[i]``'s shape as the store broadcast it. Checked on torch
    2.13 (tests/test_s27_repair2.py): a per-case removal of small structures compiles with
    fullgraph and no break and exports, eager unchanged. Unsafe: ``v`` is computed on every
    run (its cost); ``torch.where`` promotes ``v`` and ``t[i]`` to a common dtype before the
    store casts back (integers past 2**24 that met a float32 ``v`` lose their last bits);
    the store now happens on every run, so a tensor autograd forbids writing into (a leaf that
    requires grad, an inference tensor) raises where ``cond`` was false, and autograd records
    the write."""

    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "store `torch.where(cond, new, old)` on every run instead of storing under a Python "
        "branch (unsafe: the new value is computed every time)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test, owner = reported_test(self, diagnostic)
        if not isinstance(owner, cst.If) or owner.test is not test or owner.orelse is not None:
            return None
        block = owner.body
        if not isinstance(block, cst.IndentedBlock) or len(block.body) != 1:
            return None
        line = block.body[0]
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        store = line.body[0]
        if isinstance(store, cst.Assign):
            if len(store.targets) != 1:
                return None
            target = store.targets[0].target
            operator = None
        elif isinstance(store, cst.AugAssign):
            target = store.target
            operator = _AUGMENTED.get(type(store.operator))
            if operator is None:
                return None
        else:
            return None
        if not isinstance(target, cst.Subscript) or not self._plain_index(target):
            return None
        value = store.value
        if not (self.kind(value) == Kind.TENSOR or is_number(value)) or not self._pure(value):
            return None
        self._bindings = {}
        self._taken = set()
        condition = self._condition(test)
        if condition is None or self._bindings:
            return None
        torch = self.import_module("torch")
        old = self.code(target).strip()
        new = self.code(value).strip()
        if operator is not None:
            new = f"{old} {operator} ({new})"
        text = f"{old} = {torch}.where({condition}, {new}, {old})\n"
        replaced = cst.parse_statement(text)
        assert isinstance(replaced, cst.SimpleStatementLine)
        comments = list(line.leading_lines)
        if block.header.comment is not None:  # the `if` line's comment stays on the line
            replaced = replaced.with_changes(trailing_whitespace=block.header)
        if line.trailing_whitespace.comment is not None:
            comments.append(cst.EmptyLine(comment=line.trailing_whitespace.comment))
        replaced = replaced.with_changes(leading_lines=[*owner.leading_lines, *comments])
        return [(owner, replaced)]

    def _plain_index(self, target: cst.Subscript) -> bool:
        """``t[i]`` of a tensor name, its index integers, sizes and slices of them."""
        if not isinstance(target.value, cst.Name) or self.kind(target.value) != Kind.TENSOR:
            return False
        parts: list[cst.BaseExpression] = []
        for element in target.slice:
            part = element.slice
            if isinstance(part, cst.Index):
                if part.star is not None:
                    return False
                parts.append(part.value)
            elif isinstance(part, cst.Slice):
                parts.extend(p for p in (part.lower, part.upper, part.step) if p is not None)
        for part in parts:
            if self._has_call(part):
                return False
            if isinstance(part, cst.Name) and part.value == "None":
                continue
            if self.kind(part) not in (Kind.CONST, Kind.SIZE) and not is_number(part):
                return False
        return True

    @staticmethod
    def _has_call(expr: cst.BaseExpression) -> bool:
        found = False

        class _Calls(cst.CSTVisitor):
            def visit_Call(self, node: cst.Call) -> None:
                nonlocal found
                found = True

        expr.visit(_Calls())
        return found


class PropertyNumberToTensor(NumberToTensor):
    """``return float(self.p)`` (``self.p.item()``) as the whole body of a ``@property``
    (a docstring allowed) -> ``return self.p.detach().reshape(()).double()`` (``.detach()``
    alone for ``.item()``; no ``.reshape(())`` where the tensor is surely 0-d), its ``-> float``
    annotation -> ``torch.Tensor``, taken where the class reads the property only as
    ``self.NAME`` in its other methods, nothing else in the file names an attribute ``NAME``,
    the class defines ``NAME`` once (no setter), and every read goes where a 0-d tensor gives
    the same values: the uses fixers/scalar_to_tensor.py follows (arithmetic with tensors and
    numbers, comparisons with tensors, size and value arguments, names bound to it), and the
    exponent of ``t.pow(e)`` / ``torch.pow(t, e)`` of a tensor ``t``. Then nothing reads tensor
    data into Python: torch.compile keeps one graph and torch.export exports it (checked on
    torch 2.13, tests/test_s27_repair2.py: a GeM pooling with its exponent read through a
    property, eager unchanged). ``.double()`` keeps Python's float: arithmetic on the number
    alone is done in float64 as before, and a float32 tensor it meets keeps its dtype (a 0-d
    tensor does not promote it). Unsafe: ``pow`` with a tensor exponent takes the general path
    (last-bit differences from the scalar one); ``.detach()`` keeps the gradient out as the
    conversion did; a caller outside the class that read the property (another object's
    ``model.pool.exponent``) now gets a tensor; ``int(...)`` is left to other fixes."""

    codes = ("TL102", "TL103")
    message = (
        "return the 0-d tensor from the property instead of a Python number (float64 for "
        "float()), so its readers keep the arithmetic in the graph"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        conversion = self._conversion(call)
        if conversion is None or conversion[1] == "int":
            return None
        tensor, cast = conversion
        returned = self.parent(call)
        if not isinstance(returned, cst.Return) or returned.value is not call:
            return None
        function = self.enclosing_function(call)
        if function is None or not self._property_returning(function, returned):
            return None
        reads = self._reads(function)
        if not reads:
            return None
        flow = _Flow()
        if not all(self._value_flows(read, flow) for read in reads):
            return None
        annotation = function.returns
        if annotation is not None:
            spelled = annotation.annotation
            if not (isinstance(spelled, cst.Name) and spelled.value == "float"):
                return None
            torch = self.import_module("torch")
            flow.rewrites.append((spelled, cst.parse_expression(f"{torch}.Tensor")))
        value: cst.BaseExpression = _method(_operand(tensor), "detach")
        if not self._zero_dim(tensor):
            value = _method(value, "reshape", cst.Tuple([]))
        if cast == "float":
            value = _method(value, "double")  # Python's float is a double
        new = value.with_changes(lpar=call.lpar, rpar=call.rpar) if call.lpar else value
        return self._with_rewrites([(call, new)], flow)

    def _property_returning(self, function: cst.FunctionDef, returned: cst.Return) -> bool:
        """``function`` is a plain ``@property`` of a class whose body is the return (after a
        docstring), with ``self`` its only parameter."""
        if len(function.decorators) != 1:
            return False
        decorator = function.decorators[0].decorator
        if self.ctx.qualified_name(decorator) != "builtins.property":
            return False
        params = function.params
        if len(params.params) != 1 or params.kwonly_params or params.posonly_params:
            return False
        if isinstance(params.star_arg, cst.Param) or isinstance(params.star_kwarg, cst.Param):
            return False
        body = list(function.body.body) if isinstance(function.body, cst.IndentedBlock) else []
        if body and is_docstring(body[0]):
            body = body[1:]
        return (
            len(body) == 1
            and isinstance(body[0], cst.SimpleStatementLine)
            and len(body[0].body) == 1
            and body[0].body[0] is returned
            and isinstance(self.parent(self.parent(function)), cst.ClassDef)
        )

    def _reads(self, function: cst.FunctionDef) -> list[cst.Attribute]:
        """The ``self.NAME`` reads of the property in its class's other methods; empty where
        another attribute of that name appears in the file, or the class binds ``NAME`` again."""
        cls = self.parent(self.parent(function))
        assert isinstance(cls, cst.ClassDef)
        name = function.name.value
        owners = [
            s
            for s in cls.body.body
            if isinstance(s, cst.FunctionDef)
            and s.name.value == name
            or isinstance(s, cst.SimpleStatementLine)
            and any(name in assigned_names(small) for small in s.body)
        ]
        if owners != [function]:
            return []
        reads: list[cst.Attribute] = []
        foreign = [False]

        def enter(node: cst.CSTNode) -> None:
            if isinstance(node, cst.Attribute) and node.attr.value == name:
                method = self.enclosing_function(node)
                outer = self.parent(self.parent(method)) if method is not None else None
                if (
                    isinstance(node.value, cst.Name)
                    and node.value.value == "self"
                    and outer is cls
                    and method is not function
                    and not stored_subscript_or_target(self, node)
                ):
                    reads.append(node)
                else:
                    foreign[0] = True

        walk(self.ctx.module, enter, lambda node: None)
        return [] if foreign[0] else reads

    def _takes_tensor(self, call: cst.Call, arg: cst.Arg) -> bool:
        """Also the exponent of ``t.pow(e)`` / ``torch.pow(t, e)`` of a tensor ``t``."""
        if super()._takes_tensor(call, arg):
            return True
        if arg.keyword is not None or arg.star:
            return False
        position = list(call.args).index(arg)
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "pow" and position == 0:
            return self.kind(func.value) == Kind.TENSOR
        if self.ctx.qualified_name(func) == "torch.pow" and position == 1:
            return self.kind(call.args[0].value) == Kind.TENSOR
        return False


def stored_subscript_or_target(
    fixer: TensorConditionToWhere | NumberToTensor, node: cst.Attribute
) -> bool:
    """``node`` is stored to (``self.NAME = ...``, ``del self.NAME``)."""
    parent = fixer.parent(node)
    if isinstance(parent, (cst.AssignTarget, cst.Del)):
        return True
    return isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and parent.target is node
