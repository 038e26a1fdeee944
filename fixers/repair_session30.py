"""Repairs for compile / export findings torchlint reported without a fix (issue #23, session
30, b63 to b71; helper-275). Unsafe; each class says what it takes. All use torch's control
flow operators, which Dynamo and torch.export take into the graph whatever the data, and which
in eager run the branch or the steps the Python did (torch 2.13 runs them through
``torch.compile(backend="eager", fullgraph=True)`` there, so their bodies must compile).

``StepCountLoopToWhileLoop`` (TL102): ``for _ in range(n)`` whose step count ``n`` is read out
of a tensor (``int(torch.ceil(t / dt))``, ``math.ceil(lead.max() / step)``), the body only
rebinding tensors -> the count kept a tensor and, where no gradient is recorded, the loop a
``torch._higher_order_ops.while_loop``. An ODE solver's or a rollout's step count set by the
horizon asked for.

``TensorTestWhileToWhileLoop`` (TL101): ``while <tensor test>:`` with such a body -> the same
``while_loop`` where no gradient is recorded. A decoder running until every sequence ended.

With gradients recorded both keep the Python loop (``if torch.is_grad_enabled():``): torch
2.13's ``while_loop`` gives other parameter gradients than the loop when a carried value does
not require grad. They repair inference: compile and export under ``torch.no_grad()``.

``RandomBranchToCond`` (TL101): ``if <tensor test>: return A`` / ``return B`` where a side
draws random numbers (so ``torch.where``, which runs both sides, would change every later
draw) -> ``return torch.cond(test, lambda: A, lambda: B)``, which draws only on the side taken.
Epsilon-greedy exploration.

Left without a rewrite (the findings' messages say what to do by hand): outputs sized by the
data (``nonzero`` pairs, a boolean-mask selection, ``unique``, NMS, crops, radius neighbours),
a step loop that collects a list (its length is data), a ``torch.Generator`` seeded in
``forward``, a one-time initialisation from the first batch.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.dynamo_tables import torch_seeded_functions, torch_seeded_methods
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments, in_place_method
from torchlint.lint.semantic.kinds import Kind

from ._shared import (
    assigned_names,
    fresh_name,
    names_in,
    single_assigned_name,
    variable_uses,
)
from .jit_is_scripting import _reached_by

# -- TL102: a step count read out of a tensor -> torch's while_loop ------------------------------

_CONVERSIONS = {"builtins.int": "", "math.ceil": "ceil", "math.floor": "floor"}
_CLAMPS = {"builtins.max": "min", "builtins.min": "max"}
# Arithmetic a 0-d int64 tensor does with a tensor as the Python int did (the tensor keeps its
# dtype: a 0-d operand does not promote a dimensioned one of its category or above).
_COUNT_USES = (cst.Add, cst.Subtract, cst.Multiply, cst.Divide)


class StepCountLoopToWhileLoop(Fixer):
    """``n = <count>`` (or the count inside ``range(...)`` itself) and ``for s in range(n):``
    after it in the same block, where

    - ``<count>`` is ``int(T)``, ``math.ceil(T)`` or ``math.floor(T)`` of a tensor ``T``,
      possibly under ``max(c, ...)`` / ``min(c, ...)`` with an int literal ``c`` (the
      finding's conversion is one of these);
    - ``n`` is bound once in the function, and read only by that ``range`` and as an operand
      of ``+ - * /`` whose other operand is a tensor (``dt = t1 / n``);
    - the loop has no ``else``, its variable is not read, and its body is assignments of
      local names only (no attribute, subscript or in-place store, no call of an in-place
      method, no ``break`` / ``continue`` / ``return`` / nested blocks); every name it rebinds
      that is bound before the loop (the carried values) is a tensor, and a name it binds
      first is not read after the loop;
    - the code is not compiled by TorchScript (which has no ``while_loop``);

    -> ``n = T.long()`` (``torch.ceil(T).long()``, ``.clamp(min=c)``) and the loop kept under
    ``if torch.is_grad_enabled():``, with ``else:``

    ``def body(step, a, b): <body>; return step + 1, a, b`` then
    ``_, a, b = torch._higher_order_ops.while_loop(lambda step, a, b: step < n, body,
    (torch.zeros((), dtype=torch.int64), a, b))``.

    Eager: the count takes the value the Python int had (``.long()`` truncates toward zero as
    ``int`` does; ``ceil`` of the float32 value is the same integer), the body runs as many
    times on the same values, and ``t1 / n`` divides by the same number; with gradients
    recorded the Python loop runs as before. Under ``torch.no_grad()`` torch.compile (no
    graph break) and torch.export take the loop whatever the count (checked on torch 2.13,
    tests/test_s30_repair.py: an Euler solver, a rollout); with gradients recorded they
    still stop at the loop. Unsafe: each carried value must keep its shape and dtype from
    step to step (while_loop checks it when compiled), eager without gradients runs the loop
    through Dynamo (the body must compile; a ``print`` there raises), TorchScript cannot
    compile it, and code that read the count as a Python int elsewhere gets a tensor."""

    codes = ("TL102",)
    applicability = "unsafe"
    message = (
        "keep the step count a tensor and, where no gradient is recorded (`torch.no_grad()`), "
        "run the loop with `torch._higher_order_ops.while_loop`, which compile and export take "
        "whatever the count (the body must keep each value's shape and dtype)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if not isinstance(node, cst.Call):
            return None
        function = self.enclosing_function(node)
        if function is None or _scripted(self, node):
            return None
        count = self._count_expression(node)
        if count is None:
            return None
        torch = self.import_module("torch")
        tensor_text = self._tensorized(count, torch)
        if tensor_text is None:
            return None
        parent = self.parent(count)
        if isinstance(parent, cst.Arg):  # for s in range(<count>): counted once, before it
            loop = self._loop_of_range(self.parent(parent))
            if loop is None:
                return None
            steps = fresh_name(self, loop, "steps", "n_steps")
            counted = cst.parse_statement(f"{steps} = {tensor_text}\n")
            rewritten = self._while_loop(loop, function, steps, torch, counted)
            return None if rewritten is None else [(loop, rewritten)]
        target = single_assigned_name(self, count)
        if target is None or not isinstance(parent, cst.Assign):
            return None
        name = target.value
        if len(assignments(function, name)) != 1:
            return None
        loop: Optional[cst.For] = None
        for use in variable_uses(self, function.body, name):
            if use is target:
                continue
            use_parent = self.parent(use)
            if isinstance(use_parent, cst.Arg):
                found = self._loop_of_range(self.parent(use_parent))
                if found is None or loop is not None:
                    return None
                loop = found
                continue
            if isinstance(use_parent, cst.BinaryOperation) and isinstance(
                use_parent.operator, _COUNT_USES
            ):
                other = use_parent.right if use_parent.left is use else use_parent.left
                if self.kind(other) == Kind.TENSOR:
                    continue
            return None
        if loop is None or not _after_in_block(self, parent, loop):
            return None
        rewritten = self._while_loop(loop, function, name, torch)
        if rewritten is None:
            return None
        return [(count, cst.parse_expression(tensor_text)), (loop, rewritten)]

    def _count_expression(self, node: cst.Call) -> Optional[cst.BaseExpression]:
        """The finding's conversion, or the ``max`` / ``min`` with a number around it."""
        if self.ctx.qualified_name(node.func) not in _CONVERSIONS:
            return None
        arg = self.parent(node)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if isinstance(call, cst.Call) and self.ctx.qualified_name(call.func) in _CLAMPS:
            return call
        return node

    def _tensorized(self, expr: cst.BaseExpression, torch: str) -> Optional[str]:
        """``expr`` (a count) computed as a 0-d int64 tensor (``torch``: the module's name)."""
        if not isinstance(expr, cst.Call) or any(a.keyword or a.star for a in expr.args):
            return None
        name = self.ctx.qualified_name(expr.func) or ""
        if name in _CLAMPS:
            if len(expr.args) != 2:
                return None
            numbers = [a for a in expr.args if isinstance(a.value, cst.Integer)]
            others = [a for a in expr.args if not isinstance(a.value, cst.Integer)]
            if len(numbers) != 1 or len(others) != 1:
                return None
            inner = self._tensorized(others[0].value, torch)
            if inner is None:
                return None
            return f"{inner}.clamp({_CLAMPS[name]}={numbers[0].value.value})"  # type: ignore[attr-defined]
        if name not in _CONVERSIONS or len(expr.args) != 1:
            return None
        value = expr.args[0].value
        if self.kind(value) != Kind.TENSOR:
            return None
        spelled = self.code(value).strip()
        rounding = _CONVERSIONS[name]
        if rounding:
            return f"{torch}.{rounding}({spelled}).long()"
        if not isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)) or value.lpar:
            spelled = f"({spelled})"
        return f"{spelled}.long()"

    def _loop_of_range(self, call: Optional[cst.CSTNode]) -> Optional[cst.For]:
        """The ``for`` whose iterable is ``call``, ``range(<one argument>)``."""
        if not (
            isinstance(call, cst.Call)
            and self.ctx.qualified_name(call.func) == "builtins.range"
            and len(call.args) == 1
        ):
            return None
        loop = self.parent(call)
        if not isinstance(loop, cst.For) or loop.iter is not call:
            return None
        if loop.orelse is not None or loop.asynchronous is not None:
            return None
        return loop if isinstance(loop.body, cst.IndentedBlock) else None

    def _while_loop(
        self,
        loop: cst.For,
        function: cst.FunctionDef,
        count: str,
        torch: str,
        first: Optional[cst.BaseStatement] = None,
    ) -> Optional[cst.If]:
        if not isinstance(loop.target, cst.Name) or _grad_guarded(self, loop):
            return None
        if any(n.value == loop.target.value for n in names_in(loop.body)):
            return None  # the step variable is read
        carried = _carried(self, loop, function)
        if carried is None:
            return None
        step = fresh_name(self, loop, "step", "_step")
        return _as_while_loop(self, loop, carried, f"{step} < {count}", torch, step, first)


