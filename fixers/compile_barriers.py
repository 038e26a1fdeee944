"""Barriers put up for torch.compile on purpose: explicit graph breaks (TL313) and calls to
``torch.compiler.disable``'d functions (TL312).

- ``torch._dynamo.graph_break()`` as a statement of graph code is removed (``pass`` where it is
  the only statement of its block). Eager, TorchScript, trace and export ignore the call, and
  torch.compile computes the same values; unsafe all the same: the graph is no longer split,
  so torch.compile's kernels (and their last bits and memory use) can change, and a break put
  there to dodge a compiler problem brings the problem back.
- ``@torch.compiler.disable`` / ``@torch._dynamo.disable`` (bare, or called without
  arguments) is dropped from a function of the same file (a method of the caller's own class)
  that graph code calls, when its body is plainly traceable: straight-line assignments and
  ``return`` over calls of ``torch``, tensor methods without a host sync, ``len`` and
  ``isinstance``, with no tensor used as an index (no branch, loop, ``float(t)`` or ``x[mask]``
  that would bring its own finding and graph break).
  Eager runs exactly as before; unsafe because torch.compile now traces the function into the
  caller's graph (what the decorator kept out), and any other compiled caller does too.
  Bodies with anything else (I/O, ``.item()``, NumPy, globals, calls to other functions) keep
  the decorator: disabling was probably the point.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments
from torchlint.lint.semantic.kinds import Kind
from torchlint.lint.walk import walk

DISABLE_DECORATORS = frozenset({"torch.compiler.disable", "torch._dynamo.disable"})
# Tensor methods that leave the graph (host syncs, NumPy, Python data) or change autograd.
UNTRACEABLE_METHODS = frozenset(
    {"item", "tolist", "numpy", "data_ptr", "backward", "register_hook", "retain_grad",
     "nonzero", "unique", "masked_select", "cpu", "cuda", "to"}
)  # fmt: skip
# ``torch`` namespaces that are themselves about compilation, not tensor math.
COMPILER_NAMESPACES = ("torch._dynamo.", "torch.compiler.", "torch.jit.", "torch.export.")
# Statements a plainly traceable body may hold.
PLAIN_STATEMENTS = (
    cst.Assign,
    cst.AnnAssign,
    cst.AugAssign,
    cst.Return,
    cst.Expr,
    cst.Pass,
    cst.IndentedBlock,
    cst.SimpleStatementLine,
    cst.SimpleStatementSuite,
)
# Builtins that neither sync with the host nor branch on tensor data.
TRACEABLE_BUILTINS = frozenset({"len", "isinstance"})


class RemoveGraphBreak(Fixer):
    """``torch._dynamo.graph_break()`` on a line of its own -> removed."""

    codes = ("TL313",)
    applicability = "unsafe"
    message = (
        "remove the explicit graph break (the values stay the same; torch.compile's graph is "
        "no longer split there)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        expr = self.parent(call)
        if not isinstance(expr, cst.Expr) or expr.value is not call:
            return None
        line = self.parent(expr)
        if isinstance(line, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) and (
            len(line.body) > 1
        ):
            rest = [s for s in line.body if s is not expr]
            rest[-1] = rest[-1].with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
            return [(line, line.with_changes(body=rest))]
        if isinstance(line, cst.SimpleStatementSuite):
            return [(expr, cst.Pass())]
        if not isinstance(line, cst.SimpleStatementLine):
            return None
        block = self.parent(line)
        if isinstance(block, cst.IndentedBlock) and len(block.body) == 1:
            return [(expr, cst.Pass())]
        return [(line, cst.RemovalSentinel.REMOVE)]


class DropCompilerDisable(Fixer):
    """``@torch.compiler.disable`` on a plainly traceable function graph code calls -> dropped."""

    codes = ("TL312",)
    applicability = "unsafe"
    message = (
        "drop `@torch.compiler.disable` from the function (its body traces): torch.compile "
        "then compiles it into the caller's graph"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call):
            return None
        target = self._callee(call)
        if target is None:
            return None
        kept = [d for d in target.decorators if not self._is_disable(d)]
        if len(kept) != len(target.decorators) - 1 or not self._traceable(target):
            return None
        removed = next(d for d in target.decorators if self._is_disable(d))
        if kept and removed is target.decorators[0]:
            # The comments above the dropped decorator stay above the function.
            kept[0] = kept[0].with_changes(
                leading_lines=[*removed.leading_lines, *kept[0].leading_lines]
            )
        elif not kept:
            target_lines = [*target.leading_lines, *removed.leading_lines]
            return [(target, target.with_changes(decorators=(), leading_lines=target_lines))]
        return [(target, target.with_changes(decorators=kept))]

    def _callee(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """The function definition of this file that the call reaches."""
        func = call.func
        caller = self.enclosing_function(call)
        if isinstance(func, cst.Name):
            if caller is not None and assignments(caller, func.value):
                return None
            body: list[cst.CSTNode] = list(self.ctx.module.body)
            name = func.value
        elif (
            isinstance(func, cst.Attribute)
            and isinstance(func.value, cst.Name)
            and func.value.value == "self"
        ):
            owner = next((a for a in self.ancestors(call) if isinstance(a, cst.ClassDef)), None)
            if owner is None or not isinstance(owner.body, cst.IndentedBlock):
                return None
            body = list(owner.body.body)
            name = func.attr.value
        else:
            return None
        found = [s for s in body if isinstance(s, cst.FunctionDef) and s.name.value == name]
        return found[0] if len(found) == 1 else None

    def _is_disable(self, decorator: cst.Decorator) -> bool:
        expr = decorator.decorator
        if isinstance(expr, cst.Call):
            if expr.args:
                return False
            expr = expr.func
        return self.ctx.qualified_name(expr) in DISABLE_DECORATORS

    def _traceable(self, function: cst.FunctionDef) -> bool:
        """Whether every statement and call of the body is one torch.compile surely traces."""
        plain = True

        def enter(node: cst.CSTNode) -> Optional[bool]:
            nonlocal plain
            if isinstance(node, cst.BaseStatement) or isinstance(node, cst.BaseSmallStatement):
                if not isinstance(node, PLAIN_STATEMENTS):
                    plain = False
            elif isinstance(node, (cst.Lambda, cst.Yield, cst.Await, cst.NamedExpr)):
                plain = False
            elif isinstance(node, cst.Call) and not self._traceable_call(node):
                plain = False
            elif isinstance(node, cst.Index) and self.kind(node.value) == Kind.TENSOR:
                plain = False  # ``x[mask]``, ``x[idx]``: shapes or reads that depend on data
            return plain

        walk(function.body, enter, lambda node: None)
        return plain

    def _traceable_call(self, call: cst.Call) -> bool:
        func = call.func
        name = self.ctx.qualified_name(func) or ""
        if name.startswith("torch."):
            return not name.startswith(COMPILER_NAMESPACES)
        if isinstance(func, cst.Name):
            return name == f"builtins.{func.value}" and func.value in TRACEABLE_BUILTINS
        return (
            isinstance(func, cst.Attribute)
            and func.attr.value not in UNTRACEABLE_METHODS
            and not func.attr.value.endswith("_")
            and self.kind(func.value) == Kind.TENSOR
        )
