"""Repairs for compile findings torchlint reported without a fix, or did not report (issue #23,
session 31, b72 to b74; helper-282). Each class says what it takes and how safe it is.

``DivmodOfSymbolicSize`` (TL326, safe): ``divmod(n, k)`` of a tensor's size -> ``(n // k, n %
k)``. Dynamo has no symbolic ``divmod``: once the size varies between calls,
``torch.compile(fullgraph=True)`` raises (Observed exception, TypeError) where ``//`` and ``%``
stay symbolic. Framing a waveform into hops, laying action logits out on a grid.

``AppendBranchToWhere`` (TL101, unsafe): ``if <tensor test>: out.append(A)`` ``else:
out.append(B)`` -> ``out.append(torch.where(test, A, B))``: one value appended on every path,
selected element by element. A gated task head that falls back to its prior.

Left without a rewrite (the findings' messages say what to do by hand): outputs sized by the
data (a segment count read from the ids, ``unique``, ``nonzero``, a top-k whose k is counted
from the data, a boolean-mask selection, a decode length set by the largest horizon), an
adaptive-step ODE loop on Python floats, a ``pack_padded_sequence`` of data lengths.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    class_methods,
    fresh_name,
    is_docstring,
    self_attribute_of_class,
    set_once_in_init,
    single_assigned_name,
    variable_uses,
)
from .repair_session25 import _calls_in
from .repair_session29 import _attributes
from .repair_session30 import StepCountLoopToWhileLoop, _scripted
from .tensor_condition import (
    TensorConditionToWhere,
    _bare,
    _small_statements,
    reported_test,
    statement_comments,
)
from .trace_size_tensor import DivmodOfSize

# -- TL326: divmod of a size -> (n // k, n % k) --------------------------------------------------


class DivmodOfSymbolicSize(DivmodOfSize):
    """``divmod(n, k)`` (TL326: an operand is a tensor's size) -> ``(n // k, n % k)``, where
    each operand is read again with no side effect and is surely a Python int in eager: an int
    literal, a size read off a name or attribute chain (``x.shape[-1]``, ``x.size(1)``), a
    local name whose kind is a size, arithmetic of those, or ``self.k`` bound once in
    ``__init__`` to an int literal or an ``int`` parameter.

    Safe: for ints ``divmod(n, k)`` is ``(n // k, n % k)`` by definition (the same floor and
    sign rules, ``ZeroDivisionError`` for ``k == 0`` either way), in Python and in TorchScript
    (which compiles both spellings); under ``torch.jit.trace`` a size is a 0-d tensor, for
    which ``divmod`` raised and ``//`` / ``%`` record the size. torch.compile (checked on torch
    2.13, tests/test_s31_repair.py) then keeps the pair symbolic when the size varies between
    calls, where ``divmod`` raised under ``fullgraph=True``."""

    codes = ("TL326",)
    applicability = "safe"
    message = "spell it `(n // k, n % k)`, which Dynamo keeps symbolic"

    def _operand_text(self, expr: cst.BaseExpression) -> str:
        text = self.code(expr).strip()
        return f"({text})" if isinstance(expr, cst.BinaryOperation) and not expr.lpar else text

    def _operand(self, expr: cst.BaseExpression) -> bool:
        """``expr`` is an int in eager and reads nothing that changes when read again."""
        if isinstance(expr, cst.Integer):
            return True
        if isinstance(expr, cst.BinaryOperation):
            return (
                isinstance(expr.operator, (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide))
                and self._operand(expr.left)
                and self._operand(expr.right)
            )
        if isinstance(expr, cst.Name):
            return self.kind(expr) == Kind.SIZE
        if isinstance(expr, cst.Subscript):  # x.shape[i]
            return (
                isinstance(expr.value, cst.Attribute)
                and expr.value.attr.value == "shape"
                and _reference(expr.value.value)
                and len(expr.slice) == 1
                and isinstance(expr.slice[0].slice, cst.Index)
                and _int_literal(expr.slice[0].slice.value)
            )
        if isinstance(expr, cst.Call):  # x.size(i)
            return (
                isinstance(expr.func, cst.Attribute)
                and expr.func.attr.value == "size"
                and _reference(expr.func.value)
                and len(expr.args) == 1
                and not expr.args[0].keyword
                and _int_literal(expr.args[0].value)
            )
        found = self_attribute_of_class(self, expr)
        if found is None:
            return False
        attr, cls = found
        init = next((m for m in class_methods(cls) if m.name.value == "__init__"), None)
        return init is not None and set_once_in_init(
            self, cls, init, attr, "int", lambda v: isinstance(v, cst.Integer)
        )


def _reference(node: cst.BaseExpression) -> bool:
    """A name or an attribute chain of names (read again with no side effect)."""
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def _int_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


# -- TL101: a tensor branch appending to a list -> append a torch.where --------------------------


class AppendBranchToWhere(TensorConditionToWhere):
    """``if <tensor test>: L.append(A)`` / ``elif <tensor test>: L.append(B)`` / ``else:
    L.append(C)`` (TL101), each branch that one statement on the same list ``L`` (a name or
    attribute chain), ``A``, ``B``, ``C`` tensors or number literals (at least one a tensor)
    that are safe to compute where their branch was not taken (no in-place call, no random
    draw, no function that raises on a singular matrix: ``TensorConditionToWhere``'s tests),
    the tests tensor conditions that fixer reads (``g.mean() < 0.5``) ->
    ``L.append(torch.where(test, A, torch.where(test2, B, C)))``.

    Eager: one element is appended on every path, as before, holding the taken branch's value
    element by element. torch.compile and torch.export take the selection into the graph
    where the branch on a tensor broke it (checked on torch 2.13, tests/test_s31_repair.py: a
    gated multi-task head). Unsafe, as ``torch.where`` is: every branch is computed (its cost,
    an error the untaken one would raise), and branches of different shapes or dtypes are
    broadcast and promoted together, where eager appended the taken one as it was; the value
    carries the gradient of both sides' graph (zero for the side not taken)."""

    codes = ("TL101",)
    applicability = "unsafe"
    message = "append one value selected with `torch.where` instead of branching on a tensor"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test, owner = reported_test(self, diagnostic)
        self._bindings = {}
        self._taken = set()
        if not isinstance(owner, cst.If) or owner.test is not test:
            return None
        if not isinstance(self.parent(owner), (cst.IndentedBlock, cst.Module)):
            return None  # an ``elif``: the ``if`` it belongs to rewrites the whole chain
        tests: list[cst.BaseExpression] = []
        values: list[cst.BaseExpression] = []
        target: Optional[str] = None
        current: Optional[cst.CSTNode] = owner
        while current is not None:
            body = current.body  # type: ignore[attr-defined]
            value, appended = _appended(self, body)
            if value is None or (target is not None and appended != target):
                return None
            target = appended
            values.append(value)
            if isinstance(current, cst.If):
                tests.append(current.test)
                current = current.orelse
            else:
                current = None
        if len(values) != len(tests) + 1:
            return None  # no ``else``: nothing is appended on the path past every test
        if not self._values(*values):
            return None
        conditions = [self._condition(t) for t in tests]
        if any(c is None for c in conditions):
            return None
        selected = self._select(conditions, [_bare(self, v) for v in values])  # type: ignore[arg-type]
        header, comments = statement_comments(owner)
        line = f"{target}.append({selected})"
        return [
            (owner, self._statements(owner, [line], header, comments)),
            *self._bindings.values(),
        ]


def _appended(fixer: Fixer, body: cst.BaseSuite) -> tuple[Optional[cst.BaseExpression], str]:
    """The value and the list of a block that is one ``L.append(value)`` statement."""
    statements = _small_statements(body)
    if statements is None or len(statements) != 1 or not isinstance(statements[0], cst.Expr):
        return None, ""
    call = statements[0].value
    if not (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "append"
        and _reference(call.func.value)
        and len(call.args) == 1
        and not call.args[0].keyword
        and not call.args[0].star
    ):
        return None, ""
    if fixer.kind(call.func.value) not in (Kind.TENSORS, Kind.UNKNOWN, Kind.CONST):
        return None, ""
    return call.args[0].value, fixer.code(call.func.value).strip()


# -- TL102: a list of argmax picks as Python ints -> a list of 0-d tensors -----------------------

_PICKS = frozenset({"argmax", "argmin"})


class PickListToTensors(Fixer):
    """``picked = [int(t.argmax())]`` (TL102: the conversion) in a function that uses the list
    ``picked`` only

    - as ``picked.append(int(u.argmax()))``,
    - as the whole index of a tensor, or one element of it (``sim[:, picked]``, ``mmr[picked]
      = -1e9``), read or stored,
    - as ``torch.tensor(picked)`` (one argument),
    - as ``len(picked)``,

    where every element is ``int(E)`` or ``E.item()`` of ``E`` an ``argmax`` / ``argmin`` (the
    tensor method or the torch function) without ``keepdim``, and ``picked`` is bound once ->
    the elements kept as the 0-d int64 tensors ``E`` (``picked = [t.argmax()]``,
    ``picked.append(u.argmax())``), each index ``torch.stack(picked)`` and
    ``torch.tensor(picked)`` -> ``torch.stack(picked)``. A greedy selection: maximal marginal
    relevance, farthest-point sampling.

    Eager: the same picks (``int`` of an int64 tensor is its value; where ``int`` succeeded the
    argmax had one element, so with no ``keepdim`` it is 0-d); a tensor index of int64 values
    selects what the list of the same ints did (advanced indexing either way, a one-element
    list included); ``torch.stack`` gives the int64 vector ``torch.tensor`` built. torch.compile
    and torch.export then keep the picks in the graph where each ``int()`` broke it (checked on
    torch 2.13, tests/test_s31_repair.py). Unsafe: the result lives on the picks' device where
    ``torch.tensor`` made a CPU tensor, and code reading an element as an int (``picked[0] +
    1`` elsewhere) would get a tensor; neither is among the uses above, but a caller of the
    returned tensor sees the device change."""

    codes = ("TL102",)
    applicability = "unsafe"
    message = (
        "keep the picks as 0-d tensors (`t.argmax()`) and index with `torch.stack(picked)`, "
        "which compile and export keep in the graph"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Call) or self._pick(node) is None:
            return None
        function = self.enclosing_function(node)
        if function is None:
            return None
        name = self._list_name(node)
        if name is None:
            return None
        bound = assignments(function, name)
        if len(bound) != 1 or not isinstance(bound[0][0], cst.List) or bound[0][1:] != (0, 1):
            return None
        display = bound[0][0]
        if not display.elements:
            return None
        replacements: list[Replacement] = []
        for element in display.elements:
            if not isinstance(element, cst.Element):
                return None
            pick = self._pick(element.value)
            if pick is None:
                return None
            replacements.append((element.value, pick))
        torch = self.import_module("torch")
        stacked = f"{torch}.stack({name})"
        for use in variable_uses(self, function.body, name):
            parent = self.parent(use)
            if isinstance(parent, cst.AssignTarget) and self.parent(parent) is self.parent(display):
                continue  # the binding
            if isinstance(parent, cst.Attribute) and parent.value is use:
                call = self.parent(parent)
                if not (
                    parent.attr.value == "append"
                    and isinstance(call, cst.Call)
                    and call.func is parent
                    and len(call.args) == 1
                    and not call.args[0].keyword
                    and not call.args[0].star
                ):
                    return None
                pick = self._pick(call.args[0].value)
                if pick is None:
                    return None
                replacements.append((call.args[0].value, pick))
                continue
            if isinstance(parent, cst.Index) and parent.value is use and not parent.star:
                element = self.parent(parent)
                subscript = self.parent(element) if element is not None else None
                if (
                    not isinstance(subscript, cst.Subscript)
                    or self.kind(subscript.value) != Kind.TENSOR
                ):
                    return None
                replacements.append((use, cst.parse_expression(stacked)))
                continue
            if isinstance(parent, cst.Arg) and parent.value is use and not parent.keyword:
                call = self.parent(parent)
                if not isinstance(call, cst.Call) or len(call.args) != 1 or parent.star:
                    return None
                callee = self.ctx.qualified_name(call.func)
                if callee == "builtins.len":
                    continue
                if callee == "torch.tensor":
                    replacements.append((call, cst.parse_expression(stacked)))
                    continue
            return None
        return replacements

    def _list_name(self, node: cst.Call) -> Optional[str]:
        """The list ``node`` is an element of (``[int(...)]`` bound to a name) or is appended
        to (``picked.append(int(...))``)."""
        parent = self.parent(node)
        if isinstance(parent, cst.Element):
            display = self.parent(parent)
            target = single_assigned_name(self, display) if isinstance(display, cst.List) else None
            return target.value if target is not None else None
        if isinstance(parent, cst.Arg):
            call = self.parent(parent)
            if (
                isinstance(call, cst.Call)
                and isinstance(call.func, cst.Attribute)
                and call.func.attr.value == "append"
                and isinstance(call.func.value, cst.Name)
            ):
                return call.func.value.value
        return None

    def _pick(self, expr: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``E`` of ``int(E)`` / ``E.item()`` with ``E`` an argmax / argmin without keepdim."""
        if not isinstance(expr, cst.Call):
            return None
        if (
            self.ctx.qualified_name(expr.func) == "builtins.int"
            and len(expr.args) == 1
            and not expr.args[0].keyword
            and not expr.args[0].star
        ):
            inner = expr.args[0].value
        elif (
            isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "item"
            and not expr.args
        ):
            inner = expr.func.value
        else:
            return None
        if not isinstance(inner, cst.Call) or any(
            a.star or (a.keyword is not None and a.keyword.value == "keepdim") for a in inner.args
        ):
            return None
        positional = sum(1 for a in inner.args if a.keyword is None)
        qualified = self.ctx.qualified_name(inner.func) or ""
        if qualified in {f"torch.{p}" for p in _PICKS}:
            return inner.with_changes(lpar=(), rpar=()) if positional <= 2 else None
        func = inner.func
        if (
            isinstance(func, cst.Attribute)
            and func.attr.value in _PICKS
            and self.kind(func.value) == Kind.TENSOR
            and positional <= 1  # the dim at most: keepdim is the second
        ):
            return inner.with_changes(lpar=(), rpar=())
        return None


# -- TL112: str() of a size -> an f-string --------------------------------------------------------


class StrOfSizeToFString(Fixer):
    """``str(n)`` (TL112: graph code turns a size into a string) of a tensor's size ``n`` (its
    kind is a size: ``x.shape[-1]``, ``h // w``, a name bound to one) -> ``f"{n}"``, where the
    call is not inside an f-string and ``n`` holds no string literal or brace.

    Safe: a size is a Python int in eager and under TorchScript, and for an int the f-string's
    ``format(n, "")`` is ``str(n)`` (TorchScript compiles both; torch 2.13 checked in
    tests/test_s31_repair.py). torch.compile formats a symbolic size in an f-string (the text
    guards on its value, a recompile for another one), where ``str()`` of it raised under
    ``fullgraph=True`` (Failed to trace builtin operator) once the size varied between calls:
    a ``ModuleDict`` of heads looked up by the scale factor worked out from the sizes. Under
    ``torch.jit.trace`` a size is a 0-d tensor, whose ``str`` is ``"tensor(2)"`` where the
    f-string writes ``2`` (the tensor's ``__format__`` of its value, the example's, with a
    TracerWarning)."""

    codes = ("TL112",)
    applicability = "safe"
    message = "write the size with an f-string (`f'{n}'`), which Dynamo formats symbolically"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if (
            not isinstance(call, cst.Call)
            or self.ctx.qualified_name(call.func) != "builtins.str"
            or len(call.args) != 1
            or call.args[0].keyword
            or call.args[0].star
        ):
            return None
        value = call.args[0].value
        if self.kind(value) != Kind.SIZE:
            return None
        if any(isinstance(a, cst.FormattedString) for a in self.ancestors(call)):
            return None
        text = self.code(value.with_changes(lpar=(), rpar=())).strip()
        if any(c in text for c in "{}'\"\n\\#"):
            return None
        return [(call, cst.parse_expression(f'f"{{{text}}}"'))]


# -- TL102 / TL103: a step count read in a property -> torch's while_loop ------------------------


class PropertyStepCountToWhileLoop(StepCountLoopToWhileLoop):
    """A ``@property`` ``P`` of a class whose body is ``return int(X)`` or ``return
    int(X.item())`` (the finding: the conversion, or the ``.item()`` in it) with ``X`` a tensor
    read off ``self`` (``self.iters``, a buffer loaded with the checkpoint), where the file
    reads ``.P`` once, as ``for _ in range(self.P):`` in a method of the class, a loop
    ``StepCountLoopToWhileLoop`` takes (its body only rebinds tensors to local names, the step
    variable unread, no ``else``), not compiled by TorchScript -> that loop kept under ``if
    torch.is_grad_enabled():``, with ``else:`` ``steps = X.long()`` and the loop run by
    ``torch._higher_order_ops.while_loop`` while ``step < steps`` (repair_session30's
    spelling). The property stays for other callers.

    Eager: ``.long()`` truncates toward zero as ``int`` does, so the body runs as many times on
    the same values; with gradients recorded the Python loop runs as before. Under
    ``torch.no_grad()`` torch.compile (no graph break) and torch.export take the loop whatever
    the stored count (checked on torch 2.13, tests/test_s31_repair.py: Wiener-like refinement
    iterations kept in a buffer), where the ``.item()`` broke the graph. Unsafe, as
    ``StepCountLoopToWhileLoop`` is: each carried value must keep its shape and dtype from
    step to step, eager without gradients runs the loop through Dynamo, TorchScript cannot
    compile it. Where trace is a target too (every back-end, by default) the fix brings TL320
    and ``torchlint fix`` drops it: it repairs with ``--target compile`` / ``--target
    export``."""

    codes = ("TL102", "TL103")
    applicability = "unsafe"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Call):
            return None
        prop = self.enclosing_function(node)
        cls = self.parent(self.parent(prop)) if prop is not None else None
        if prop is None or not isinstance(cls, cst.ClassDef) or not _is_property(prop):
            return None
        tensor = self._stored_count(prop)
        if tensor is None or not any(n is node for n in _calls_in(prop)):
            return None
        uses = [
            a
            for a in _attributes(self.ctx.module, prop.name.value)
            if not (isinstance(a.value, cst.Name) and a.value.value == "cls")
        ]
        if len(uses) != 1 or self_attribute_of_class(self, uses[0]) is None:
            return None
        use = uses[0]
        arg = self.parent(use)
        if not isinstance(arg, cst.Arg):
            return None
        loop = self._loop_of_range(self.parent(arg))
        function = self.enclosing_function(use)
        if loop is None or function is None or _scripted(self, loop):
            return None
        if (
            next((a for a in self.ancestors(function) if isinstance(a, cst.ClassDef)), None)
            is not cls
        ):
            return None
        torch = self.import_module("torch")
        steps = fresh_name(self, loop, "steps", "n_steps")
        counted = cst.parse_statement(f"{steps} = {self.code(tensor).strip()}.long()\n")
        rewritten = self._while_loop(loop, function, steps, torch, counted)
        return None if rewritten is None else [(loop, rewritten)]

    def _stored_count(self, prop: cst.FunctionDef) -> Optional[cst.BaseExpression]:
        """``X`` of the property's one statement ``return int(X)`` / ``return int(X.item())``,
        ``X`` a tensor read off ``self`` (an attribute chain)."""
        body = prop.body
        if not isinstance(body, cst.IndentedBlock):
            return None
        statements = [s for s in body.body if not is_docstring(s)]
        if len(statements) != 1 or not isinstance(statements[0], cst.SimpleStatementLine):
            return None
        small = statements[0].body
        if len(small) != 1 or not isinstance(small[0], cst.Return):
            return None
        value = small[0].value
        if not (
            isinstance(value, cst.Call)
            and self.ctx.qualified_name(value.func) == "builtins.int"
            and len(value.args) == 1
            and not value.args[0].keyword
            and not value.args[0].star
        ):
            return None
        inner = value.args[0].value
        if (
            isinstance(inner, cst.Call)
            and isinstance(inner.func, cst.Attribute)
            and inner.func.attr.value == "item"
            and not inner.args
        ):
            inner = inner.func.value
        chain = inner
        while isinstance(chain, cst.Attribute):
            chain = chain.value
        if not (isinstance(chain, cst.Name) and chain.value == "self" and inner is not chain):
            return None
        return inner if self.kind(inner) == Kind.TENSOR else None


def _is_property(function: cst.FunctionDef) -> bool:
    return any(
        isinstance(d.decorator, cst.Name) and d.decorator.value == "property"
        for d in function.decorators
    )