def _carried(fixer: Fixer, loop: cst.CSTNode, function: cst.FunctionDef) -> Optional[list[str]]:
    """The names the body of ``loop`` (a ``for`` or ``while``) rebinds that hold a tensor
    before it, where the body is only assignments of tensors to local names (plus
    ``name[...] = value`` on a name the body bound before to a new tensor), no name it binds
    first is read after the loop, and nothing is changed in place."""
    assert isinstance(loop, (cst.For, cst.While))
    if not isinstance(loop.body, cst.IndentedBlock) or loop.orelse is not None:
        return None
    bound: list[str] = []
    fresh: set[str] = set()
    for statement in loop.body.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            return None
        for small in statement.body:
            if not isinstance(small, (cst.Assign, cst.AugAssign)):
                return None
            if _calls_in_place(small.value):
                return None
            targets = (
                [t.target for t in small.targets]
                if isinstance(small, cst.Assign)
                else [small.target]
            )
            stores = len(targets) == 1 and isinstance(targets[0], cst.Subscript)
            number = isinstance(small.value, (cst.Integer, cst.Float))
            if not (stores and number) and fixer.kind(small.value) != Kind.TENSOR:
                return None
            if stores:
                stored = targets[0].value
                if not (isinstance(stored, cst.Name) and stored.value in fresh):
                    return None
                if _calls_in_place(targets[0]) or isinstance(small, cst.AugAssign):
                    return None
                continue
            if not all(isinstance(t, cst.Name) for t in targets):
                return None
            names = assigned_names(small)
            fresh -= names
            if (
                isinstance(small, cst.Assign)
                and len(targets) == 1
                and _new_tensor(fixer, small.value)
            ):
                fresh |= names
            bound.extend(n for n in names if n not in bound)
    if not bound:
        return None
    before, after = _split_uses(fixer, function, loop)
    carried = [n for n in bound if n in before]
    if not carried or any(n in after for n in bound if n not in before):
        return None
    for name in carried:  # a tensor where the loop reads it, else where it is bound before
        read = [
            n
            for n in variable_uses(fixer, loop.body, name)
            if not isinstance(fixer.parent(n), cst.AssignTarget)
            and not (isinstance(fixer.parent(n), cst.AugAssign) and fixer.parent(n).target is n)  # type: ignore[union-attr]
        ]
        values = [v for v, _, _ in assignments(function, name) if not _inside(fixer, v, loop)]
        kinds = [fixer.kind(n) for n in read] if read else [fixer.kind(v) for v in values]
        if not kinds or any(k != Kind.TENSOR for k in kinds):
            return None
    return carried


