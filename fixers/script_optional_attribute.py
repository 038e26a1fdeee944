"""TL213: a module attribute annotated Optional in the class body, used under a ``self.X is not
None`` test -> the attribute bound to a local first, and the local tested and used (safe).

TorchScript never refines a module attribute (``self.prompt: Optional[Tensor]`` stays Optional
under ``if self.prompt is not None:``; torch 2.13: "Arguments for call are not valid",
"'Optional[Tensor]' object has no attribute or method 'sum'"), but it refines a local name. So

    if self.prompt is not None:
        y = y + self.prompt

becomes

    prompt = self.prompt
    if prompt is not None:
        y = y + prompt

(checked on torch 2.13: scripts, equals eager). The shapes handled, each with the use inside
what the test guards: the body of ``if self.X is not None`` (also as one operand of an ``and``
test, and the ``else`` of ``if self.X is None``; an ``elif`` binds before the whole ``if``
chain), the statements after ``if self.X is None: return ...`` / ``raise``, and within one
statement ``self.X(...) if self.X is not None else ...`` / ``self.X is not None and
self.X...``. Every ``self.X`` of that region (the ``if`` chain, or the early exit and the rest
of its block) reads the local. The local is named after the attribute (numbered where the
function or module already uses the name). A use no test guards is left alone: a local would
not refine it either.

Safe: the local holds the object ``self.X`` holds, and nothing in the file assigns the
attribute outside an ``__init__`` (no ``.X = ...``, ``.X += ...``, ``setattr``, ``__dict__``
anywhere in the file; otherwise left alone), so every read of the region gives the same object
as before, and reading an attribute of an ``nn.Module`` has no side effect. (Code of another
file that reassigns the attribute while the region runs, from a hook, would be seen before and
not after.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute

from ._shared import contains, module_bindings, names_in, numbered
from .script_closures import _reads

_MESSAGE = re.compile(r"^`self\.(\w+)` is annotated Optional in the class body")


class LocalForOptionalAttribute(Fixer):
    codes = ("TL213",)
    applicability = "safe"
    message = "bind the Optional attribute to a local and test that (TorchScript refines locals)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        found = _MESSAGE.match(diagnostic.message)
        use = diagnostic.node
        function = self.enclosing_function(use)
        if found is None or function is None:
            return None
        attr = found.group(1)
        if not self._assigned_only_in_init(attr):
            return None
        region = self._region(use, attr, function)
        if region is None:
            return None
        _block, statements = region
        if any(
            contains(s, lambda n: isinstance(n, (cst.Lambda, cst.FunctionDef))) for s in statements
        ):
            return None
        local = self._local_name(function, attr)
        replacements: list[Replacement] = []
        for position, statement in enumerate(statements):
            new = statement.visit(_ReadLocal(attr, local))
            if position == 0:
                binding = cst.SimpleStatementLine(
                    [
                        cst.Assign(
                            [cst.AssignTarget(cst.Name(local))],
                            cst.parse_expression(f"self.{attr}"),
                        )
                    ],
                    leading_lines=statement.leading_lines,
                )
                new = cst.FlattenSentinel([binding, new.with_changes(leading_lines=())])
            replacements.append((statement, new))
        return replacements

    def _local_name(self, function: cst.FunctionDef, attr: str) -> str:
        """``attr``, or ``attr_1``, ... where the function or the module uses the name."""
        used = _reads(self, function) | module_bindings(self.ctx.module)
        if self._only_copies(function, attr):
            used.discard(attr)  # an earlier fix's `attr = self.attr`: bind it again
        return numbered(attr, used)

    def _only_copies(self, function: cst.FunctionDef, attr: str) -> bool:
        """The function binds the name ``attr`` only by ``attr = self.attr`` (not a parameter,
        not another binding)."""
        params = function.params
        every = (*params.posonly_params, *params.params, *params.kwonly_params)
        if any(p.name.value == attr for p in every) or attr in module_bindings(self.ctx.module):
            return False
        copies = 0

        def other(node: cst.CSTNode) -> bool:
            nonlocal copies
            if isinstance(node, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == attr for t in node.targets
            ):
                if len(node.targets) == 1 and _self_x(node.value, attr):
                    copies += 1
                    return False
                return True
            if isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.NamedExpr, cst.AsName)):
                return attr in {n.value for n in _target_names_in(node)}
            return False

        return not contains(function.body, other) and copies > 0

    def _assigned_only_in_init(self, attr: str) -> bool:
        """No ``.attr = ...`` / ``.attr += ...`` / ``del .attr`` outside an ``__init__``, and
        no ``setattr`` / ``__dict__`` / ``__setattr__`` anywhere in the file."""
        module = self.ctx.module

        def bad(node: cst.CSTNode) -> bool:
            if isinstance(node, cst.Name) and node.value in (
                "setattr",
                "__dict__",
                "__setattr__",
                "delattr",
            ):
                return True
            targets: Sequence[cst.BaseExpression] = ()
            if isinstance(node, cst.Assign):
                targets = [t.target for t in node.targets]
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For)):
                targets = [node.target]
            elif isinstance(node, cst.Del):
                targets = [node.target]
            return any(_binds(target, attr) for target in targets) and not self._in_init(node)

        return not contains(module, bad)

    def _in_init(self, node: cst.CSTNode) -> bool:
        function = self.enclosing_function(node)
        return function is not None and function.name.value == "__init__"

    def _region(
        self, use: cst.CSTNode, attr: str, function: cst.FunctionDef
    ) -> Optional[tuple[cst.CSTNode, list[cst.BaseStatement]]]:
        """The block and the statements of it to rewrite (the first gets the binding before
        it), where a None test of ``self.attr`` guards ``use``."""
        child: cst.CSTNode = use
        for ancestor in self.ancestors(use):
            if ancestor is function:
                return None
            if isinstance(ancestor, cst.If) and (
                (child is ancestor.body and _not_none(ancestor.test, attr))
                or (isinstance(child, cst.Else) and _is_none(ancestor.test, attr))
            ):
                top = ancestor
                while isinstance(self.parent(top), cst.If) and self.parent(top).orelse is top:  # type: ignore[union-attr]
                    top = self.parent(top)  # type: ignore[assignment]
                return self._in_block(top)
            if (
                isinstance(ancestor, cst.IfExp)
                and child is ancestor.body
                and _not_none(ancestor.test, attr)
            ) or (
                isinstance(ancestor, cst.BooleanOperation)
                and isinstance(ancestor.operator, cst.And)
                and child is ancestor.right
                and _not_none(ancestor.left, attr)
            ):
                statement = next(
                    a for a in self.ancestors(ancestor) if isinstance(a, cst.BaseStatement)
                )
                return self._in_block(statement)
            if isinstance(ancestor, cst.IndentedBlock) and isinstance(child, cst.BaseStatement):
                body = list(ancestor.body)
                here = body.index(child)
                for j in range(here - 1, -1, -1):
                    earlier = body[j]
                    if (
                        isinstance(earlier, cst.If)
                        and earlier.orelse is None
                        and _is_none(earlier.test, attr)
                        and _exits(earlier.body)
                    ):
                        return ancestor, body[j:]
            child = ancestor
        return None

    def _in_block(
        self, statement: cst.CSTNode
    ) -> Optional[tuple[cst.CSTNode, list[cst.BaseStatement]]]:
        block = self.parent(statement)
        if not isinstance(block, cst.IndentedBlock) or not isinstance(statement, cst.BaseStatement):
            return None
        return block, [statement]


def _target_names_in(node: cst.CSTNode) -> list[cst.Name]:
    """The names a binding node's target (or ``as`` name) holds."""
    target = getattr(node, "target", None) or getattr(node, "name", None)
    return names_in(target) if target is not None else []


