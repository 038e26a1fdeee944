"""TL221: an int multiplied by a large constant on every loop iteration, in scripted code."""

from __future__ import annotations

import math
from typing import Optional

import libcst as cst

from torchlint.lint.graph_queries import assignments
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    class_methods,
    in_script,
    self_assignments,
    self_attribute,
)

# TorchScript's int is a signed 64-bit integer: 63 bits of magnitude.
INT_BITS = 63
# A factor of at least this many bits: the product leaves int64 within 8 iterations.
MIN_BITS = 8


def _example(update: str) -> str:
    return (
        "from typing import List\n\nimport torch\nfrom torch import nn\n\n\n"
        "class Model(nn.Module):\n"
        "    def forward(self, x):\n"
        "        ids: List[int] = x.tolist()\n"
        "        h = 0\n"
        "        for t in ids:\n" + update + "\n"
        "        return x + float(h % 97)\n\n\n"
        "def inputs():\n"
        "    return [(torch.tensor([17, 4, 99, 250, 3, 7]),), (torch.tensor([9, 1, 12]),)]\n"
    )


class IntOverflowInScript(Rule):
    """Flags an int accumulator multiplied by a constant of 8 bits or more on each loop
    iteration, without a reduction in the loop, in scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, a loop whose body updates a local int
    (`h = 0` before the loop) as `h = h * K + t`, `h = (h << S) | t`, `h *= K` or `h <<= S`,
    where `K` is an int literal (or an attribute `__init__` sets only to one) of at least 256
    (`S` at least 8), and no statement of the loop applies `%`, `&`, `//` or `>>` to `h`: a
    polynomial rolling hash reduced only after the loop.

    ## Why is this bad?
    TorchScript's `int` is a 64-bit integer that wraps around on overflow; Python's grows
    without bound. After `ceil(63 / log2(K))` iterations (4 for `K = 1000003`) the product
    passes 2**63 for any nonzero input, and the scripted model computes another hash than eager
    (`h % buckets` picks other rows) without an error. Trace, compile and export run Python's
    arithmetic on these Python ints.

    ## Example
    ```python
    h = 0
    for t in ids:
        h = h * self.prime + t
    return h % self.buckets
    ```
    Use instead, reducing in the loop (the same result in Python, exact in TorchScript while
    `buckets * prime` fits in 63 bits):
    ```python
    h = 0
    for t in ids:
        h = (h * self.prime + t) % self.buckets
    return h
    ```

    ## Fix safety
    Unsafe fix where the update is `h = h * K + t` (sums of one product of `h`), the loop reads
    `h` nowhere else, and after the loop `h` is only read as `h % M` (one `M`: an int literal,
    an attribute, or a name the loop does not bind): the update becomes `h = (h * K + t) % M`.
    For ints `%` agrees with `+` and `*`, so `h % M` is eager's; unsafe because a float `h`
    is not reduced exactly. Other loops have no fix.
    """

    code = "TL221"
    name = "int-overflow-in-script"
    message = "an int multiplied by a large constant in every iteration: int64 wraps in TorchScript"
    targets = SCRIPT

    VALID = [
        Valid(_example("            h = (h * 1000003 + t) % 1000033")),
        Valid(_example("            h = h * 2 + t")),
    ]
    INVALID = [
        Invalid(
            _example("            h = h * 1000003 + t"),
            line=12,
            message_contains="4 iterations",
            fixed=_example("            h = (h * 1000003 + t) % 97"),
        ),
        Invalid(_example("            h = (h << 20) | t"), line=12),
    ]

    def visit_For(self, node: cst.For) -> None:
        self._loop(node.body)

    def visit_While(self, node: cst.While) -> None:
        self._loop(node.body)

    def _loop(self, body: cst.BaseSuite) -> None:
        function = self.ctx.function
        if not in_script(self.ctx) or function is None:
            return
        updates: dict[str, list[cst.CSTNode]] = {}

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return False
            if isinstance(child, cst.Assign) and len(child.targets) == 1:
                target = child.targets[0].target
                if isinstance(target, cst.Name):
                    updates.setdefault(target.value, []).append(child)
            elif isinstance(child, cst.AugAssign) and isinstance(child.target, cst.Name):
                updates.setdefault(child.target.value, []).append(child)
            return None

        walk(body, enter, lambda child: None)
        for name, statements in updates.items():
            bits = None
            for statement in statements:
                found = self._growth(statement, name)
                if found is None:
                    bits = None
                    break
                bits = max(bits or 0, found)
            if not bits or bits < MIN_BITS or not self._int_start(function, name):
                continue
            growing = next(s for s in statements if self._growth(s, name))
            iterations = math.ceil(INT_BITS / bits)
            self.report(
                growing,
                f"`{name}` is multiplied by about 2**{bits:.0f} in every iteration and never "
                f"reduced in the loop: after {iterations} iterations it passes 2**63, where "
                "TorchScript's int64 wraps around and Python's int keeps growing, so the "
                f"scripted model computes another `{name}` than eager without an error; apply "
                f"the `%` inside the loop",
            )

    def _growth(self, statement: cst.CSTNode, name: str) -> Optional[float]:
        """Bits ``statement`` multiplies ``name`` by (0 for an update that neither grows nor
        reduces it), or None when it reduces ``name`` or is no such update."""
        if isinstance(statement, cst.AugAssign):
            operator = statement.operator
            if isinstance(operator, cst.MultiplyAssign):
                return self._factor_bits(statement.value)
            if isinstance(operator, cst.LeftShiftAssign):
                return self._shift_bits(statement.value)
            if isinstance(
                operator, (cst.AddAssign, cst.SubtractAssign, cst.BitOrAssign, cst.BitXorAssign)
            ):
                return 0
            return None
        value = statement.value  # type: ignore[attr-defined]
        while isinstance(value, cst.BinaryOperation) and isinstance(
            value.operator, (cst.Add, cst.Subtract, cst.BitOr, cst.BitXor)
        ):
            if _mentions(value.right, name):
                return None
            value = value.left
        if not isinstance(value, cst.BinaryOperation):
            return None
        if isinstance(value.operator, cst.Multiply):
            if _is_name(value.left, name) and not _mentions(value.right, name):
                return self._factor_bits(value.right)
            if _is_name(value.right, name) and not _mentions(value.left, name):
                return self._factor_bits(value.left)
            return None
        if isinstance(value.operator, cst.LeftShift) and _is_name(value.left, name):
            return self._shift_bits(value.right)
        return None

    def _factor_bits(self, node: cst.BaseExpression) -> Optional[float]:
        value = self._int_constant(node)
        return math.log2(value) if value is not None and value >= 2 else None

    def _shift_bits(self, node: cst.BaseExpression) -> Optional[float]:
        value = self._int_constant(node)
        return float(value) if value is not None and value > 0 else None

    def _int_constant(self, node: cst.BaseExpression) -> Optional[int]:
        """An int literal, or ``self.X`` every assignment of which in the class is one."""
        if isinstance(node, cst.Integer):
            return int(node.evaluated_value)
        attr = self_attribute(node)
        info = self.ctx.function_info
        if attr is None or info is None or info.owner_class is None:
            return None
        values = [
            value
            for method in class_methods(self.ctx, info.owner_class)
            for value in self_assignments(method, attr)
        ]
        if not values or not all(isinstance(v, cst.Integer) for v in values):
            return None
        return min(int(v.evaluated_value) for v in values)  # type: ignore[union-attr]

    def _int_start(self, function: cst.FunctionDef, name: str) -> bool:
        """``name = <int literal>`` is the function's only binding of ``name`` outside the
        loop updates (which the assignment list shows as statements or placeholders)."""
        return any(isinstance(value, cst.Integer) for value, _, _ in assignments(function, name))


def _is_name(node: cst.BaseExpression, name: str) -> bool:
    return isinstance(node, cst.Name) and node.value == name


def _mentions(node: cst.BaseExpression, name: str) -> bool:
    found = False

    def enter(child: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if isinstance(child, cst.Name) and child.value == name:
            found = True
        return None

    walk(node, enter, lambda child: None)
    return found