# Calls that give a new tensor, never a view of an operand (a store into one changes nothing
# the loop carries in).
_NEW_TENSOR_METHODS = frozenset(
    {"scatter", "scatter_add", "masked_fill", "clone", "index_add", "index_copy", "index_fill"}
)
_NEW_TENSOR_FUNCTIONS = frozenset(
    {
        "torch.where",
        "torch.cat",
        "torch.stack",
        "torch.zeros",
        "torch.ones",
        "torch.full",
        "torch.zeros_like",
        "torch.ones_like",
        "torch.full_like",
        "torch.clone",
    }
)


def _new_tensor(fixer: Fixer, value: cst.BaseExpression) -> bool:
    if not isinstance(value, cst.Call):
        return False
    if (fixer.ctx.qualified_name(value.func) or "") in _NEW_TENSOR_FUNCTIONS:
        return True
    func = value.func
    return isinstance(func, cst.Attribute) and func.attr.value in _NEW_TENSOR_METHODS


def _as_while_loop(
    fixer: Fixer,
    loop: cst.CSTNode,
    carried: list[str],
    test: str,
    torch: str,
    step: Optional[str] = None,
    first: Optional[cst.BaseStatement] = None,
) -> cst.If:
    """``if torch.is_grad_enabled(): <loop>`` ``else:`` ``first`` (a statement before),
    ``def body(<step>, a, b): ...; return <step + 1>, a, b`` and the ``while_loop`` call that
    runs it while ``test`` (over the same names) holds.

    The loop stays where gradients are recorded: torch 2.13's ``while_loop`` gives other
    parameter gradients than the Python loop when a carried value does not require grad (a
    ``Linear`` run seven times on an input without grad: tests/test_s30_repair.py). So the
    fix repairs inference: compile and export under ``torch.no_grad()`` / ``inference_mode``."""
    assert isinstance(loop, (cst.For, cst.While)) and isinstance(loop.body, cst.IndentedBlock)
    body_name = fresh_name(fixer, loop, "loop_body", taken=(step,) if step else ())
    params = [step, *carried] if step else list(carried)
    names = ", ".join(carried)
    returned = f"return {step} + 1, {names}" if step else f"return {names}"
    if not step and len(carried) == 1:
        returned += ","
    body = cst.FunctionDef(
        name=cst.Name(body_name),
        params=cst.Parameters(params=[cst.Param(cst.Name(p)) for p in params]),
        body=loop.body.with_changes(body=[*loop.body.body, cst.parse_statement(returned)]),
    )
    if step:
        targets, initial = f"_, {names}", f"{torch}.zeros((), dtype={torch}.int64), {names}"
    else:
        targets = names if len(carried) > 1 else f"({names},)"
        initial = names if len(carried) > 1 else f"{names},"
    run = cst.parse_statement(
        f"{targets} = {torch}._higher_order_ops.while_loop(\n"
        f"    lambda {', '.join(params)}: {test},\n"
        f"    {body_name},\n"
        f"    ({initial}),\n"
        ")\n"
    )
    guard = cst.parse_statement(f"if {torch}.is_grad_enabled():\n    pass\nelse:\n    pass\n")
    assert isinstance(guard, cst.If) and isinstance(guard.orelse, cst.Else)
    statements = [first, body, run] if first is not None else [body, run]
    return guard.with_changes(
        body=cst.IndentedBlock(body=[loop.with_changes(leading_lines=[])]),
        orelse=guard.orelse.with_changes(body=cst.IndentedBlock(body=statements)),
        leading_lines=loop.leading_lines,
    )


