"""TL235: a local bound to None, then to a value inside an `if` or a loop, in scripted code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.rules._script import SCRIPT, enclosing_blocks, in_script, is_none

# Methods of a module container a loop iterates (TorchScript unrolls such loops).
CONTAINER_ITERATORS = frozenset({"items", "values", "keys", "children", "modules"})


class NoneReboundInBlockInScript(Rule):
    """Flags `h = None` followed by `h = value` inside an `if`, `for` or `while`.

    ## What it does
    Finds, in code `torch.jit.script` compiles, an unannotated local bound to `None` (`h =
    None`, `best = None`) and then, inside an `if`, `for` or `while` that follows it in the
    same function, bound to something else (`h = self.cell(x_t, h)` in a time loop, `cache =
    x * 2` in a branch). A loop over an `nn.ModuleList` / `ModuleDict` (which TorchScript
    unrolls), an `if` that tests the name itself (`if h is None:`, which TorchScript decides
    as it compiles) and straight-line rebinding are not flagged.

    ## Why is this bad?
    TorchScript types an unannotated `h = None` as `NoneType`, and a name keeps one type
    across the branches of an `if` and the iterations of a loop. Checked with torch 2.13:
    `torch.jit.script` fails ("Variable 'h' previously had type NoneType but is now being
    assigned to a value of type Tensor"), whether or not the name is read afterwards. Eager
    Python simply rebinds the name.

    ## Example
    ```python
    def forward(self, x: Tensor) -> Tensor:
        h = None
        for x_t in x.unbind(1):
            h = self.cell(x_t, h)
        return self.readout(h)
    ```
    Use instead: annotate the name (`h: Optional[Tensor] = None`, then `assert h is not None`
    where a tensor is needed), or start from a value of the final type (`h =
    x.new_zeros(...)`).

    ## Fix safety
    An unsafe fix (`--unsafe-fixes`, fixers/repair_session23.py), where every other binding
    of the name is a tensor: `h: Optional[torch.Tensor] = None`, and `assert h is not None`
    before the first line after the block that uses `h` as a tensor (a subscript, attribute,
    operand, or the input of a `torch.nn` layer: eager raised there on None, now with
    AssertionError). Otherwise no automatic fix: the annotation needs the value's type.
    """

    code = "TL235"
    name = "none-rebound-in-block-in-script"
    message = (
        "a local bound to None and then, inside an `if` or a loop, to another value: "
        "torch.jit.script fails (an unannotated `= None` is typed NoneType and the name keeps "
        "one type across branches and iterations: Variable previously had type NoneType but "
        "is now being assigned to a value of another type); annotate it (`h: "
        "Optional[Tensor] = None`, then `assert h is not None` where a tensor is needed)"
    )
    targets = SCRIPT

    VALID = [
        # Annotated Optional: the name is Optional[Tensor] from the start.
        Valid(
            """
            from typing import Optional

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x):
                    last: Optional[torch.Tensor] = None
                    for row in x.unbind(0):
                        last = row * 2
                    assert last is not None
                    return last

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
        # A loop over a ModuleList is unrolled: no name is carried across iterations.
        Valid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])

                def forward(self, x):
                    prev = None
                    for layer in self.layers:
                        prev = layer(x)
                        x = torch.relu(prev)
                    return x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.cell = nn.GRUCell(3, 5)

                def forward(self, x):
                    state = None
                    for step in x.unbind(1):
                        state = self.cell(step, state)
                    return state

            def inputs():
                return [(torch.randn(2, 4, 3),), (torch.randn(3, 2, 3),)]
            """,
            line=12,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale: bool = True):
                    factor = None
                    if scale:
                        factor = 2
                    return x * 2 if factor is not None else x

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
        ),
    ]

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) != 1 or is_none(node.value):
            return
        target = node.targets[0].target
        if not isinstance(target, cst.Name) or not self.ctx.in_graph or not in_script(self.ctx):
            return
        function = self.ctx.function
        if function is None or _annotated(function, target.value):
            return
        chain = [function, *enclosing_blocks(self.ctx)]
        # Each block around the assignment, with the suite holding it: a `name = None` earlier
        # in that suite, at a block that merges (not an unrolled loop, not a test of the name).
        for outer, inner in zip(chain, chain[1:]):
            if not self._merges(inner, target.value):
                continue
            if any(
                _binds_none(statement, target.value) for statement in _suite_before(outer, inner)
            ):
                self.report(node)
                return

    def _merges(self, block: cst.CSTNode, name: str) -> bool:
        """Whether TorchScript joins the name's types at ``block``: every `while`, a `for`
        except over a module container, an `if` except one testing the name itself."""
        if isinstance(block, cst.For):
            return not self._module_loop(block.iter)
        if isinstance(block, cst.If):
            return not m.findall(block.test, m.Name(name))
        return True

    def _module_loop(self, iterable: cst.BaseExpression) -> bool:
        if self.ctx.kind(iterable) is Kind.MODULES:
            return True
        if isinstance(iterable, cst.Call):
            func = iterable.func
            if isinstance(func, cst.Attribute) and func.attr.value in CONTAINER_ITERATORS:
                return self.ctx.kind(func.value) is Kind.MODULES
            if self.ctx.qualified_name(func) in ("builtins.enumerate", "builtins.zip"):
                return any(self._module_loop(arg.value) for arg in iterable.args)
        return False


def _annotated(function: cst.FunctionDef, name: str) -> bool:
    """Whether the function annotates ``name`` anywhere (`h: Optional[Tensor] = None`)."""
    return bool(m.findall(function, m.AnnAssign(target=m.Name(name))))


def _binds_none(statement: cst.CSTNode, name: str) -> bool:
    return m.matches(
        statement,
        m.SimpleStatementLine(
            body=[m.Assign(targets=[m.AssignTarget(target=m.Name(name))], value=m.Name("None"))]
        ),
    )


def _suite_before(outer: cst.CSTNode, inner: cst.CSTNode) -> Sequence[cst.CSTNode]:
    """The statements of ``outer``'s suite that holds ``inner``, before it."""
    for suite in _suites(outer):
        for index, statement in enumerate(suite):
            if statement is inner:
                return suite[:index]
    return ()


def _suites(block: cst.CSTNode) -> list[Sequence[cst.BaseStatement]]:
    suites: list[Sequence[cst.BaseStatement]] = []
    body: Optional[cst.BaseSuite] = getattr(block, "body", None)
    if isinstance(body, cst.IndentedBlock):
        suites.append(body.body)
    orelse = getattr(block, "orelse", None)
    if isinstance(orelse, cst.Else) and isinstance(orelse.body, cst.IndentedBlock):
        suites.append(orelse.body.body)
    return suites
