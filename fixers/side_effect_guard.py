"""Print / logging / warnings calls in graph code: guard them or remove them.

The guard ``if not torch.compiler.is_compiling():`` is False only under torch.compile and
torch.export (True in eager, under ``torch.jit.trace``, and in TorchScript, which compiles
``is_compiling()`` to False), so those run the call as before; under torch.compile and
torch.export the message is not emitted, which is the point. That is safe when the arguments
compute nothing with side effects; when they call something that may have one, it is skipped
there too, so that guard is unsafe.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

SIDE_EFFECT_CODES = ("TL301", "TL302", "TL303")

# Builtins whose call computes a value and changes nothing (for the values arguments hold).
PURE_BUILTINS = frozenset(
    {"len", "str", "repr", "float", "int", "bool", "type", "tuple", "round", "abs", "min", "max",
     "sum", "isinstance", "id", "format", "sorted", "list"}
)  # fmt: skip
# Tensor methods without a trailing ``_`` that still change something.
EFFECTFUL_TENSOR_METHODS = frozenset(
    {"backward", "register_hook", "retain_grad", "record_stream", "share_memory_", "set_"}
)
# String methods of a literal: ``"{}".format(x)``, ``", ".join(parts)``.
STRING_METHODS = frozenset({"format", "join"})


def _call_statement(fixer: Fixer, call: cst.CSTNode) -> Optional[tuple[cst.Expr, cst.CSTNode]]:
    """The expression statement that is exactly this call, and the line or suite holding it."""
    if not isinstance(call, cst.Call):
        return None
    expr = fixer.parent(call)
    if not isinstance(expr, cst.Expr) or expr.value is not call:
        return None
    holder = fixer.parent(expr)
    if not isinstance(holder, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        return None
    return expr, holder


def _calls_only_pure(fixer: Fixer, call: cst.Call) -> bool:
    """Whether evaluating the call's arguments surely has no side effect: every call in them is
    a pure builtin, a tensor method that changes nothing, or a string literal's format/join."""
    stack: list[cst.CSTNode] = [arg.value for arg in call.args]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Lambda, cst.NamedExpr, cst.Await, cst.Yield)):
            return False
        if isinstance(node, cst.Call) and not _pure_call(fixer, node):
            return False
        stack.extend(node.children)
    return True


def _pure_call(fixer: Fixer, call: cst.Call) -> bool:
    func = call.func
    if isinstance(func, cst.Name):
        return fixer.ctx.qualified_name(func) == f"builtins.{func.value}" and (
            func.value in PURE_BUILTINS
        )
    if not isinstance(func, cst.Attribute):
        return False
    method = func.attr.value
    if isinstance(func.value, (cst.SimpleString, cst.ConcatenatedString)):
        return method in STRING_METHODS
    return (
        not method.endswith("_")
        and method not in EFFECTFUL_TENSOR_METHODS
        and fixer.kind(func.value) == Kind.TENSOR
    )


def _guard(fixer: Fixer, diagnostic: Diagnostic, pure: bool) -> Optional[list[Replacement]]:
    """The guard for a call that is a statement of its own line in an indented block, when
    its arguments are pure (``pure``) or not."""
    found = _call_statement(fixer, diagnostic.node)
    if found is None:
        return None
    expr, line = found
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return None
    if not isinstance(fixer.parent(line), cst.IndentedBlock):
        return None
    assert isinstance(expr.value, cst.Call)
    if _calls_only_pure(fixer, expr.value) != pure:
        return None
    torch = fixer.import_module("torch")
    guarded = cst.If(
        test=cst.parse_expression(f"not {torch}.compiler.is_compiling()"),
        body=cst.IndentedBlock(body=[line.with_changes(leading_lines=())]),
        leading_lines=line.leading_lines,
    )
    return [(line, guarded)]


class GuardSideEffect(Fixer):
    """``print(x)`` -> ``if not torch.compiler.is_compiling():\\n    print(x)``.

    Eager runs keep the output; compiled code skips the call. Only a call that is a statement of
    its own line in an indented block is guarded.
    """

    codes = SIDE_EFFECT_CODES
    applicability = "safe"
    message = "guard the call with `if not torch.compiler.is_compiling():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        return _guard(self, diagnostic, pure=True)


class GuardSideEffectWithEffects(Fixer):
    """The same guard where the arguments call something that may change state
    (``print(self.counter.pop())``): under torch.compile and torch.export that call goes too."""

    codes = SIDE_EFFECT_CODES
    applicability = "unsafe"
    message = (
        "guard the call with `if not torch.compiler.is_compiling():` (its arguments call "
        "something that may change state, which torch.compile and torch.export then skip)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        return _guard(self, diagnostic, pure=False)


class RemoveSideEffect(Fixer):
    """Remove the call where it shares a line with other statements (``a = f(x); print(a)`` or
    ``if c: print(x)``), which a guard cannot wrap without restructuring. Unsafe: the output goes."""

    codes = SIDE_EFFECT_CODES
    applicability = "unsafe"
    message = "remove the call"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _call_statement(self, diagnostic.node)
        if found is None:
            return None
        expr, holder = found
        assert isinstance(holder, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
        if len(holder.body) > 1:
            rest = [s for s in holder.body if s is not expr]
            # The statement now last must not keep a dangling ``;``.
            rest[-1] = rest[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
            return [(holder, holder.with_changes(body=rest))]
        if isinstance(holder, cst.SimpleStatementSuite):
            return [(expr, cst.Pass())]
        return None