def _grad_guarded(fixer: Fixer, loop: cst.CSTNode) -> bool:
    """``loop`` is the one statement of an ``if torch.is_grad_enabled():`` body (this file's
    fix, applied already)."""
    block = fixer.parent(loop)
    guard = fixer.parent(block) if block is not None else None
    return (
        isinstance(guard, cst.If)
        and guard.body is block
        and isinstance(guard.test, cst.Call)
        and fixer.ctx.qualified_name(guard.test.func) == "torch.is_grad_enabled"
    )


def _scripted(fixer: Fixer, node: cst.CSTNode) -> bool:
    """TorchScript compiles the code at ``node`` (it has no ``while_loop`` / ``cond``, nor
    lambdas), as far as the project shows. Where trace is a target too (every back-end, by
    default) the fix brings TL320 (a compiled call in traced code) and ``torchlint fix``
    drops it: these fixes apply with ``--target compile`` / ``--target export``."""
    return _reached_by(fixer, node, "script")


def _after_in_block(fixer: Fixer, assign: cst.Assign, loop: cst.For) -> bool:
    """``loop`` is a later statement of the block holding ``assign``'s line."""
    line = fixer.parent(assign)
    block = fixer.parent(line) if line is not None else None
    if not isinstance(block, cst.IndentedBlock):
        return False
    body = list(block.body)
    return line in body and loop in body and body.index(line) < body.index(loop)


