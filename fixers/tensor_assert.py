"""TL101: a check on tensor data -> ``torch._assert_async`` under compile and export (unsafe).

- ``assert cond, "message"`` ->
  ``if torch.compiler.is_compiling(): torch._assert_async(cond, "message")``
  ``else: assert cond, "message"``;
- ``torch._assert(cond, "message")`` -> the same guard, with ``torch._assert`` in ``else``;
- ``if cond: raise SomeError("message")`` (no ``else``) ->
  ``if torch.compiler.is_compiling(): torch._assert_async(torch.logical_not(cond), "message")``
  ``elif cond: raise SomeError("message")``.

The condition is read as TL101's ``torch.where`` fix reads it (a boolean tensor, ``not`` /
``and`` / ``or`` of those, ``bool(t)``); an ``assert`` may also test any tensor (its truth is
"nonzero", as for ``_assert_async``). ``torch.allclose(a, b, ...)`` / ``a.allclose(b, ...)``
(a Python bool read from the data) becomes ``torch.isclose(a, b, ...).all()``: ATen's
``allclose`` is that very expression read with ``.item()``, so the tensor is true exactly where
the bool was (and raises where it raised: mismatched dtypes or shapes). The message must be a
plain string literal, or absent. Left alone: f-strings and other computed messages (compile and
export would format one once while converting, but the finding also names trace, whose
dropped check the guard cannot repair), ``torch.equal`` (false, not an error, for other shapes),
``raise`` of something other than a call of a class with at most that message, ``if`` with an
``else``, conditions on names bound to ``.item()`` (export accepts an ``assert`` on a Python
number as a runtime check), and a check already in the Python branch of such a guard.

``torch._assert_async`` is a graph operator: ``torch.compile(fullgraph=True)`` and
``torch.export`` (strict and not) keep the check and raise ``RuntimeError`` on inputs that fail
it, without a graph break; eager, ``torch.jit.script`` and ``torch.jit.trace`` run the original
Python (``is_compiling()`` is False there), so they raise (or, tracing, drop the check) as
before (torch 2.13, ``tests/test_repair_conditions.py``). Unsafe: under compile and export the
error is a ``RuntimeError`` instead of the raised class (plain ``torch.compile`` ran a
``raise`` in Python after a graph break), and on CUDA the check is asynchronous (a device-side
assert at the next synchronisation, which leaves the CUDA context unusable).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from .tensor_condition import reported_test, statement_comments, tensor_condition, trailing_comment


class TensorCheckToAssertAsync(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = "check with `torch._assert_async` (a graph operator) instead of Python"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = self._torch_assert(diagnostic.node)
        if call is not None:
            return self._assert_call(call)
        test, owner = reported_test(self, diagnostic)
        if isinstance(owner, cst.Assert) and owner.test is test:
            return self._assert(owner)
        if isinstance(owner, cst.If) and owner.test is test:
            return self._raise(owner)
        return None

    def _assert(self, node: cst.Assert) -> Optional[list[Replacement]]:
        line = self.parent(node)
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if not isinstance(self.parent(line), cst.IndentedBlock) or self._guarded(line):
            return None
        condition = self._condition(node.test)
        if condition is None:
            return None
        message = node.msg
        if message is not None and not _plain_string(message):
            return None
        if message is not None:  # on one line: its comments go above the guard
            message = message.with_changes(lpar=(), rpar=())
            node = node.with_changes(msg=message)
        check = self.code(node.with_changes(semicolon=cst.MaybeSentinel.DEFAULT))
        return self._guard(line, self._call(condition, message), "else:", check)

    def _torch_assert(self, node: cst.CSTNode) -> Optional[cst.Call]:
        """The ``torch._assert(cond, ...)`` call whose condition ``node`` is."""
        arg = self.parent(node)
        call = self.parent(arg) if isinstance(arg, cst.Arg) else None
        if (
            isinstance(call, cst.Call)
            and call.args
            and call.args[0] is arg
            and self.ctx.qualified_name(call.func) == "torch._assert"
        ):
            return call
        return None

    def _assert_call(self, call: cst.Call) -> Optional[list[Replacement]]:
        expr = self.parent(call)
        line = self.parent(expr) if isinstance(expr, cst.Expr) else None
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if not isinstance(self.parent(line), cst.IndentedBlock) or self._guarded(line):
            return None
        if len(call.args) > 2 or any(a.keyword or a.star for a in call.args):
            return None
        condition = self._condition(call.args[0].value)
        message = call.args[1].value if len(call.args) == 2 else None
        if condition is None or (message is not None and not _plain_string(message)):
            return None
        return self._guard(line, self._call(condition, message), "else:", self.code(call))

    def _raise(self, node: cst.If) -> Optional[list[Replacement]]:
        if node.orelse is not None or not isinstance(self.parent(node), cst.IndentedBlock):
            return None
        if self._guarded(node):
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
        check = self._call(f"{torch}.logical_not({condition})", message or None)
        original = self.code(body[0].with_changes(semicolon=cst.MaybeSentinel.DEFAULT))
        return self._guard(node, check, f"elif {self.code(node.test)}:", original)

    def _guard(self, old: cst.BaseStatement, check: str, branch: str, original: str) -> list:
        """``if torch.compiler.is_compiling(): <check>`` + ``branch`` running ``original``,
        in place of ``old`` (its comments above, its first line's comment on the guard)."""
        torch = self.import_module("torch")
        indent = self.ctx.module.default_indent
        text = (
            f"if {torch}.compiler.is_compiling():\n{indent}{check}\n{branch}\n{indent}{original}\n"
        )
        new = cst.parse_statement(text, config=self.ctx.module.config_for_parsing)
        header, comments = statement_comments(old)
        leading = [*old.leading_lines, *(cst.EmptyLine(comment=c) for c in comments)]
        new = new.with_changes(leading_lines=leading)
        if header is not None:
            new = new.with_changes(body=new.body.with_changes(header=trailing_comment(header)))
        return [(old, new)]

    def _guarded(self, node: cst.CSTNode) -> bool:
        """Inside an ``else`` (or ``elif``) of ``if torch.compiler.is_compiling():``."""
        for child, ancestor in zip([node, *self.ancestors(node)], self.ancestors(node)):
            if isinstance(ancestor, cst.If) and ancestor.orelse is child:
                test = ancestor.test
                if isinstance(test, cst.Call) and (
                    self.ctx.qualified_name(test.func) == "torch.compiler.is_compiling"
                ):
                    return True
        return False

    def _condition(self, test: cst.BaseExpression) -> Optional[str]:
        inner = test
        while isinstance(inner, cst.UnaryOperation) and isinstance(inner.operator, cst.Not):
            inner = inner.expression
        close = self._isclose(inner)
        if close is not None:
            return close if inner is test else self._condition_text(test, inner, close)
        if isinstance(inner, cst.Call) and self.ctx.qualified_name(inner.func) in (
            "torch.allclose",
            "torch.equal",
        ):
            return None  # a Python bool read from the data: no tensor to assert on
        found = tensor_condition(self, test)
        if found is not None:
            text, bindings = found
            return None if bindings else text
        if self.kind(test) == Kind.TENSOR and not isinstance(test, cst.BooleanOperation):
            return self.code(test.with_changes(lpar=(), rpar=()))
        return None

    def _isclose(self, expr: cst.BaseExpression) -> Optional[str]:
        """``torch.allclose(a, b, ...)`` / ``a.allclose(b, ...)`` -> ``torch.isclose(a, b,
        ...).all()`` (ATen's allclose is that tensor's ``.item()``)."""
        if not isinstance(expr, cst.Call) or any(a.star for a in expr.args):
            return None
        torch = self.import_module("torch")
        args = [
            self.code(a.value) if a.keyword is None else f"{a.keyword.value}={self.code(a.value)}"
            for a in expr.args
        ]
        if self.ctx.qualified_name(expr.func) == "torch.allclose":
            if len([a for a in expr.args if a.keyword is None]) < 2:
                return None
        elif (
            isinstance(expr.func, cst.Attribute)
            and expr.func.attr.value == "allclose"
            and self.kind(expr.func.value) == Kind.TENSOR
            and expr.args
        ):
            receiver = expr.func.value.with_changes(lpar=(), rpar=())
            args = [self.code(receiver), *args]
        else:
            return None
        return f"{torch}.isclose({', '.join(args)}).all()"

    def _condition_text(self, test: cst.BaseExpression, inner: cst.Call, close: str) -> str:
        """``not torch.allclose(...)``: each ``not`` a ``torch.logical_not``."""
        torch = self.import_module("torch")
        expr = test
        while isinstance(expr, cst.UnaryOperation) and expr is not inner:
            close = f"{torch}.logical_not({close})"
            expr = expr.expression
        return close

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
