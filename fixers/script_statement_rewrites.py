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
- TL204 ``match`` on value patterns (literals, dotted names, ``None`` / ``True`` / ``False``,
  ``|`` of them, guards, a last ``case _:``) -> an ``if`` / ``elif`` / ``else`` chain (safe;
  see ``MatchToIf``).
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import fresh_name, self_attribute_of_class

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


class MatchToIf(Fixer):
    """``match`` on value patterns -> an ``if`` / ``elif`` / ``else`` chain (safe): ``case
    "avg":`` -> ``if subject == "avg":`` (a literal or dotted-name value pattern compares with
    ``==``), ``case None:`` -> ``is None`` (``True`` / ``False`` too), ``case "a" | "b":`` ->
    both tests joined with ``or``, a guard joined with ``and``, and a last ``case _:`` ->
    ``else:``. The subject is read once per test: a name, or ``self.<attr>`` where the class
    defines no method or property of that name; any other subject is bound to a local first.
    Python runs the same branch either way. Capture, sequence, mapping and class patterns have
    no fix."""

    codes = ("TL204",)
    applicability = "safe"
    message = "write the `match` as an `if` / `elif` chain"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        match = diagnostic.node
        if not isinstance(match, cst.Match) or not match.cases:
            return None
        subject = match.subject
        bind: list[cst.BaseStatement] = []
        if not self._plain_subject(match, subject):
            name = fresh_name(self, match, "subject")
            bind = [cst.parse_statement(f"{name} = {self.code(subject)}\n")]
            subject = cst.Name(name)
        tests: list[Optional[str]] = []
        for position, case in enumerate(match.cases):
            test = self._test(case.pattern, self.code(subject))
            if test is None:
                wildcard = (
                    isinstance(case.pattern, cst.MatchAs)
                    and case.pattern.pattern is None
                    and case.pattern.name is None
                )
                if not wildcard or position != len(match.cases) - 1 or case.guard is not None:
                    return None
            elif case.guard is not None:
                test = f"({test}) and ({self.code(case.guard)})"
            tests.append(test)
        if tests[0] is None:
            return None
        chain: Optional[cst.BaseStatement] = None
        for case, test in reversed(list(zip(match.cases, tests))):
            if test is None:
                chain = cst.Else(body=case.body)  # type: ignore[assignment]
                continue
            chain = cst.If(test=cst.parse_expression(test), body=case.body, orelse=chain)  # type: ignore[arg-type]
        assert isinstance(chain, cst.If)
        statements = [*bind, chain]
        statements[0] = statements[0].with_changes(leading_lines=match.leading_lines)
        return [(match, cst.FlattenSentinel(statements))]

    def _plain_subject(self, match: cst.Match, subject: cst.BaseExpression) -> bool:
        if isinstance(subject, cst.Name):
            return True
        found = self_attribute_of_class(self, subject)
        if found is None:
            return False
        attr, cls = found
        return not any(
            isinstance(s, cst.FunctionDef) and s.name.value == attr for s in cls.body.body
        )

    def _test(self, pattern: cst.MatchPattern, subject: str) -> Optional[str]:
        if isinstance(pattern, cst.MatchValue):
            value = pattern.value
            literal = (cst.SimpleString, cst.Integer, cst.Float, cst.ConcatenatedString)
            if isinstance(value, cst.UnaryOperation):
                value = value.expression
            if not isinstance(value, (*literal, cst.Attribute)):
                return None
            return f"{subject} == {self.code(pattern.value)}"
        if isinstance(pattern, cst.MatchSingleton):
            return f"{subject} is {self.code(pattern.value)}"
        if isinstance(pattern, cst.MatchOr):
            parts = [self._test(p.pattern, subject) for p in pattern.patterns]
            if any(p is None for p in parts):
                return None
            return " or ".join(parts)  # type: ignore[arg-type]
        return None
