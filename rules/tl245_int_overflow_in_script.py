"""TL245: an int multiplied by a large factor in a loop, never reduced, in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.context import LintContext
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments, parameter
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk
from torchlint.rules._script import SCRIPT, attribute_literals, enclosing_blocks, in_script
from torchlint.rules.tl211_mixed_return_types_in_script import ScriptScalar

# A factor this large overflows 64 bits within four multiplications (a hash's prime:
# 1000003, FNV's 16777619); smaller ones (strides, `* 2`) grow for many more iterations.
LARGE_FACTOR = 1 << 16
# Operators that bound the value they produce (`% M`, `& MASK`, `>> k`).
REDUCING = (cst.Modulo, cst.BitAnd, cst.RightShift, cst.FloorDivide)
REDUCING_AUGMENTED = (
    cst.ModuloAssign,
    cst.BitAndAssign,
    cst.RightShiftAssign,
    cst.FloorDivideAssign,
)


class IntOverflowInScript(Rule):
    """Flags `h = h * 1000003 + t` in a loop of scripted code when nothing in the loop bounds `h`.

    ## What it does
    Finds, in code `torch.jit.script` compiles, an int (a name first bound to an int literal
    or an `int` parameter) multiplied inside a loop by a factor of 65536 or more (a literal,
    a module constant, an attribute every construction sets to such a literal) where no
    statement of the loop reduces it (`% M`, `& MASK`, `>> k`, `// d`): a polynomial hash, a
    linear congruential generator, a mixed seed.

    ## Why is this bad?
    TorchScript's `int` is a 64-bit integer that wraps around past `2**63 - 1`; Python's int
    grows without bound. Checked with torch 2.13: a fastText-style bigram hash `h = (h *
    1000003) ^ t` over two tokens gives another bucket once scripted (the scripted module
    diverges from eager); with `& 0xFFFFFFFF` in the loop both agree.

    ## Example
    ```python
    h = 0x345678
    for t in (a, b):
        h = (h * self.prime) ^ t
    return h % self.num_buckets
    ```
    Use instead: bound the value in the loop so every product stays below `2**63`
    (`h = ((h ^ t) * 16777619) & 0xFFFFFFFF`, `h = (h * P + t) % M` with `M * P < 2**63`).
    Eager then computes the same bucket as before only if the value never passed the bound:
    choose the bound when the hash is defined.

    ## Fix safety
    No automatic fix: bounding the value changes which bucket eager picks.
    """

    code = "TL245"
    name = "int-overflow-in-script"
    message = (
        "an int multiplied by a large factor in a loop that never bounds it, in scripted "
        "code: TorchScript's int is 64 bits and wraps around past 2**63 - 1, where Python's "
        "grows without bound, so the scripted result differs from eager once the product "
        "overflows; keep it bounded in the loop (`& 0xFFFFFFFF`, `% M` with `M * factor` "
        "below 2**63)"
    )
    targets = SCRIPT

    VALID = [
        # FNV-1a, 32 bits: the mask bounds every product.
        Valid(
            """
            from typing import List

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.table = nn.Embedding(101, 4)

                def forward(self, x, ids: List[int]):
                    h = 2166136261
                    for t in ids:
                        h = ((h ^ t) * 16777619) & 0xFFFFFFFF
                    return x + self.table(torch.tensor([h % 101]))

            def inputs():
                return [(torch.randn(1, 4), [3, 9, 27, 81, 243]), (torch.randn(1, 4), [5, 6])]
            """
        ),
    ]
    INVALID = [
        # A linear congruential step with a module constant and no modulus in the loop.
        Invalid(
            """
            from typing import List

            import torch
            from torch import nn

            MULTIPLIER = 6364136223846793005

            class Model(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.table = nn.Embedding(101, 4)

                def forward(self, x, ids: List[int]):
                    seed = 17
                    for t in ids:
                        seed = seed * MULTIPLIER + t
                    return x + self.table(torch.tensor([seed % 101]))

            def inputs():
                return [(torch.randn(1, 4), [3, 9, 27]), (torch.randn(1, 4), [5, 6])]
            """,
            line=16,
        ),
    ]

    def visit_Assign(self, node: cst.Assign) -> None:
        if len(node.targets) != 1 or not isinstance(node.targets[0].target, cst.Name):
            return
        name = node.targets[0].target.value
        value = node.value
        if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, REDUCING):
            return
        if any(self._large(factor) for factor in _factors_of(value, name)):
            self._check(node, name)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if (
            isinstance(node.operator, cst.MultiplyAssign)
            and isinstance(node.target, cst.Name)
            and self._large(node.value)
        ):
            self._check(node, node.target.value)

    def _check(self, node: cst.CSTNode, name: str) -> None:
        if not self.ctx.in_graph or not in_script(self.ctx):
            return
        loops = [b for b in enclosing_blocks(self.ctx) if isinstance(b, (cst.For, cst.While))]
        if not loops or not int_name(self.ctx, name) or _reduced_in(loops[-1], name):
            return
        self.report(node)

    def _large(self, factor: cst.BaseExpression) -> bool:
        """A factor of at least ``LARGE_FACTOR``: an int literal, a module-level constant bound
        to one, or an attribute every construction sets to one."""
        literal = _int_literal(factor)
        if literal is not None:
            return abs(literal) >= LARGE_FACTOR
        if isinstance(factor, cst.Name):
            bound = _module_constant(self.ctx.module, factor.value)
            return bound is not None and abs(bound) >= LARGE_FACTOR
        literals = attribute_literals(self.ctx, factor)
        values = [_int_literal(v) for v in literals]
        return bool(values) and all(v is not None and abs(v) >= LARGE_FACTOR for v in values)


def int_name(ctx: LintContext, name: str) -> bool:
    """Whether ``name`` is an int to TorchScript in the current function: a parameter
    annotated `int`, or a local one plain binding of which TorchScript types `int` and none
    another type (augmented bindings, loop targets and values of unknown type aside)."""
    function = ctx.function
    if function is None:
        return False
    param = parameter(function, name)
    if param is not None:
        return m.matches(param.annotation, m.Annotation(m.Name("int")))
    scalar = ScriptScalar(ctx)
    types = {
        scalar.of(value)
        for value, _, size in assignments(function, name)
        if value is not UNKNOWN_VALUE and size == 1
    }
    return "int" in types and types <= {"int", None}


def _factors_of(value: cst.BaseExpression, name: str) -> list[cst.BaseExpression]:
    """The other operands of each ``name * factor`` / ``factor * name`` in ``value``."""
    found: list[cst.BaseExpression] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if isinstance(node, (cst.Call, cst.Lambda, cst.Subscript)):
            return False
        if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Multiply):
            for side, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(side, cst.Name) and side.value == name:
                    found.append(other)
        return None

    walk(value, enter, lambda node: None)
    return found


def _reduced_in(loop: cst.CSTNode, name: str) -> bool:
    """Whether a statement of ``loop`` binds ``name`` to a bounded value (`h = x % M`,
    `h &= MASK`)."""
    reduced = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal reduced
        if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
            return False
        if (
            isinstance(node, cst.AugAssign)
            and m.matches(node.target, m.Name(name))
            and isinstance(node.operator, REDUCING_AUGMENTED)
        ):
            reduced = True
        if (
            isinstance(node, cst.Assign)
            and any(m.matches(t.target, m.Name(name)) for t in node.targets)
            and isinstance(node.value, cst.BinaryOperation)
            and isinstance(node.value.operator, REDUCING)
        ):
            reduced = True
        return None

    walk(loop, enter, lambda node: None)
    return reduced


def _int_literal(node: cst.BaseExpression) -> Optional[int]:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _int_literal(node.expression)
        return None if inner is None else -inner
    return int(node.value, 0) if isinstance(node, cst.Integer) else None


def _module_constant(module: cst.Module, name: str) -> Optional[int]:
    """The int literal a top-level ``NAME = <int>`` binds, when that is the only binding."""
    values = [
        small.value
        for statement in module.body
        if isinstance(statement, cst.SimpleStatementLine)
        for small in statement.body
        if isinstance(small, cst.Assign)
        and any(m.matches(t.target, m.Name(name)) for t in small.targets)
    ]
    return _int_literal(values[0]) if len(values) == 1 else None
