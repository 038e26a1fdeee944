"""TL120: a traced size or tensor turned into text for a print, log record or warning."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Message
from torchlint.lint.graph_queries import reporting_call
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.kinds import Kind

from .tl106_size_dependent_python import shape_of_tensor, tensor_under_trace

# Builtins that turn their argument into text (`format(n, "d")` too).
TEXT_BUILTINS = frozenset({"builtins.str", "builtins.repr", "builtins.format"})
# Builtins that make a tuple or list of a shape's sizes: unlike a `torch.Size`, whose text
# the tracer gives without reading its sizes, such a sequence formats each size (torch 2.13).
SEQUENCE_BUILTINS = frozenset({"builtins.tuple", "builtins.list"})

MESSAGE = Message(
    "a traced size or tensor turned into text for a print, log record or warning in graph code",
    (
        (
            "trace",
            "torch.jit.trace warns (TracerWarning: Converting a tensor to a Python number) and "
            "formats the example input's value once, while tracing: the traced module does not "
            "run the call again",
        ),
    ),
    "guard the call with `if not torch.jit.is_tracing():` to trace without the warning",
    frozenset({"trace"}),
)


def _example(report: str, imports: str = "") -> str:
    return (
        f"import torch\nfrom torch import nn\n{imports}\n\n"
        "class Model(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n"
        "        self.fc = nn.Linear(4, 4)\n\n"
        "    def forward(self, x):\n"
        "        h = self.fc(x)\n"
        f"{report}"
        "        return h.relu()\n\n\n"
        "def inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"
    )


class TracedValueReported(Rule):
    """Flags a traced size or tensor formatted into a print, a log record or a warning.

    ## What it does
    Finds, in graph code, the arguments of a `print(...)`, a `logging` / module logger call
    or a `warnings.warn(...)` that turn into text a tensor or a size read off a tensor: an
    f-string field (`f"batch {x.shape[0]}"`, `f"max {h.abs().max()}"`), a `str.format` or `%`
    argument, `str()` / `repr()` of one, `tuple(x.shape)` formatted, or a tensor or size given
    to `print` itself. A `torch.Size` formatted whole (`f"{x.shape}"`), ranks (`x.dim()`) and
    arguments a logger formats only if the record is emitted (`log.debug("n=%d", n)`) are not
    flagged, and neither are messages of a `raise` or an `assert`.

    ## Why is this bad?
    While `torch.jit.trace` runs forward, every size is a 0-dim tensor and every tensor is
    traced: formatting one reads its value, and torch 2.13 warns (`TracerWarning: Converting a
    tensor to a Python number might cause the trace to be incorrect`, or `... Python boolean`
    / `integer` / `Iterating over a tensor`). The traced module's outputs are not affected,
    but the text is made once, from the example input, and the traced module never runs the
    print, log or warning again. Compile and export have their own findings for the call
    (TL301, TL302, TL303).

    ## Example
    ```python
    def forward(self, x):
        logger.debug(f"decoder input {tuple(x.shape)}")
        return self.blocks(x)
    ```
    Use instead: `if not torch.jit.is_tracing(): logger.debug(...)`, or log the shape outside
    the traced module.

    ## Fix safety
    No automatic fix.
    """

    code = "TL120"
    name = "traced-value-reported"
    message = MESSAGE.render()
    targets = ("trace",)

    VALID = [
        # The whole torch.Size formats without reading its sizes, and a rank is a Python int.
        Valid(_example('        print(f"shape {x.shape}, rank {x.dim()}")\n')),
        # Guarded: nothing is formatted while tracing.
        Valid(
            _example(
                "        if not torch.jit.is_tracing():\n"
                '            print(f"batch {x.shape[0]}, max {h.abs().max()}")\n'
            )
        ),
        # A logger formats its arguments only for a record it emits (debug is off).
        Valid(
            _example(
                '        log.debug("batch %d", x.shape[0])\n',
                "import logging\n\nlog = logging.getLogger(__name__)",
            )
        ),
    ]
    INVALID = [
        Invalid(_example('        print(f"batch {x.shape[0]}")\n'), line=12, trace_warning=True),
        Invalid(
            _example(
                '        warnings.warn(f"max activation {h.abs().max()}")\n', "import warnings"
            ),
            line=12,
            trace_warning=True,
        ),
        Invalid(
            _example(
                '        log.debug(f"decoder input {tuple(x.shape)}")\n',
                "import logging\n\nlog = logging.getLogger(__name__)",
            ),
            line=14,
            trace_warning=True,
        ),
        Invalid(_example('        print("rows: %d" % h.size(0))\n'), line=12, trace_warning=True),
        Invalid(_example("        print(h.mean())\n"), line=12, trace_warning=True),
    ]

    def _traced(self, expr: cst.BaseExpression) -> bool:
        """Whether formatting ``expr`` reads a traced value: a tensor, a size read off a
        tensor, or a tuple / list made of a tensor's shape."""
        if self.ctx.kind(expr) == Kind.TENSOR or tensor_under_trace(self.ctx, expr):
            return True
        if type(expr) is cst.Call and self.ctx.qualified_name(expr.func) in SEQUENCE_BUILTINS:
            args = [a.value for a in expr.args if a.keyword is None and not a.star]
            return (
                len(args) == 1
                and self.ctx.kind(args[0]) == Kind.SHAPE
                and shape_of_tensor(self.ctx, args[0])
            )
        return False

    def _formatted(self, arg: cst.BaseExpression) -> Optional[cst.BaseExpression]:
        """The first traced value the argument's text is made from."""
        stack: list[cst.CSTNode] = [arg]
        while stack:
            node = stack.pop()
            kind = type(node)
            if kind is cst.Lambda:
                continue
            if kind is cst.FormattedStringExpression and self._traced(node.expression):  # type: ignore[attr-defined]
                return node.expression  # type: ignore[attr-defined]
            if kind is cst.Call:
                values = [a.value for a in node.args if a.keyword is None and not a.star]  # type: ignore[attr-defined]
                func = node.func  # type: ignore[attr-defined]
                named = self.ctx.qualified_name(func)
                if named in TEXT_BUILTINS and values and self._traced(values[0]):
                    return values[0]
                if (
                    type(func) is cst.Attribute
                    and func.attr.value == "format"
                    and type(func.value) in (cst.SimpleString, cst.ConcatenatedString)
                ):
                    keyword_values = [a.value for a in node.args if a.keyword is not None]  # type: ignore[attr-defined]
                    for value in (*values, *keyword_values):
                        if self._traced(value):
                            return value
            if (
                kind is cst.BinaryOperation
                and type(node.operator) is cst.Modulo  # type: ignore[attr-defined]
                and type(node.left) in (cst.SimpleString, cst.ConcatenatedString)  # type: ignore[attr-defined]
            ):
                right = node.right  # type: ignore[attr-defined]
                operands = (
                    [e.value for e in right.elements if type(e) is cst.Element]
                    if type(right) is cst.Tuple
                    else [right]
                )
                for operand in operands:
                    if self._traced(operand):
                        return operand
            stack.extend(reversed(node.children))
        return None

    def visit_Call(self, node: cst.Call) -> None:
        if not self.ctx.in_graph:
            return
        reporter = reporting_call(self.ctx, node)
        if reporter is None:
            return
        for arg in node.args:
            if arg.keyword is not None:
                continue
            if reporter == "print" and self._traced(arg.value):
                self.report(arg.value, MESSAGE)
                return
            # A logger formats `msg % args` only for a record it emits: only `msg` is text
            # made here.
            if reporter == "logger" and arg is not node.args[0]:
                return
            value = self._formatted(arg.value)
            if value is not None:
                self.report(value, MESSAGE)
                return
