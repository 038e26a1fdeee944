"""TL207 / TL209: a print, logging or warnings statement TorchScript cannot compile -> guarded
with ``if not torch.jit.is_scripting():`` (unsafe).

``logger.info("batch %d", x.shape[0])`` (a module-level logger: TL207), ``print(f"out
{tuple(y.shape)}")`` (``tuple`` of a shape: TL209), ``logging.info(...)``, ``print(x, end="")``:
TorchScript does not compile the branch under ``not torch.jit.is_scripting()`` (it is False
there, by the compiler's own rule), so the module scripts; eager, trace, torch.compile and
torch.export see ``is_scripting()`` False and run the statement as before.

Only a statement that is exactly one call of ``print``, a ``logging`` function, a method of a
logger (``debug`` ... ``exception``, ``log``) or ``warnings.warn``, on its own line in an
indented block, and holding the flagged node, is guarded. A call whose value is used
(``time.perf_counter()``, ``random.random()``) is left alone: skipping it would change what
the scripted code computes.

Unsafe: the scripted module no longer prints, logs or warns there.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

LOGGER_METHODS = frozenset(
    {"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log"}
)
OUTPUT_FUNCTIONS = frozenset({"builtins.print", "warnings.warn"})


class SkipOutputWhenScripting(Fixer):
    codes = ("TL207", "TL209")
    applicability = "unsafe"
    message = "skip the output under TorchScript: `if not torch.jit.is_scripting():`"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        line = self._output_line(diagnostic.node)
        if line is None:
            return None
        torch = self.import_module("torch")
        guarded = cst.If(
            test=cst.parse_expression(f"not {torch}.jit.is_scripting()"),
            body=cst.IndentedBlock(body=[line.with_changes(leading_lines=())]),
            leading_lines=line.leading_lines,
        )
        return [(line, guarded)]

    def _output_line(self, node: cst.CSTNode) -> Optional[cst.SimpleStatementLine]:
        """The line holding ``node`` when it is one output call in an indented block."""
        expr = next((a for a in self.ancestors(node) if isinstance(a, cst.Expr)), None)
        line = self.parent(expr) if expr is not None else None
        if (
            not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
            or not isinstance(self.parent(line), cst.IndentedBlock)
            or not isinstance(expr.value, cst.Call)
            or not self._is_output(expr.value)
        ):
            return None
        return line

    def _is_output(self, call: cst.Call) -> bool:
        name = self.ctx.qualified_name(call.func) or ""
        if name in OUTPUT_FUNCTIONS or name.startswith("logging."):
            return True
        func = call.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in LOGGER_METHODS:
            return False
        receiver = self.ctx.qualified_name(func.value) or ""
        if receiver.startswith("logging."):
            return True  # logging.getLogger(...).info(...)
        return self._module_logger(func.value)

    def _module_logger(self, receiver: cst.BaseExpression) -> bool:
        """``logger`` bound at module level to ``logging.getLogger(...)``."""
        if not isinstance(receiver, cst.Name):
            return False
        for stmt in self.ctx.module.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                continue
            for small in stmt.body:
                if (
                    isinstance(small, cst.Assign)
                    and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                    and small.targets[0].target.value == receiver.value
                    and isinstance(small.value, cst.Call)
                    and self.ctx.qualified_name(small.value.func) == "logging.getLogger"
                ):
                    return True
        return False