def _inside(fixer: Fixer, node: cst.CSTNode, root: cst.CSTNode) -> bool:
    return node is root or any(a is root for a in fixer.ancestors(node))


def _split_uses(
    fixer: Fixer, function: cst.FunctionDef, loop: cst.CSTNode
) -> tuple[set[str], set[str]]:
    """Names written anywhere in ``function`` outside ``loop`` before it (parameters included),
    and names read or written after it."""
    before: set[str] = {p.name.value for p in _params(function)}
    after: set[str] = set()
    seen_loop = False
    order: list[cst.Name] = names_in(function.body)
    loop_names = {id(n) for n in names_in(loop)}
    for name in order:
        if id(name) in loop_names:
            seen_loop = True
            continue
        if seen_loop:
            after.add(name.value)
        else:
            before.add(name.value)
    return before, after


def _params(function: cst.FunctionDef) -> list[cst.Param]:
    params = function.params
    return [*params.posonly_params, *params.params, *params.kwonly_params]


def _calls_in_place(expr: cst.CSTNode) -> bool:
    found = False

    class _Find(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nonlocal found
            func = node.func
            if isinstance(func, cst.Attribute) and (
                in_place_method(func.attr.value)
                or func.attr.value in ("append", "extend", "insert", "pop", "update", "add")
            ):
                found = True

    expr.visit(_Find())
    return found


# -- TL101: a while loop on a tensor test -> torch's while_loop ---------------------------------


class TensorTestWhileToWhileLoop(Fixer):
    """``while <test>:`` whose test is a tensor (``while not finished.all():``), with no
    ``else``, and whose body only rebinds local names to tensors (``name[...] = v`` allowed on
    a name the body bound before to a new tensor: ``x.scatter(...)``, ``torch.where(...)``),
    no name it binds first being read after the loop, the test reading only names the body
    carries or does not bind, not compiled by TorchScript -> the loop kept under
    ``if torch.is_grad_enabled():``, with ``else:``

    ``def body(a, b): <body>; return a, b`` then ``a, b = torch._higher_order_ops.while_loop(
    lambda a, b: <test>, body, (a, b))`` with ``not t`` -> ``torch.logical_not(t)``.

    Eager: the body runs while the test holds, on the same values, as many times as before
    (torch 2.13: tests/test_s30_repair.py, values halved until every row is small); with
    gradients recorded the Python loop runs as before. Under ``torch.no_grad()``
    torch.compile (no graph break) and torch.export take the loop whatever the data.
    Unsafe: each carried value must keep its shape and dtype from step to step, eager
    without gradients runs the loop through Dynamo (the body must compile), TorchScript
    cannot compile it, and a loop that never ended still never ends."""

    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "where no gradient is recorded (`torch.no_grad()`), run the loop with "
        "`torch._higher_order_ops.while_loop`, which compile and export take whatever the data "
        "(the body must keep each value's shape and dtype)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        loop = self.parent(test) if isinstance(test, cst.BaseExpression) else None
        if not isinstance(loop, cst.While) or loop.test is not test:
            return None
        function = self.enclosing_function(loop)
        if function is None or _scripted(self, loop) or _grad_guarded(self, loop):
            return None
        if self.kind(test) != Kind.TENSOR and not (
            isinstance(test, cst.UnaryOperation)
            and isinstance(test.operator, cst.Not)
            and self.kind(test.expression) == Kind.TENSOR
        ):
            return None
        carried = _carried(self, loop, function)
        if carried is None:
            return None
        assert isinstance(loop.body, cst.IndentedBlock)
        bound_in_body = {
            n.value for n in names_in(loop.body) if isinstance(self.parent(n), cst.AssignTarget)
        }
        if any(n.value in bound_in_body - set(carried) for n in names_in(test)):
            return None
        torch = self.import_module("torch")
        spelled = self.code(test.with_changes(lpar=[], rpar=[])).strip()
        if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
            inner = self.code(test.expression.with_changes(lpar=[], rpar=[])).strip()
            spelled = f"{torch}.logical_not({inner})"
        elif _has_boolean_operator(test):
            return None  # `and` / `or` of tensors ask for a Python bool
        return [(loop, _as_while_loop(self, loop, carried, spelled, torch))]


def _has_boolean_operator(expr: cst.CSTNode) -> bool:
    found = False

    class _Find(cst.CSTVisitor):
        def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
            nonlocal found
            found = True

        def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
            nonlocal found
            found = found or isinstance(node.operator, cst.Not)

    expr.visit(_Find())
    return found


# -- TL101: a branch that draws random numbers -> torch.cond ------------------------------------


class RandomBranchToCond(Fixer):
    """``if <test>: return A`` then ``return B`` (the next statement of the block, or the
    ``else``'s one statement), ``<test>`` a tensor, ``A`` and ``B`` tensors, and a call in
    ``A`` or ``B`` drawing from torch's random generator (``torch.randint``, ``x.bernoulli()``;
    the table of ``lint/dynamo_tables.py``), not compiled by TorchScript ->
    ``return torch.cond(<test>, lambda: A, lambda: B)``.

    Eager: ``torch.cond`` runs the side the test picks, once, so each call draws what it drew
    before and returns the same tensor (torch 2.13: tests/test_s30_repair.py, an
    epsilon-greedy action choice over several seeded calls). torch.compile (no graph break) and
    torch.export trace both sides into the graph and keep the choice at run time, drawing on
    the side taken. ``torch.where`` would draw on every call instead. Unsafe: both sides must
    give tensors of one shape and dtype (compile and export check it), eager now runs the
    choice through Dynamo (each side must compile), and TorchScript cannot compile lambdas."""

    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "choose with `torch.cond`, which runs only the side the test picks (so each call draws "
        "the same random numbers) and which compile and export keep in the graph"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        if not isinstance(test, cst.BaseExpression):
            return None
        branch = self.parent(test)
        if not isinstance(branch, cst.If) or branch.test is not test:
            return None
        if self.enclosing_function(branch) is None or _scripted(self, branch):
            return None
        first = _one_return(branch.body)
        if first is None:
            return None
        removed: list[Replacement] = []
        if branch.orelse is None:
            block = self.parent(branch)
            if not isinstance(block, cst.IndentedBlock):
                return None
            body = list(block.body)
            index = body.index(branch)
            if index + 1 >= len(body):
                return None
            following = body[index + 1]
            second = _one_return(cst.IndentedBlock(body=[following]))
            if second is None:
                return None
            removed.append((following, cst.RemovalSentinel.REMOVE))
        elif isinstance(branch.orelse, cst.Else):
            second = _one_return(branch.orelse.body)
            if second is None:
                return None
        else:
            return None  # elif
        if not (self._draws(first) or self._draws(second)):
            return None
        if self.kind(test) != Kind.TENSOR:
            return None
        if self.kind(first) != Kind.TENSOR or self.kind(second) != Kind.TENSOR:
            return None
        torch = self.import_module("torch")
        spell = lambda e: self.code(e.with_changes(lpar=[], rpar=[])).strip()  # noqa: E731
        parts = [spell(test), f"lambda: {spell(first)}", f"lambda: {spell(second)}"]
        text = f"return {torch}.cond({', '.join(parts)})"
        if len(text) + 8 > 88 or any("\n" in p for p in parts):
            text = f"return {torch}.cond(\n" + "".join(f"    {p},\n" for p in parts) + ")"
        new = cst.parse_statement(text + "\n").with_changes(leading_lines=branch.leading_lines)
        return [(branch, new), *removed]

    def _draws(self, expr: cst.CSTNode) -> bool:
        functions, methods = torch_seeded_functions(), torch_seeded_methods()
        found = False
        fixer = self

        class _Find(cst.CSTVisitor):
            def visit_Call(self, node: cst.Call) -> None:
                nonlocal found
                func = node.func
                if (fixer.ctx.qualified_name(func) or "") in functions:
                    found = True
                elif isinstance(func, cst.Attribute) and func.attr.value in methods:
                    found = found or fixer.kind(func.value) == Kind.TENSOR

        expr.visit(_Find())
        return found


def _one_return(block: cst.BaseSuite) -> Optional[cst.BaseExpression]:
    """The value of a block that is one ``return <value>`` (no tuple of several values)."""
    if not isinstance(block, cst.IndentedBlock) or len(block.body) != 1:
        return None
    line = block.body[0]
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    small = line.body[0]
    if not isinstance(small, cst.Return) or small.value is None:
        return None
    if isinstance(small.value, cst.Tuple):
        return None
    return small.value


__all__ = ["RandomBranchToCond", "StepCountLoopToWhileLoop", "TensorTestWhileToWhileLoop"]
