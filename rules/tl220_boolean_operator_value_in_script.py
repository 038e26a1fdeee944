"""TL220: `a or b` / `a and b` of numbers or strings used as a value in scripted code."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    built_number_type,
    dead_in_script,
    in_script,
    literal_type,
    self_attribute,
)

# Kinds of a value TorchScript types as an int.
NUMBER_KINDS = (Kind.SIZE, Kind.RANK)

# Arithmetic whose result, for two numbers, is a number (TorchScript types it int / float).
ARITHMETIC = (cst.Add, cst.Subtract, cst.Multiply, cst.FloorDivide, cst.Modulo, cst.Divide)


def _example(init: str, forward: str) -> str:
    return (
        "import torch\nfrom torch import nn\n\n\nclass Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n" + init + "\n\n"
        "    def forward(self, x):\n" + forward + "\n\n\ndef inputs():\n"
        "    return [(torch.randn(2, 3),), (torch.randn(4, 3),)]\n"
    )


def _test_positions(root: cst.CSTNode) -> set[int]:
    """Ids of the expressions under ``root`` whose value is only tested for truth: the tests of
    ``if`` / ``while`` / ``x if t else y`` / ``assert``, the operand of ``not`` and of
    ``bool(...)``, and the operands of an ``and`` / ``or`` that is itself one."""
    tests: set[int] = set()

    def enter(child: cst.CSTNode) -> Optional[bool]:
        if isinstance(child, (cst.If, cst.While, cst.IfExp, cst.Assert)):
            tests.add(id(child.test))
        elif isinstance(child, cst.UnaryOperation) and isinstance(child.operator, cst.Not):
            tests.add(id(child.expression))
        elif isinstance(child, cst.BooleanOperation) and id(child) in tests:
            tests.update((id(child.left), id(child.right)))
        elif (
            isinstance(child, cst.Call)
            and isinstance(child.func, cst.Name)
            and child.func.value == "bool"
            and len(child.args) == 1
        ):
            tests.add(id(child.args[0].value))
        return None

    walk(root, enter, lambda child: None)
    return tests


def _container_display(node: cst.BaseExpression) -> bool:
    """Whether an operand of the ``or`` / ``and`` chain ``node`` is a list or dict display."""
    if isinstance(node, cst.BooleanOperation):
        return _container_display(node.left) or _container_display(node.right)
    return isinstance(node, (cst.List, cst.ListComp, cst.Dict, cst.DictComp))


class BooleanOperatorValueInScript(Rule):
    """Flags `a or b` / `a and b` of ints, floats or strings whose result is used as a value,
    in scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, an `or` / `and` one operand of which is
    surely a number or a string (a tensor's size, `len(...)`, `x.dim()`, an int / float /
    str literal, a `self.<attr>` every module the file builds holds an int / float in, or
    arithmetic of those: `pad = self.causal and (self.kernel_size - 1) * self.dilation`)
    whose result is used as something other than a truth value: assigned to a
    name used otherwise than in `if` / `while` / `not` / `bool(...)` tests, passed as an
    argument, returned, or used in arithmetic (`window = self.window_size or x.shape[-1]`).
    Also an `or` / `and` one operand of which is a list or dict display, iterated by a loop or
    comprehension (`for s in self.extra_sizes or []:`).

    ## Why is this bad?
    In Python `a or b` is `a` when `a` is true, else `b`; TorchScript converts both operands
    to bool and gives the bool. `self.window_size or x.shape[-1]` is `2` in eager and `True`
    in the scripted model: an argument expecting an int fails (torch 2.13: `Arguments for call
    are not valid`, `'bool' object is not subscriptable`) and arithmetic silently computes with
    `1`. Iterating the bool fails to compile (`'bool' object is not iterable`; an operand
    TorchScript types None or Optional fails first: `Could not cast value of type NoneType to
    bool`). Trace, compile and export run the Python.

    ## Example
    ```python
    window = self.window_size or x.shape[-1]
    ```
    Use instead:
    ```python
    window = self.window_size if self.window_size else x.shape[-1]
    ```

    ## Fix safety
    Safe fix where the left operand is a name: `a or b` -> `a if a else b`, `a and b` -> `b
    if a else a` (the same value in Python; TorchScript compiles the conditional expression).
    Unsafe where it is an attribute (`self.window_size`): it is now read twice.
    """

    code = "TL220"
    name = "boolean-operator-value-in-script"
    message = "`or` / `and` of numbers used as a value: TorchScript gives a bool"
    targets = SCRIPT

    VALID = [
        Valid(
            _example(
                "        self.window = 2",
                "        w = self.window if self.window else x.shape[-1]\n"
                "        big = x.shape[0] > 2 or x.shape[-1] > 2\n"
                "        if self.window or x.shape[-1]:\n            x = x + 1\n"
                "        f = self.window or x.shape[0]\n"
                "        if f:\n            x = x * 2\n"
                "        return x * w * float(big)",
            )
        ),
        # The list chosen by a conditional expression, and an `or` only tested, not iterated.
        Valid(
            _example(
                "        self.sizes = [1, 2]",
                "        for s in (self.sizes if self.sizes else [3]):\n            x = x + s\n"
                "        if self.sizes or []:\n            x = x * 2\n"
                "        return x",
            )
        ),
    ]
    INVALID = [
        Invalid(
            _example(
                "        self.window = 2",
                "        w = self.window or x.shape[-1]\n        return x * w",
            ),
            line=11,
            fixed=_example(
                "        self.window = 2",
                "        w = self.window if self.window else x.shape[-1]\n        return x * w",
            ),
        ),
        Invalid(
            _example("        pass", "        n = x.shape[0] and 3\n        return x.view(n, -1)"),
            line=11,
            fixed=_example(
                "        pass",
                "        n = 3 if x.shape[0] else x.shape[0]\n        return x.view(n, -1)",
            ),
        ),
        # A list display as the fallback operand, iterated by a loop.
        Invalid(
            _example(
                "        self.sizes = [1, 2]",
                "        for s in self.sizes or []:\n            x = x + s\n        return x",
            ),
            line=11,
            message_contains="not iterable",
        ),
        # ... and by a comprehension.
        Invalid(
            _example(
                "        self.sizes = [1, 2]",
                "        return torch.stack([x * s for s in self.sizes or [1]]).sum(0)",
            ),
            line=11,
            message_contains="iterated",
        ),
    ]

    def __init__(self, ctx) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ctx)
        self._tests: dict[int, set[int]] = {}
        # Inner `or` / `and` of a chain already looked at (`a or b or c`).
        self._chained: set[int] = set()

    def visit_BooleanOperation(self, node: cst.BooleanOperation) -> None:
        function = self.ctx.function
        if not in_script(self.ctx) or function is None:
            return
        if id(function) not in self._tests:
            self._tests[id(function)] = _test_positions(function)
        tests = self._tests[id(function)]
        if id(node) in tests or id(node) in self._chained:
            return
        operands = (node.left, node.right)
        self._chained.update(id(o) for o in operands if isinstance(o, cst.BooleanOperation))
        if not any(self._number_or_string(o) for o in operands):
            return
        if self._only_tested(function, node, tests):
            return
        word = "or" if isinstance(node.operator, cst.Or) else "and"
        code = self.ctx.module.code_for_node(node)
        self.report(
            node,
            f"`{code}` used as a value in scripted code: TorchScript's `{word}` gives a bool, "
            f"not an operand as Python does (an int argument fails: Arguments for call are not "
            f"valid; arithmetic computes with 1); write a conditional expression",
        )

    def visit_For(self, node: cst.For) -> None:
        self._iterated(node.iter)

    def visit_CompFor(self, node: cst.CompFor) -> None:
        self._iterated(node.iter)

    def _iterated(self, node: cst.BaseExpression) -> None:
        """``for s in self.sizes or []:``: an ``or`` / ``and`` one operand of which is a list
        or dict display, iterated. TorchScript gives the bool and fails to compile the loop
        (torch 2.13: 'bool' object is not iterable; an operand it types None or Optional
        fails first: Could not cast value of type NoneType to bool)."""
        if not isinstance(node, cst.BooleanOperation) or not in_script(self.ctx):
            return
        if dead_in_script(self.ctx) or not _container_display(node):
            return
        if any(self._number_or_string(o) for o in (node.left, node.right)):
            return  # reported as a value already
        word = "or" if isinstance(node.operator, cst.Or) else "and"
        code = self.ctx.module.code_for_node(node)
        self.report(
            node,
            f"`{code}` iterated in scripted code: TorchScript's `{word}` gives a bool, not an "
            "operand as Python does, and the loop fails to compile ('bool' object is not "
            "iterable; an operand that may be None fails first: Could not cast value of type "
            "... to bool); write a conditional expression, or test for None before the loop",
        )

    def _number_or_string(self, node: cst.BaseExpression) -> bool:
        if isinstance(node, cst.BooleanOperation):  # `a or b or c`
            return self._number_or_string(node.left) or self._number_or_string(node.right)
        if literal_type(node) in ("int", "float", "str"):
            return True
        if isinstance(node, (cst.Comparison, cst.UnaryOperation)):
            return False  # a bool, or `not` / a sign the kinds say nothing of
        if self.ctx.kind(node) in NUMBER_KINDS:
            return True
        return self._number(node)

    def _number(self, node: cst.BaseExpression) -> bool:
        """An int / float TorchScript types so: a number literal, ``self.<attr>`` every
        module the file builds holds an int / float in (``self.dilation`` set from ``dilation:
        int``), or arithmetic of two such (``(self.kernel_size - 1) * self.dilation``)."""
        if literal_type(node) in ("int", "float"):
            return True
        if isinstance(node, cst.BinaryOperation):
            return (
                isinstance(node.operator, ARITHMETIC)
                and self._number(node.left)
                and self._number(node.right)
            )
        if self_attribute(node) is not None:
            return built_number_type(self.ctx, node) in ("int", "float")
        return self.ctx.kind(node) in NUMBER_KINDS

    def _only_tested(
        self, function: cst.FunctionDef, node: cst.BooleanOperation, tests: set[int]
    ) -> bool:
        """Whether ``node`` is the value of ``name = ...`` and every other read of ``name``
        in the function is a truth test."""
        statement = self.ctx.statements[-1] if self.ctx.statements else None
        if not isinstance(statement, cst.SimpleStatementLine):
            return False
        small = next(
            (s for s in statement.body if isinstance(s, cst.Assign) and s.value is node), None
        )
        if small is None or len(small.targets) != 1:
            return False
        target = small.targets[0].target
        if not isinstance(target, cst.Name):
            return False
        reads: list[cst.Name] = []
        stores: set[int] = set()

        def enter(child: cst.CSTNode) -> Optional[bool]:
            if isinstance(child, cst.AssignTarget):
                stores.add(id(child.target))
            elif isinstance(child, cst.Name) and child.value == target.value:
                if id(child) not in stores:
                    reads.append(child)
            return None

        walk(function, enter, lambda child: None)
        return all(id(read) in tests for read in reads)