def _binds(target: cst.BaseExpression, attr: str) -> bool:
    """The target rebinds some ``<obj>.attr`` (``self.attr = ...``, ``a, m.attr = ...``); a
    store into it (``self.attr[i] = ...``) does not."""
    if isinstance(target, cst.Attribute):
        return target.attr.value == attr
    if isinstance(target, (cst.Tuple, cst.List)):
        return any(_binds(e.value, attr) for e in target.elements)
    if isinstance(target, cst.StarredElement):
        return _binds(target.value, attr)
    return False


def _self_x(node: cst.CSTNode, attr: str) -> bool:
    return self_attribute(node) == attr


def _not_none(test: cst.BaseExpression, attr: str) -> bool:
    """``self.attr is not None``, alone or an operand of an ``and`` chain."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _not_none(test.left, attr) or _not_none(test.right, attr)
    return _compared(test, attr, cst.IsNot)


def _is_none(test: cst.BaseExpression, attr: str) -> bool:
    return _compared(test, attr, cst.Is)


def _compared(test: cst.BaseExpression, attr: str, operator: type) -> bool:
    return (
        isinstance(test, cst.Comparison)
        and not test.lpar
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, operator)
        and _self_x(test.left, attr)
        and isinstance(test.comparisons[0].comparator, cst.Name)
        and test.comparisons[0].comparator.value == "None"
    ) or (
        isinstance(test, cst.Comparison)
        and bool(test.lpar)
        and _compared(test.with_changes(lpar=(), rpar=()), attr, operator)
    )


def _exits(body: cst.BaseSuite) -> bool:
    """The block ends with ``return`` or ``raise``."""
    last = body.body[-1] if body.body else None
    if isinstance(last, cst.SimpleStatementLine):
        last = last.body[-1]
    return isinstance(last, (cst.Return, cst.Raise))


class _ReadLocal(cst.CSTTransformer):
    def __init__(self, attr: str, local: str) -> None:
        super().__init__()
        self.attr, self.local = attr, local

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        if _self_x(original_node, self.attr):
            return cst.Name(self.local, lpar=original_node.lpar, rpar=original_node.rpar)
        return updated_node
