"""TL101: a check on tensor data -> ``torch._assert_async`` (unsafe).

- ``assert cond, "message"`` -> ``torch._assert_async(cond, "message")``;
- ``if cond: raise SomeError("message")`` (no ``else``) ->
  ``torch._assert_async(torch.logical_not(cond), "message")``.

The condition is read as TL101's ``torch.where`` fix reads it (a boolean tensor, ``not`` /
``and`` / ``or`` of those, ``bool(t)``); an ``assert`` may also test any tensor (its truth is
"nonzero", as for ``_assert_async``). The message must be a plain string literal, or absent.
Left alone: f-strings and other computed messages, ``raise`` of something other than a call of
a class with at most that message, ``if`` with an ``else``, conditions on names bound to
``.item()`` (export accepts an ``assert`` on a Python number as a runtime check).

``torch._assert_async`` is a graph operator: ``torch.compile(fullgraph=True)``, ``torch.export``
(strict and not) keep the check and raise on inputs that fail it, without a graph break (torch
2.13, ``tests/test_repair_conditions.py``). Unsafe: the error is a ``RuntimeError`` instead of
the ``AssertionError`` / the raised class; ``python -O`` no longer removes an ``assert``; on CUDA
the check is asynchronous (a device-side assert at the next synchronisation, which leaves the
CUDA context unusable); ``torch.jit.script`` and ``torch.jit.trace`` drop the call, so a
scripted model no longer checks (a traced one did not check before either).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from .tensor_condition import statement_comments, tensor_condition, trailing_comment, whole_test


class TensorCheckToAssertAsync(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = "check with `torch._assert_async` (a graph operator) instead of Python"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test = diagnostic.node
        if not isinstance(test, cst.BaseExpression):
            return None
        test = whole_test(self, test)
        owner = self.parent(test)
        if isinstance(owner, cst.Assert) and owner.test is test:
            return self._assert(owner)
        if isinstance(owner, cst.If) and owner.test is test:
            return self._raise(owner)
        return None

    def _assert(self, node: cst.Assert) -> Optional[list[Replacement]]:
        condition = self._condition(node.test)
        if condition is None:
            return None
        message = node.msg
        if message is not None and not _plain_string(message):
            return None
        text = self._call(condition, message)
        expr = cst.parse_expression(text, config=self.ctx.module.config_for_parsing)
        return [(node, cst.Expr(expr, semicolon=node.semicolon))]

    def _raise(self, node: cst.If) -> Optional[list[Replacement]]:
        if node.orelse is not None or not isinstance(self.parent(node), cst.IndentedBlock):
            return None
        body = node.body.body
        if isinstance(node.body, cst.IndentedBlock):
            if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine):
                return None
            body = body[0].body
        if len(body) != 1 or not isinstance(body[0], cst.Raise) or body[0].cause is not None:
            return None
        message = _raised_message(body[0].exc)
        if message is False:
            return None
        condition = self._condition(node.test)
        if condition is None:
            return None
        torch = self.import_module("torch")
        text = self._call(f"{torch}.logical_not({condition})", message or None)
        line = cst.parse_statement(text, config=self.ctx.module.config_for_parsing)
        header, comments = statement_comments(node)
        leading = [*node.leading_lines, *(cst.EmptyLine(comment=c) for c in comments)]
        line = line.with_changes(leading_lines=leading)
        if header is not None:
            line = line.with_changes(trailing_whitespace=trailing_comment(header))
        return [(node, line)]

    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        found = tensor_condition(self, test)
        if found is not None:
            text, bindings = found
            return None if bindings else text
        if self.kind(test) == Kind.TENSOR and not isinstance(test, cst.BooleanOperation):
            return self.code(test.with_changes(lpar=(), rpar=()))
        return None

    def _call(self, condition: str, message: Optional[cst.BaseExpression]) -> str:
        torch = self.import_module("torch")
        arguments = condition if message is None else f"{condition}, {self.code(message)}"
        return f"{torch}._assert_async({arguments})"


def _plain_string(expr: cst.BaseExpression) -> bool:
    """A string literal without formatting or bytes prefix (``"a"``, ``"a" "b"``)."""
    if isinstance(expr, cst.ConcatenatedString):
        return _plain_string(expr.left) and _plain_string(expr.right)
    return isinstance(expr, cst.SimpleString) and "b" not in expr.prefix.lower()


def _raised_message(exc: Optional[cst.BaseExpression]):
    """For ``raise E`` / ``raise E()`` / ``raise E("msg")``: the message (None without one);
    False for anything else."""
    if isinstance(exc, (cst.Name, cst.Attribute)):
        return None
    if not isinstance(exc, cst.Call) or not isinstance(exc.func, (cst.Name, cst.Attribute)):
        return False
    if not exc.args:
        return None
    if len(exc.args) == 1 and exc.args[0].keyword is None and not exc.args[0].star:
        value = exc.args[0].value
        return value if _plain_string(value) else False
    return False
