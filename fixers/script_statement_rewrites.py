"""Statement rewrites for two scripted forms TorchScript refuses.

- TL209 ``torch.utils.checkpoint.checkpoint(...)`` standing in the body of an ``if`` that has
  an ``else`` (``if self.grad_checkpointing and self.training: x = checkpoint(blk, x) else:
  x = blk(x)``) -> ``and not torch.jit.is_scripting()`` added to the test (safe):
  ``is_scripting()`` is False in Python, so eager, trace, compile and export take the branches
  they took; TorchScript leaves the checkpointed branch out and compiles the ``else``.
- TL204 ``{**base, "k": v, ...}`` returned or bound to a name -> ``merged = base.copy()``,
  ``merged["k"] = v`` ..., then the return / binding of ``merged`` (unsafe: the same dict, its
  keys in the same order, for a dict ``base``; a mapping without ``.copy()`` now raises). Only
  with one ``**`` first and literal keys after it.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name

CHECKPOINTS = frozenset(
    {"torch.utils.checkpoint.checkpoint", "torch.utils.checkpoint.checkpoint_sequential"}
)


class CheckpointBranchOutOfScript(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "leave the checkpointed branch out of TorchScript"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) not in CHECKPOINTS:
            return None
        branch = next((a for a in self.ancestors(call) if isinstance(a, cst.If)), None)
        if branch is None or branch.orelse is None:
            return None
        # The call is in the branch's body (not its test, not its else).
        if not any(a is branch.body for a in self.ancestors(call)):
            return None
        test = branch.test
        if (
            isinstance(test, cst.BooleanOperation)
            and isinstance(test.operator, cst.Or)
            and not test.lpar
        ):
            test = test.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        torch = self.import_module("torch")
        guard = cst.parse_expression(f"not {torch}.jit.is_scripting()")
        new_test = cst.BooleanOperation(left=test, operator=cst.And(), right=guard)
        return [(branch.test, new_test)]


class DictExpansionToCopy(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "copy the dict and set the keys"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        star = diagnostic.node
        literal = self.parent(star)
        if not isinstance(star, cst.StarredDictElement) or not isinstance(literal, cst.Dict):
            return None
        first, *rest = literal.elements
        if first is not star or not all(
            isinstance(e, cst.DictElement) and isinstance(e.key, (cst.SimpleString, cst.Integer))
            for e in rest
        ):
            return None
        holder = self.parent(literal)
        line = self.parent(holder) if holder is not None else None
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        if isinstance(holder, cst.Return) and holder.value is literal:
            name = fresh_name(self, literal, "merged")
            last = f"return {name}"
        elif (
            isinstance(holder, cst.Assign)
            and holder.value is literal
            and len(holder.targets) == 1
            and isinstance(holder.targets[0].target, cst.Name)
        ):
            name = holder.targets[0].target.value
            last = ""
        else:
            return None
        lines = [f"{name} = {self.code(star.value).strip()}.copy()"]
        for element in rest:
            lines.append(
                f"{name}[{self.code(element.key).strip()}] = {self.code(element.value).strip()}"
            )  # type: ignore[union-attr]
        if last:
            lines.append(last)
        statements = [cst.parse_statement(text) for text in lines]
        statements[0] = statements[0].with_changes(leading_lines=line.leading_lines)
        return [(line, cst.FlattenSentinel(statements))]
