"""TL244: a float written as text (`str(t)`, `f"{t}"`, `"{}".format(t)`) in scripted code."""

from __future__ import annotations

import re
from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.graph_queries import assignments, parameter, self_assignments, self_attribute
from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.walk import walk
from torchlint.rules._script import (
    SCRIPT,
    built_number_type,
    class_methods,
    in_script,
)
from torchlint.rules.tl211_mixed_return_types_in_script import ScriptScalar

# Calls whose text argument only reaches a message, never a value the model computes with.
MESSAGE_CALLS = frozenset({"builtins.print", "warnings.warn"})
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical"})
# A `str.format` field without a spec (`{}`, `{0}`, `{name}`): the value's `str()`. A spec
# (`{:.2f}`) or a `%f` conversion formats the number itself, as Python does.
PLAIN_FIELD = re.compile(r"\{[^{}:!]*\}")


def script_float_text(value: float) -> str:
    """The text TorchScript's `str()` gives a float (torch 2.13: up to 17 significant
    digits, a bare point after an integral value: `0.10000000000000001`, `1.`)."""
    text = f"{value:.17g}"
    if not any(c in text for c in ".en"):  # no point, exponent, inf or nan
        text += "."
    return text


class FloatTextInScript(Rule):
    """Flags `str(t)`, `f"{t}"`, `"{}".format(t)` and `"%s" % t` of a float in scripted code.

    ## What it does
    Finds, in code `torch.jit.script` compiles, a float turned into text: `str(t)`, an
    f-string field `{t}`, an argument of `str.format` with a field without spec (`{}`), the
    right side of `%` with a `%s` conversion (`%f` and specs format the number), where `t` is a
    float to TorchScript (a parameter annotated `float`, float arithmetic, a loop over a list
    of float literals, an attribute `__init__` sets to a float). Text that only reaches
    `print`, `warnings.warn`, a logger, `raise` or an `assert` message is not flagged, nor a
    literal whose two spellings agree (`0.5`).

    ## Why is this bad?
    TorchScript writes a float with up to 17 significant digits and a bare point after an
    integral value; Python writes the shortest text that reads back as the same float.
    Checked with torch 2.13: scripted `str(0.1)` is `'0.10000000000000001'`, `str(0.7)` is
    `'0.69999999999999996'`, `str(1.0)` is `'1.'`, where eager gives `'0.1'`, `'0.7'`,
    `'1.0'`. Dict keys, names and lookups built from the text differ from eager: a scripted
    module returns other keys, or misses an entry eager finds.

    ## Example
    ```python
    for t in self.temps:  # [0.1, 0.7, 1.0]
        out[str(t)] = (logits / t).softmax(-1)
    ```
    Use instead: key by an int (the position, `out[i]`) or by string literals kept next to the
    values (`self.names = ["t0.1", "t0.7", "t1.0"]`), or build the text outside scripted code.

    ## Fix safety
    No automatic fix: the text eager builds is what the caller reads.
    """

    code = "TL244"
    name = "float-text-in-script"
    message = (
        "a float written as text in scripted code: TorchScript writes a float with up to 17 "
        "significant digits and a bare point after an integral value (torch 2.13: `str(0.1)` "
        "is '0.10000000000000001', `str(1.0)` is '1.'), Python its shortest form ('0.1', "
        "'1.0'), so the text differs from eager; key by an int or by string literals kept "
        "beside the values, or build the text outside scripted code"
    )
    targets = SCRIPT

    VALID = [
        # Text only for an error message, and an int written as text.
        Valid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def __init__(self, eps: float = 0.1):
                    super().__init__()
                    self.eps = eps

                def forward(self, x) -> Dict[str, torch.Tensor]:
                    if x.dim() != 2:
                        raise ValueError("eps " + str(self.eps) + " needs 2-D input")
                    return {str(x.size(1)): x + self.eps}

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """
        ),
    ]
    INVALID = [
        # An f-string naming the output by a float argument's value.
        Invalid(
            """
            from typing import Dict

            import torch
            from torch import nn

            class Model(nn.Module):
                def forward(self, x, scale: float = 0.3) -> Dict[str, torch.Tensor]:
                    return {f"scaled_{scale}": x * scale}

            def inputs():
                return [(torch.randn(2, 3),), (torch.randn(4, 3),)]
            """,
            line=8,
        ),
    ]

    def visit_Call(self, node: cst.Call) -> None:
        if not self._scripted():
            return
        func = node.func
        if self.ctx.qualified_name(func) == "builtins.str" and len(node.args) == 1:
            self._check(node, [node.args[0].value])
        elif (
            isinstance(func, cst.Attribute)
            and func.attr.value == "format"
            and isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString))
            and PLAIN_FIELD.search(_literal_text(func.value))
        ):
            self._check(node, [a.value for a in node.args if not a.star])

    def visit_FormattedString(self, node: cst.FormattedString) -> None:
        if self._scripted():
            fields = [
                part.expression
                for part in node.parts
                if isinstance(part, cst.FormattedStringExpression) and part.format_spec is None
            ]
            self._check(node, fields)

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if (
            isinstance(node.operator, cst.Modulo)
            and isinstance(node.left, (cst.SimpleString, cst.ConcatenatedString))
            and "%s" in _literal_text(node.left)
            and self._scripted()
        ):
            right = node.right
            values = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
            self._check(node, values)

    def _scripted(self) -> bool:
        return self.ctx.in_graph and in_script(self.ctx) and not self._message_only()

    def _check(self, node: cst.CSTNode, values: list[cst.BaseExpression]) -> None:
        if any(self._differs(value) for value in values):
            self.report(node)

    def _message_only(self) -> bool:
        """Whether the statement around the node only builds a message: `raise`, `assert`,
        `print(...)`, `warnings.warn(...)`, `logger.info(...)`."""
        statement = next(
            (s for s in reversed(self.ctx.statements) if isinstance(s, cst.SimpleStatementLine)),
            None,
        )
        if statement is None or len(statement.body) != 1:
            return False
        small = statement.body[0]
        if isinstance(small, (cst.Raise, cst.Assert)):
            return True
        if not isinstance(small, cst.Expr) or not isinstance(small.value, cst.Call):
            return False
        func = small.value.func
        if self.ctx.qualified_name(func) in MESSAGE_CALLS:
            return True
        return isinstance(func, cst.Attribute) and func.attr.value in LOG_METHODS

    def _differs(self, value: cst.BaseExpression) -> bool:
        """Whether ``value`` is a float to TorchScript whose text may differ from Python's."""
        if _float_literal(value) is not None:
            return _texts_differ([value])
        if ScriptScalar(self.ctx).of(value) == "float":
            return True
        if isinstance(value, cst.Attribute):
            return built_number_type(self.ctx, value) == "float"
        if isinstance(value, cst.Name):
            return self._float_loop_target(value.value)
        return False

    def _float_loop_target(self, name: str) -> bool:
        """Whether every binding of ``name`` in the function is a `for` over floats."""
        function = self.ctx.function
        if function is None:
            return False
        loops: list[cst.For] = []

        def enter(node: cst.CSTNode) -> Optional[bool]:
            if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
                return node is function
            if m.matches(node, m.For(target=m.Name(name))):
                loops.append(node)  # type: ignore[arg-type]
            return None

        walk(function, enter, lambda node: None)
        if not loops or len(assignments(function, name)) != len(loops):
            return False
        return all(self._float_elements(loop.iter) for loop in loops)

    def _float_elements(self, iterable: cst.BaseExpression) -> bool:
        """A list / tuple of float literals whose texts differ, a `self.<attr>` every method
        sets to one, or a parameter annotated `List[float]` / `Tuple[float, ...]`."""
        if isinstance(iterable, (cst.List, cst.Tuple)):
            elements = [e.value for e in iterable.elements]
            return all(_float_literal(e) is not None for e in elements) and _texts_differ(elements)
        attr = self_attribute(iterable)
        info = self.ctx.function_info
        if attr is not None and info is not None and info.owner_class is not None:
            stored = [
                value
                for method in class_methods(self.ctx, info.owner_class)
                for value in self_assignments(method, attr)
            ]
            return bool(stored) and all(
                isinstance(v, (cst.List, cst.Tuple)) and self._float_elements(v) for v in stored
            )
        function = self.ctx.function
        if isinstance(iterable, cst.Name) and function is not None:
            param = parameter(function, iterable.value)
            if param is not None and param.annotation is not None:
                annotation = param.annotation.annotation
                return m.matches(
                    annotation,
                    m.Subscript(
                        value=m.Name("List") | m.Name("list") | m.Name("Tuple") | m.Name("tuple"),
                        slice=[m.SubscriptElement(m.Index(m.Name("float"))), m.ZeroOrMore()],
                    ),
                )
        return False


def _float_literal(node: cst.BaseExpression) -> Optional[float]:
    """The value of a float literal, signed or not (`0.1`, `-2.0`)."""
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        inner = _float_literal(node.expression)
        return None if inner is None else -inner
    return float(node.value) if isinstance(node, cst.Float) else None


def _texts_differ(literals: list[cst.BaseExpression]) -> bool:
    """Whether any float literal's TorchScript text differs from Python's."""
    values = [_float_literal(literal) for literal in literals]
    return any(v is not None and script_float_text(v) != repr(v) for v in values)


def _literal_text(node: cst.BaseExpression) -> str:
    """The source text of a string literal (its parts, for implicit concatenation)."""
    if isinstance(node, cst.ConcatenatedString):
        return _literal_text(node.left) + _literal_text(node.right)
    return node.value if isinstance(node, cst.SimpleString) else ""
