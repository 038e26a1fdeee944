"""Rewrites for script findings from the heldout28 probe batch (issue #23).

``PickedSubmoduleCallPerBranch`` (TL209, safe): a call of a submodule picked by an
if-expression becomes a call in each branch:
``(self.pool if down else self.conv)(x)`` -> ``self.pool(x) if down else self.conv(x)``, and
``layer = self.pool if down else self.conv`` ... ``layer(x)`` (the name bound once in the
function and only ever called) -> ``layer_is_pool = down`` ... ``self.pool(x) if layer_is_pool
else self.conv(x)``. TorchScript types an if-expression from both branches and cannot unify two
submodules (torch 2.13: if-expression's true branch has type MaxPool2d but false branch has
type Conv2d); a call in each branch gives two tensors. Eager is unchanged: the test is still
evaluated where it was, once, and its truth taken at the call (the same object, so the same
truth); the arguments are still evaluated once, after the pick. Only where the arguments hold
no comment and no ``*`` (they are written twice).

``BuiltinSumOfRows`` (TL209, unsafe): ``sum(t)`` of a tensor, where torch's message names
Python's row sum -> ``t.sum(0)``. Eager ``sum`` iterates dim 0 and adds the rows; TorchScript's
``sum`` of a tensor is ``aten::sum`` of every element. Unsafe: the row sum adds in sequence and
``t.sum(0)`` reduces (floats may differ in the last bits), an integer or bool tensor's rows
keep their dtype where ``t.sum(0)`` gives int64, and a tensor of no rows gave the int 0.

Not rewritten: TL217's empty item under ``List[List[T]]`` (``[[] for _ in range(n)]``): the one
expression TorchScript types, ``torch.jit.annotate(List[T], [])``, is itself a finding (TL507)
for every other back-end; a loop that appends typed locals would be the rewrite.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import assignments

from ._shared import fresh_name, variable_uses
from ._tensor_exprs import has_comments


class PickedSubmoduleCallPerBranch(Fixer):
    codes = ("TL209",)
    applicability = "safe"
    message = "call the submodule in each branch of the if-expression"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "calls a submodule picked by an if-expression" not in diagnostic.message:
            return None
        node = diagnostic.node
        call = node if isinstance(node, cst.Call) else self.parent(node)
        if isinstance(call, cst.Call) and isinstance(call.func, cst.IfExp):
            return self._direct(call)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name):
            return self._bound(node.func.value, node)
        assign = self.parent(node)
        if isinstance(assign, cst.Assign) and len(assign.targets) == 1:
            target = assign.targets[0].target
            if isinstance(target, cst.Name):
                return self._bound(target.value, node)
        return None

    def _direct(self, call: cst.Call) -> Optional[list[Replacement]]:
        """``(A if c else B)(args)`` -> ``A(args) if c else B(args)``."""
        pick = call.func
        assert isinstance(pick, cst.IfExp)
        calls = self._per_branch(pick, call)
        if calls is None:
            return None
        per_branch = pick.with_changes(body=calls[0], orelse=calls[1], lpar=[], rpar=[])
        return [(call, self._wrapped(per_branch, call))]

    def _bound(self, name: str, at: cst.CSTNode) -> Optional[list[Replacement]]:
        """``name = A if c else B`` (bound once, only called) -> ``name_is_a = c`` and each
        ``name(args)`` -> ``A(args) if name_is_a else B(args)``."""
        function = self.enclosing_function(at)
        bound = assignments(function, name)
        if function is None or len(bound) != 1 or not isinstance(bound[0][0], cst.IfExp):
            return None
        params = function.params
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        if any(p.name.value == name for p in every):
            return None  # a call before the binding reads the argument
        pick = bound[0][0]
        assign = self.parent(pick)
        if not isinstance(assign, cst.Assign) or len(assign.targets) != 1 or pick.lpar:
            return None
        uses = [u for u in variable_uses(self, function, name) if u is not assign.targets[0].target]
        calls = [self.parent(u) for u in uses]
        if not calls or not all(
            isinstance(c, cst.Call) and c.func is u for c, u in zip(calls, uses)
        ):
            return None
        chosen = pick.body.attr.value if isinstance(pick.body, cst.Attribute) else "first"
        flag = fresh_name(self, pick, f"{name}_is_{chosen}")
        replacements: list[Replacement] = [
            (assign.targets[0].target, cst.Name(flag)),
            (pick, pick.test),
        ]
        for call in calls:
            assert isinstance(call, cst.Call)
            branches = self._per_branch(pick, call)
            if branches is None:
                return None
            per_branch = pick.with_changes(
                test=cst.Name(flag), body=branches[0], orelse=branches[1]
            )
            replacements.append((call, self._wrapped(per_branch, call)))
        return replacements

    def _per_branch(self, pick: cst.IfExp, call: cst.Call) -> Optional[tuple[cst.Call, cst.Call]]:
        """The call of each branch's submodule with ``call``'s arguments."""
        branches = (pick.body, pick.orelse)
        if not all(isinstance(b, (cst.Attribute, cst.Name)) for b in branches):
            return None
        if has_comments(call) or any(a.star for a in call.args):
            return None
        bare = call.with_changes(lpar=[], rpar=[])
        return (
            bare.with_changes(func=pick.body.with_changes(lpar=[], rpar=[])),
            bare.with_changes(func=pick.orelse.with_changes(lpar=[], rpar=[])),
        )

    def _wrapped(self, per_branch: cst.IfExp, call: cst.Call) -> cst.IfExp:
        """``per_branch`` with ``call``'s parentheses, or new ones where an if-expression
        does not stand alone."""
        if call.lpar:
            return per_branch.with_changes(lpar=call.lpar, rpar=call.rpar)
        parent = self.parent(call)
        alone = (
            isinstance(parent, (cst.Assign, cst.AnnAssign, cst.Return, cst.Expr))
            and parent.value is call
        ) or isinstance(parent, (cst.Arg, cst.Element))
        if alone:
            return per_branch
        return per_branch.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


class BuiltinSumOfRows(Fixer):
    codes = ("TL209",)
    applicability = "unsafe"
    message = (
        "sum the rows with `t.sum(0)` (unsafe: a reduction, not a sequence of adds, may differ "
        "in the last bits; int and bool rows become int64; no rows gave the int 0)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        call = diagnostic.node
        if "eager Python's `sum` adds the tensor's rows" not in diagnostic.message:
            return None
        if not isinstance(call, cst.Call) or self.ctx.qualified_name(call.func) != "builtins.sum":
            return None
        if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
            return None
        tensor = call.args[0].value
        text = self.code(tensor)
        if not isinstance(tensor, (cst.Name, cst.Attribute, cst.Call, cst.Subscript)):
            text = f"({text})"
        return [(call, f"{text}.sum(0)")]
