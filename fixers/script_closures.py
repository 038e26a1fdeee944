"""TL204: a ``lambda`` bound to a name, or a nested ``def``, that closes over nothing ->
a module-level function (unsafe).

``act = lambda t: t * torch.sigmoid(t)`` in ``forward`` -> ``def act(t): return t *
torch.sigmoid(t)`` before the class, and the assignment removed; a nested ``def swish(t):``
moves there as it is. TorchScript compiles module-level functions a scripted method calls
but neither lambdas nor nested functions.

Only where the result means the same: the function reads no name of the enclosing function
(``self``, a parameter, a local: it would need a closure), has no decorator, ``global`` /
``nonlocal`` or ``yield``; the name is bound once and only called in the enclosing function,
and used nowhere else in the module (the new module-level name must not shadow or be shadowed).

Unsafe: the module gains a public name; the function is made once at import instead of at
every call (the same values: it closes over nothing).
"""

from __future__ import annotations

from typing import Optional, Union

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.walk import walk

from ._shared import contains, is_called, names_in, variable_uses

# What a function cannot keep when it moves to module level.
SCOPE_STATEMENTS = (cst.Global, cst.Nonlocal, cst.Yield, cst.Await)


def _bound_in(function: cst.FunctionDef, skip: Optional[cst.CSTNode] = None) -> set[str]:
    """Names ``function`` binds (parameters, assignment / loop / with / import targets,
    comprehension variables), not looking inside ``skip``."""
    names: set[str] = set()

    def add(target: Optional[cst.CSTNode]) -> None:
        if target is not None:
            names.update(n.value for n in names_in(target))

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if node is skip:
            return False
        if isinstance(node, cst.Param):
            names.add(node.name.value)
        elif isinstance(node, cst.AssignTarget):
            add(node.target)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor)):
            add(node.target)
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            add(node.asname.name)
        elif isinstance(node, cst.ExceptHandler) and node.name is not None:
            add(node.name.name)
        elif isinstance(node, cst.ImportAlias):
            add(node.asname.name if node.asname is not None else node.name)
        elif isinstance(node, (cst.FunctionDef, cst.ClassDef)) and node is not function:
            names.add(node.name.value)
            return False
        return None

    walk(function, enter, lambda node: None)
    return names


def _reads(fixer: Fixer, node: cst.CSTNode) -> set[str]:
    """Variable names read in ``node`` (not attribute or keyword names)."""
    found = set()
    for name in names_in(node):
        parent = fixer.parent(name)
        if isinstance(parent, cst.Attribute) and parent.attr is name:
            continue
        if isinstance(parent, cst.Arg) and parent.keyword is name:
            continue
        found.add(name.value)
    return found


def _has_scope_statements(node: cst.CSTNode) -> bool:
    return contains(node, lambda inner: isinstance(inner, SCOPE_STATEMENTS))


class HoistClosure(Fixer):
    codes = ("TL204",)
    applicability = "unsafe"
    message = "move the function to module level"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.Lambda):
            return self._lambda(node)
        if isinstance(node, cst.Name):
            nested = self.parent(node)
            if isinstance(nested, cst.FunctionDef) and nested.name is node:
                return self._nested(nested)
        return None

    def _lambda(self, lam: cst.Lambda) -> Optional[list[Replacement]]:
        assign = self.parent(lam)
        line = self.parent(assign) if assign is not None else None
        if (
            not isinstance(assign, cst.Assign)
            or assign.value is not lam
            or len(assign.targets) != 1
            or not isinstance(assign.targets[0].target, cst.Name)
            or not isinstance(line, cst.SimpleStatementLine)
            or len(line.body) != 1
        ):
            return None
        name = assign.targets[0].target.value
        params = self.code(lam.params).strip()
        text = f"def {name}({params}):\n    return {self.code(lam.body).strip()}\n"
        return self._hoist(lam, line, name, cst.parse_statement(text), lam.params)

    def _nested(self, nested: cst.FunctionDef) -> Optional[list[Replacement]]:
        if nested.decorators or nested.asynchronous is not None:
            return None
        moved = nested.with_changes(leading_lines=())
        return self._hoist(nested, nested, nested.name.value, moved, nested.params)

    def _hoist(
        self,
        closure: Union[cst.Lambda, cst.FunctionDef],
        statement: cst.BaseStatement,
        name: str,
        function_def: cst.BaseStatement,
        params: cst.Parameters,
    ) -> Optional[list[Replacement]]:
        outer = self.enclosing_function(statement)
        index = self.tools.top_statement(statement)
        if (
            outer is None
            or index is None
            or not isinstance(self.parent(statement), cst.IndentedBlock)
        ):
            return None
        if _has_scope_statements(closure) or self._closes_over(closure, outer, params):
            return None
        uses = variable_uses(self, outer, name)
        binding = [u for u in uses if self._inside(u, statement)]
        calls = [u for u in uses if not self._inside(u, statement)]
        if len(binding) != 1 or not calls or not all(is_called(self, u) for u in calls):
            return None
        outside = [n for n in names_in(self.ctx.module) if n.value == name]
        if any(not self._inside(n, outer) for n in outside):
            return None  # the module already has (or reads) this name
        top = self.ctx.module.body[index]
        block = self.parent(statement)
        assert isinstance(block, cst.IndentedBlock)
        body = list(block.body)
        position = body.index(statement)
        del body[position]
        if position < len(body):  # the next statement takes the removed one's leading lines
            body[position] = body[position].with_changes(leading_lines=statement.leading_lines)
        remaining = top.deep_replace(block, block.with_changes(body=body))
        if not body or not isinstance(remaining, cst.BaseStatement):
            return None
        hoisted = function_def.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
        return [(top, cst.FlattenSentinel([hoisted, remaining]))]

    def _inside(self, node: cst.CSTNode, container: cst.CSTNode) -> bool:
        return node is container or any(a is container for a in self.ancestors(node))

    def _closes_over(
        self, closure: cst.CSTNode, outer: cst.FunctionDef, params: cst.Parameters
    ) -> bool:
        """Whether the closure reads a name the enclosing function binds (other than its own
        parameters and locals)."""
        own = {
            p.name.value for p in (*params.params, *params.posonly_params, *params.kwonly_params)
        }
        if isinstance(params.star_arg, cst.Param):
            own.add(params.star_arg.name.value)
        if params.star_kwarg is not None:
            own.add(params.star_kwarg.name.value)
        if isinstance(closure, cst.FunctionDef):
            own |= _bound_in(closure)
            own.discard(closure.name.value)  # a recursive call would read the outer binding
        free = _reads(self, closure) - own
        return bool(free & _bound_in(outer, skip=closure))
