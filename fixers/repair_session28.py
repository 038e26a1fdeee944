"""Repairs for compile / export findings torchlint reported without a fix (issue #23, session
28, b69 to b71; helper-256). Unsafe; each class says what it takes.

``CountBoundedRangeToFrozenLoop`` (TL102 / TL103): ``for _ in range(n)`` where ``n`` is a
count of a boolean tensor (``n = (x > t).sum()``, ``torch.count_nonzero(m)``, ``int(...)`` of
one), so never more than that tensor's number of elements -> ``for step in range(m.numel())``
with each value the loop carries frozen by ``torch.where(step >= n, old, new)``: the number of
steps is a size, fixed while tracing. Griffin-Lim with a data-chosen number of iterations.

``DictLookupPerElementToWhere`` (TL102 / TL103 / TL104): ``torch.tensor([self.table.get(int(i),
d) for i in ids])`` of a dict of int keys and int values -> a tensor of ``d`` and one
``torch.where`` per entry of the dict. A hot-id cache of a recommender.

``NumpyArithmeticToTorch`` (TL306): fixers/numpy_to_torch.py's round trip, also through
arithmetic of the array with a Python number (``np.clip(c * t.numpy(), 0, 1)``) and through
the inverse hyperbolic functions (``np.arctanh -> torch.atanh``). A Poincare ball's log map.

Left without a rewrite (the findings' messages say what to do by hand): a step count with no
bound known before the call (``ceil`` of an input's value, a ``while not done.all()`` decode, a
search radius from a prediction), outputs sized by the data (``nonzero`` pairs, a boolean-mask
selection, ``topk`` of a fill count, one prototype per label present, crops of data boxes), a
random draw that decides a branch (computing both would draw other random numbers).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind

from ._shared import annotated_parameter, assigned_names, fresh_name, variables_read
from ._tensor_exprs import is_bool_tensor, is_number
from .loop_break_freeze import (
    BreakOnTensorToFrozenLoop,
    _assignment,
    _line,
    _loads,
    _statement_binds,
)
from .numpy_to_torch import TABLE, NumpyToTorch, TorchFunction

# -- TL102: a loop counted by a tensor whose value has a bound known from shapes ---------------


class CountBoundedRangeToFrozenLoop(BreakOnTensorToFrozenLoop):
    """``for _ in range(n): <assignments>`` -> ``for step in range(BOUND): <assignments, each
    carried value kept once step >= n>``, taken where

    - ``n`` is a name bound once in the function, before the loop, to a count of a boolean
      tensor ``m`` (``m.sum()``, ``torch.sum(m)``, ``m.count_nonzero()``,
      ``torch.count_nonzero(m)``, no ``dim``; ``m`` a comparison, ``~``, ``&``, ``|`` of
      such as fixers/_tensor_exprs.py's ``is_bool_tensor`` reads it), so ``0 <= n <=
      m.numel()``, BOUND; no statement between the binding and the loop rebinds a name
      ``m`` reads, so ``m.numel()`` at the loop is the same size. A count made a Python int
      (``n = int(m.sum())``, ``m.sum().item()``: TL102 / TL103 there) whose one read is that
      ``range`` stays the 0-d tensor (the conversion goes);
    - the loop has no ``else``, its target is a name read nowhere after the loop, and its body
      holds only assignments (``x = e``, ``a, b = e``, ``x op= e``) as session 26's frozen
      ``break`` loop takes them: every name it assigns that is read after the loop or from a
      step before is a tensor before the loop (the carried values), the others are the step's
      temporaries, read only after their assignment in the same step; no carried value is
      rebuilt by an operation that changes its shape (``torch.cat``...).

    Eager: steps ``0 .. n-1`` compute what the original loop computed (``torch.where(False,
    old, new)`` is ``new``); the steps from ``n`` on compute values and drop them, every carried
    value keeping the one of step ``n - 1`` (of before the loop for ``n == 0``); the target and
    the temporaries are not read after the loop. torch.compile and torch.export see a loop of
    ``m.numel()`` steps (a size) and no tensor read into Python: checked on torch 2.13
    (tests/test_s28_repair.py, a Griffin-Lim phase loop). Unsafe: up to ``m.numel()`` steps run
    (their cost; errors or NaN they produce are computed and dropped, and gradients through
    ``torch.where``'s other branch are zeros, NaN where those values are not finite); an update
    that changes a carried value's dtype or shape is promoted or broadcast by ``torch.where``."""

    codes = ("TL102", "TL103")
    applicability = "unsafe"
    message = (
        "loop as many steps as the counted tensor has elements and keep the values once the "
        "count is reached (`torch.where(step >= n, old, new)`), instead of `range` of a tensor "
        "(every step's cost)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        call = self.parent(self.parent(node)) if isinstance(node, cst.Name) else node
        if isinstance(node, cst.Call) and _converted(self, node) is not None:
            call = self._range_of_binding(node)
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "builtins.range":
            return None
        loop = self.parent(call)
        if not isinstance(loop, cst.For) or loop.iter is not call or loop.orelse is not None:
            return None
        if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return None
        count = call.args[0].value
        function = self.enclosing_function(loop)
        block = loop.body
        if not isinstance(count, cst.Name) or function is None:
            return None
        if not isinstance(loop.target, cst.Name) or not isinstance(block, cst.IndentedBlock):
            return None
        counted = self._counted_tensor(function, loop, count)
        if counted is None:
            return None
        conversion = assignments(function, count.value)[0][0]
        inner = _converted(self, conversion)
        if inner is not None and self._range_of_binding(conversion) is not call:  # type: ignore[arg-type]
            return None  # the Python number is read elsewhere too
        steps: list[Optional[cst.BaseSmallStatement]] = []
        for statement in block.body:
            if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
                return None
            step = statement.body[0]
            if not _assignment(step) or count.value in assigned_names(step):
                return None
            steps.append(step)
        if loop.target.value != "_" and self._read_outside(function, loop, loop.target.value):
            return None
        carried, fresh = self._names(loop, steps, function, list(block.body))
        if carried is None or any(carried.values()):  # a value first bound in the loop
            return None
        if any(assigned_names(s) & set(carried) and self._grows(s) for s in steps if s):
            return None
        torch = self.import_module("torch")
        target = loop.target.value
        if target == "_":
            target = fresh_name(self, loop, "step")
        flag = fresh_name(self, loop, "done", taken={target})
        taken = {flag, target}
        body: list[cst.BaseStatement] = [_line(f"{flag} = {target} >= {count.value}", None)]
        for statement, step in zip(block.body, steps):
            assert step is not None
            lines = self._frozen(step, carried, fresh, flag, torch, taken, loop)
            body.extend(_line(text, statement if i == 0 else None) for i, text in enumerate(lines))
        spelled = self.code(counted.with_changes(lpar=[], rpar=[])).strip()
        if not isinstance(counted, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            spelled = f"({spelled})"
        bound = cst.parse_expression(f"range({spelled}.numel())")
        new_loop = loop.with_changes(
            target=cst.Name(target), iter=bound, body=block.with_changes(body=body)
        )
        replacements: list[Replacement] = [(loop, new_loop)]
        if inner is not None:  # `n = int(m.sum())`: n stays the 0-d tensor the loop compares
            assert isinstance(conversion, cst.Call)
            kept = inner.with_changes(lpar=conversion.lpar, rpar=conversion.rpar)
            replacements.append((conversion, kept))
        return replacements

    def _range_of_binding(self, conversion: cst.Call) -> Optional[cst.Call]:
        """``range(n)`` of ``n = int(...)`` / ``n = (...).item()`` where that ``range`` is the
        only read of ``n`` in the function."""
        assign = self.parent(conversion)
        function = self.enclosing_function(conversion)
        if not (
            isinstance(assign, cst.Assign)
            and assign.value is conversion
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and function is not None
        ):
            return None
        name = assign.targets[0].target.value
        reads = [n for n in _loads(function.body) if n.value == name]
        if len(reads) != 1:
            return None
        arg = self.parent(reads[0])
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if not isinstance(call, cst.Call) or len(call.args) != 1:
            return None
        return call

    def _counted_tensor(
        self, function: cst.FunctionDef, loop: cst.For, count: cst.Name
    ) -> Optional[cst.BaseExpression]:
        """The boolean tensor ``m`` whose count ``count`` is bound to once, before the loop in
        the loop's own block, with nothing in between rebinding what ``m`` reads."""
        bound = assignments(function, count.value)
        if len(bound) != 1 or bound[0][2] != 1:
            return None
        value = bound[0][0]
        counted = self._count_of(value)
        if counted is None:
            return None
        assign = self.parent(value)
        statement = self.parent(assign) if isinstance(assign, cst.Assign) else None
        block = self.parent(loop)
        if not isinstance(statement, cst.SimpleStatementLine) or not isinstance(
            block, cst.IndentedBlock
        ):
            return None
        body = list(block.body)
        if statement not in body or body.index(statement) > body.index(loop):
            return None
        read = {n.value for n in variables_read(counted)}
        between = body[body.index(statement) + 1 : body.index(loop)]
        if any(_statement_binds(s) & read for s in between):
            return None
        return counted

    def _count_of(self, value: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """``m`` of ``m.sum()`` / ``torch.sum(m)`` / ``m.count_nonzero()`` /
        ``torch.count_nonzero(m)`` (no other argument) of a boolean tensor ``m``, also inside
        ``int(...)`` / ``(...).item()``."""
        inner = _converted(self, value)
        if inner is not None:
            value = inner
        if not isinstance(value, cst.Call):
            return None
        func = value.func
        counted: Optional[cst.BaseExpression] = None
        if isinstance(func, cst.Attribute) and func.attr.value in ("sum", "count_nonzero"):
            if value.args:
                return None
            counted = func.value
        elif self.ctx.qualified_name(func) in ("torch.sum", "torch.count_nonzero"):
            if len(value.args) != 1 or value.args[0].keyword or value.args[0].star:
                return None
            counted = value.args[0].value
        if counted is None or not is_bool_tensor(self, counted) or _draws(counted):
            return None
        return counted


def _converted(fixer: Fixer, value: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``t`` of ``int(t)`` / ``t.item()``."""
    if not isinstance(value, cst.Call):
        return None
    func = value.func
    if isinstance(func, cst.Attribute) and func.attr.value == "item" and not value.args:
        return func.value
    if fixer.ctx.qualified_name(func) == "builtins.int" and len(value.args) == 1:
        arg = value.args[0]
        return None if arg.keyword or arg.star else arg.value
    return None


def _draws(expr: cst.CSTNode) -> bool:
    """A call whose value may differ when made twice (random draws): ``m`` is read again."""
    found = False

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nonlocal found
            func = node.func
            name = func.attr.value if isinstance(func, cst.Attribute) else ""
            if isinstance(func, cst.Name):
                name = func.value
            if "rand" in name or name in ("bernoulli", "multinomial", "normal", "dropout"):
                found = True

    expr.visit(_Calls())
    return found


# -- TL102: a dict of ints looked up per element of a tensor --------------------------------


class DictLookupPerElementToWhere(Fixer):
    """``out = torch.tensor([D.get(int(i), d) for i in ids])`` (``i.item()`` for ``int(i)``,
    or ``[D.get(v, d) for v in ids.tolist()]``) ->

    ::

        out = torch.full((ids.shape[0],), d, dtype=torch.int64, device=ids.device)
        keys = ids.reshape(ids.shape[0]).long()   # .item() / .tolist(): no .long()
        for key, value in D.items():
            out = torch.where(keys == key, value, out)

    taken where the statement is that one assignment to a name, the comprehension has one
    ``for`` over a tensor name and no ``if``, ``d`` is an int literal, and ``D`` is a dict
    display of int literal keys and values bound once (``self.NAME`` in ``__init__`` of the
    method's class, or a module-level name) that nothing in the file rebinds, stores into or
    calls a method of other than ``get``.

    Eager: ``int(i)`` truncates toward zero as ``.long()`` does, and ``i.item()`` (an element
    of ``.tolist()``) compares with the int keys as the tensor does (``3.0`` finds the key
    ``3``, ``3.5`` none); the keys are distinct, so the masks are disjoint and each element
    gets its key's value or ``d``, an int64 tensor as ``torch.tensor`` of Python ints. The dict
    is read when the call runs, as before; torch.compile and torch.export trace the loop over
    its entries (the dict is a constant) with no tensor read into Python: checked on torch 2.13
    (tests/test_s28_repair.py, a hot-id cache). Unsafe: an empty ``ids`` gave float32
    (``torch.tensor([])``) and gives int64; a NaN, or an element ``int()`` rejects, raised and
    now gives some key's value or ``d``; ``ids`` of shape ``(n, 1)`` gave lists to
    ``.tolist()``'s lookup (unhashable, raised) and now gives the lookup; the result is on
    ``ids``'s device (``torch.tensor`` made a CPU tensor)."""

    codes = ("TL102", "TL103", "TL104")
    applicability = "unsafe"
    message = (
        "look the dict's entries up with one `torch.where` per entry instead of converting each "
        "element to a Python int (an empty input gives int64, not float32)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Call):
            return None
        found = self._lookup(node)
        if found is None:
            return None
        get, element, ids, cast = found
        if any(n.value == element.value for n in variables_read(get) if n is not element):
            return None
        comp = self.parent(get)
        assert isinstance(comp, cst.ListComp)
        table = get.func.value
        if not self._int_dict(table):
            return None
        arg_of = self.parent(comp)
        wrapper = self.parent(arg_of) if isinstance(arg_of, cst.Arg) else None
        if not (
            isinstance(wrapper, cst.Call)
            and self.ctx.qualified_name(wrapper.func) == "torch.tensor"
            and len(wrapper.args) == 1
            and wrapper.args[0] is arg_of
            and not arg_of.keyword
        ):
            return None
        assign = self.parent(wrapper)
        line = self.parent(assign)
        if not (
            isinstance(assign, cst.Assign)
            and assign.value is wrapper
            and len(assign.targets) == 1
            and isinstance(assign.targets[0].target, cst.Name)
            and isinstance(line, cst.SimpleStatementLine)
            and len(line.body) == 1
        ):
            return None
        out = assign.targets[0].target.value
        torch = self.import_module("torch")
        name = ids.value
        keys, key, value = (
            fresh_name(self, line, "keys"),
            fresh_name(self, line, "key"),
            fresh_name(self, line, "value"),
        )
        if len({keys, key, value}) != 3:
            return None
        default = self.code(get.args[1].value).strip()
        indent = self.ctx.module.default_indent
        text = (
            f"{out} = {torch}.full(({name}.shape[0],), {default}, dtype={torch}.int64, "
            f"device={name}.device)\n"
            f"{keys} = {name}.reshape({name}.shape[0]){'.long()' if cast else ''}\n"
            f"for {key}, {value} in {self.code(table).strip()}.items():\n"
            f"{indent}{out} = {torch}.where({keys} == {key}, {value}, {out})\n"
        )
        statements = list(cst.parse_module(text).body)
        statements[0] = statements[0].with_changes(leading_lines=line.leading_lines)
        if line.trailing_whitespace.comment is not None:
            statements[0] = statements[0].with_changes(trailing_whitespace=line.trailing_whitespace)
        return [(line, cst.FlattenSentinel(statements))]

    def _lookup(self, node: cst.Call) -> Optional[tuple[cst.Call, cst.Name, cst.Name, bool]]:
        """``(D.get(...), i, ids, cast)`` of ``[D.get(int(i), d) for i in ids]`` (the finding
        at ``int(i)`` / ``i.item()``) or ``[D.get(v, d) for v in ids.tolist()]`` (at
        ``.tolist()``); ``cast``: ``int()`` truncates, the others compare as they are."""
        element, cast = self._converted(node)
        if element is not None:
            arg = self.parent(node)
            get = self.parent(arg) if isinstance(arg, cst.Arg) else None
        else:
            func = node.func
            if not (isinstance(func, cst.Attribute) and func.attr.value == "tolist"):
                return None
            if node.args or self.parent(node) is None:
                return None
            comp = self.parent(self.parent(node))
            if not isinstance(comp, cst.ListComp) or comp.for_in.iter is not node:
                return None
            get = comp.elt
            if not (isinstance(get, cst.Call) and get.args):
                return None
            arg = get.args[0]
            element = arg.value if isinstance(arg.value, cst.Name) else None
            if element is None:
                return None
        if not (
            isinstance(get, cst.Call)
            and isinstance(get.func, cst.Attribute)
            and get.func.attr.value == "get"
            and len(get.args) == 2
            and get.args[0] is arg
            and not any(a.keyword or a.star for a in get.args)
            and _int_literal(get.args[1].value)
        ):
            return None
        comp = self.parent(get)
        if not isinstance(comp, cst.ListComp) or comp.elt is not get:
            return None
        loop = comp.for_in
        if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None:
            return None
        if not (isinstance(loop.target, cst.Name) and loop.target.value == element.value):
            return None
        ids = loop.iter
        if ids is node:  # `ids.tolist()`
            ids = node.func.value  # type: ignore[attr-defined]
        if not isinstance(ids, cst.Name) or self.kind(ids) != Kind.TENSOR:
            return None
        return get, element, ids, cast

    def _converted(self, call: cst.Call) -> tuple[Optional[cst.Name], bool]:
        """``(i, True)`` for ``int(i)``, ``(i, False)`` for ``i.item()``."""
        if self.ctx.qualified_name(call.func) == "builtins.int":
            if len(call.args) == 1 and not call.args[0].keyword and not call.args[0].star:
                value = call.args[0].value
                if isinstance(value, cst.Name):
                    return value, True
            return None, False
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "item" and not call.args:
            if isinstance(func.value, cst.Name):
                return func.value, False
        return None, False

    def _int_dict(self, table: cst.BaseExpression) -> bool:
        """``table`` names a dict display of int literals bound once, used only by ``.get``."""
        if isinstance(table, cst.Attribute):
            if not (isinstance(table.value, cst.Name) and table.value.value == "self"):
                return False
            attr = table.attr.value
            values = self._self_bindings(table, attr)
        elif isinstance(table, cst.Name):
            attr = table.value
            values = self._module_bindings(attr)
        else:
            return False
        if values is None or len(values) != 1 or not _int_display(values[0]):
            return False
        # every other appearance of the name is `.get(` read
        uses = 0

        class _Uses(cst.CSTVisitor):
            def __init__(self, fixer: DictLookupPerElementToWhere) -> None:
                self.fixer = fixer
                self.bad = False

            def visit_Attribute(self, node: cst.Attribute) -> None:
                if isinstance(table, cst.Attribute) and node.attr.value == attr:
                    self.check(node)

            def visit_Name(self, node: cst.Name) -> None:
                if isinstance(table, cst.Name) and node.value == attr:
                    self.check(node)

            def check(self, node: cst.CSTNode) -> None:
                nonlocal uses
                uses += 1
                parent = self.fixer.parent(node)
                if isinstance(parent, cst.AssignTarget) or (
                    isinstance(parent, cst.AnnAssign) and parent.target is node
                ):
                    return  # the one binding (checked above)
                if isinstance(parent, cst.Attribute) and parent.attr.value == "get":
                    call = self.fixer.parent(parent)
                    if isinstance(call, cst.Call) and call.func is parent:
                        return
                self.bad = True

        visitor = _Uses(self)
        self.ctx.module.visit(visitor)
        return not visitor.bad

    def _self_bindings(self, table: cst.Attribute, attr: str) -> Optional[list[cst.BaseExpression]]:
        """The values bound to ``self.attr`` in the file (all in ``__init__`` of the class of
        the method reading it); None where one is bound elsewhere or otherwise."""
        found: list[cst.BaseExpression] = []
        bad = False
        method = self.enclosing_function(table)
        cls = self.parent(self.parent(method)) if method is not None else None
        if not isinstance(cls, cst.ClassDef):
            return None

        fixer = self

        class _Stores(cst.CSTVisitor):
            def visit_Attribute(self, node: cst.Attribute) -> None:
                nonlocal bad
                if node.attr.value != attr:
                    return
                parent = fixer.parent(node)
                target = None
                if isinstance(parent, cst.AssignTarget):
                    target = fixer.parent(parent)
                elif isinstance(parent, cst.AnnAssign) and parent.target is node:
                    target = parent
                elif isinstance(parent, (cst.AugAssign, cst.Del)):
                    bad = True
                    return
                if target is None:
                    return
                owner = fixer.enclosing_function(node)
                if (
                    owner is None
                    or owner.name.value != "__init__"
                    or fixer.parent(fixer.parent(owner)) is not cls
                    or not isinstance(target, (cst.Assign, cst.AnnAssign))
                    or target.value is None
                    or isinstance(target, cst.Assign)
                    and len(target.targets) != 1
                ):
                    bad = True
                    return
                found.append(target.value)

        self.ctx.module.visit(_Stores())
        return None if bad else found

    def _module_bindings(self, name: str) -> Optional[list[cst.BaseExpression]]:
        found: list[cst.BaseExpression] = []
        for statement in self.ctx.module.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if name not in assigned_names(small):
                    continue
                if isinstance(small, cst.Assign) and len(small.targets) == 1:
                    found.append(small.value)
                elif isinstance(small, cst.AnnAssign) and small.value is not None:
                    found.append(small.value)
                else:
                    return None
        # no function binds it (global statements, local shadows are left alone)
        for node in self.ctx.module.body:
            if isinstance(node, (cst.FunctionDef, cst.ClassDef)) and _binds_anywhere(node, name):
                return None
        return found


def _int_literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        expr = expr.expression
    return isinstance(expr, cst.Integer)


def _int_display(value: cst.BaseExpression) -> bool:
    if not isinstance(value, cst.Dict) or not value.elements:
        return False
    return all(
        isinstance(e, cst.DictElement) and _int_literal(e.key) and _int_literal(e.value)
        for e in value.elements
    )


def _binds_anywhere(root: cst.CSTNode, name: str) -> bool:
    found = False

    class _Binds(cst.CSTVisitor):
        def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
            nonlocal found
            found = found or name in {n.value for n in variables_read(node.target)}

        def visit_Global(self, node: cst.Global) -> None:
            nonlocal found
            found = found or any(n.name.value == name for n in node.names)

    root.visit(_Binds())
    return found


# -- TL306: NumPy round trip through arithmetic with a number ---------------------------------

_INVERSE_HYPERBOLIC = {
    "arctanh": TorchFunction("atanh"),
    "arcsinh": TorchFunction("asinh"),
    "arccosh": TorchFunction("acosh"),
}
_TABLE: dict[str, TorchFunction] = {**TABLE, **_INVERSE_HYPERBOLIC}
_ARITHMETIC = (cst.Multiply, cst.Divide, cst.Add, cst.Subtract)


class NumpyArithmeticToTorch(NumpyToTorch):
    """fixers/numpy_to_torch.py's rewrite of ``torch.from_numpy(np.F(t.numpy()))``, where the
    round trip also goes through

    - ``arctanh`` / ``arcsinh`` / ``arccosh`` -> ``torch.atanh`` / ``asinh`` / ``acosh`` (the
      same element-wise function, dtype and shape for a floating tensor);
    - ``c * t.numpy()``, ``t.numpy() / c`` (``* / + -``, either side) of a number ``c`` (a
      literal, a parameter annotated ``float`` / ``int``, a local name bound only to
      arithmetic of those) -> ``c * t``: NumPy keeps a float32 array's dtype with a Python float (NEP 50 and the
      value-based casting before it), as torch keeps the tensor's.

    Taken only where numpy_to_torch.py's own fixer does not apply. Eager: the same values up
    to the last bits (torch 2.13, tests/test_s28_repair.py: a Poincare ball's log map exports
    with eager unchanged). Unsafe, as numpy_to_torch.py says, and also: a caller passing a
    NumPy scalar for an annotated ``c: float`` (``np.float64``) made NumPy compute in float64,
    torch keeps float32; an integer tensor times a float gave float64 in NumPy and gives the
    default float dtype in torch."""

    codes = ("TL306",)

    table = _TABLE

    def _takes(self, call: cst.Call, entry: TorchFunction) -> bool:
        """The call or an array under it is one of this class's forms."""
        if entry in _INVERSE_HYPERBOLIC.values():
            return True
        found = False

        class _Forms(cst.CSTVisitor):
            def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
                nonlocal found
                found = True

            def visit_Call(self, node: cst.Call) -> None:
                nonlocal found
                qualified = fixer.ctx.qualified_name(node.func) or ""
                found = found or qualified.removeprefix("numpy.") in _INVERSE_HYPERBOLIC

        fixer = self
        if call.args:
            call.args[0].value.visit(_Forms())
        return found

    def _torch_of(self, array: cst.BaseExpression, removals: list[Replacement]) -> Optional[str]:
        if isinstance(array, cst.BinaryOperation) and isinstance(array.operator, _ARITHMETIC):
            left, right = array.left, array.right
            operator = self.code(array.operator).strip()
            if self._python_number(left):
                inner = self._operand(right, removals)
                return None if inner is None else f"{self.code(left).strip()} {operator} {inner}"
            if self._python_number(right):
                inner = self._operand(left, removals)
                return None if inner is None else f"{inner} {operator} {self.code(right).strip()}"
            return None
        # `t.numpy()` and table functions of arrays (this class's table).
        return super()._torch_of(array, removals)

    def _operand(self, array: cst.BaseExpression, removals: list[Replacement]) -> Optional[str]:
        """The torch spelling of an operand of arithmetic, parenthesized where it is some."""
        inner = self._torch_of(array, removals)
        if inner is not None and isinstance(array, cst.BinaryOperation):
            return f"({inner})"
        return inner

    def _python_number(self, expr: cst.BaseExpression, depth: int = 0) -> bool:
        """A Python int or float, surely: a literal, a parameter annotated ``float`` / ``int``,
        a local name bound only to such values, or arithmetic (``** * / + -``) of them. (An
        attribute or an unannotated name may hold an array or a NumPy scalar.)"""
        if is_number(expr):
            return True
        if depth > 4:
            return False
        if isinstance(expr, cst.BinaryOperation) and isinstance(
            expr.operator, (*_ARITHMETIC, cst.Power)
        ):
            return self._python_number(expr.left, depth + 1) and self._python_number(
                expr.right, depth + 1
            )
        if not isinstance(expr, cst.Name):
            return False
        function = self.enclosing_function(expr)
        if function is None:
            return False
        annotation = annotated_parameter(function, expr.value)
        if annotation is not None:
            return annotation in ("float", "int") and not assignments(function, expr.value)
        values = assignments(function, expr.value)
        return bool(values) and all(
            size == 1 and self._python_number(value, depth + 1) for value, _, size in values
        )


__all__ = [
    "CountBoundedRangeToFrozenLoop",
    "DictLookupPerElementToWhere",
    "NumpyArithmeticToTorch",
]
