"""TL208: a project module's `__len__` / `__getitem__` / `__contains__` called by name.

TorchScript compiles a submodule as a module and does not turn `len(self.bank)`,
`self.bank[i]` or `k in self.bank` into calls of the class's dunder methods, but it compiles an
explicit call of any method of a submodule (torch 2.13: `self.bank.__contains__(k)` scripts).
Python runs the same method for both spellings (`len(m)` is `type(m).__len__(m)`, `m[i]` is
`type(m).__getitem__(m, i)`, `k in m` is `bool(type(m).__contains__(m, k))`), so the rewrite
keeps eager (safe) where the project class defines the method; it is left alone elsewhere
(eager fails there too, with another error) and for a chained comparison. An index is
rewritten only where the class is in this file and its `__getitem__` is annotated to return a
value TorchScript types (`int`, `str`, `Tensor`, `List[...]`, ...): one returning a module does
not script when called by name either (torch 2.13: Unknown type name 'nn.Module').
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import self_attribute

from ._shared import expression_in_place, local_definition, self_class

# Return annotations of a `__getitem__` TorchScript compiles when it is called by name (a
# typing container counts by its name: `List[int]`).
VALUE_TYPES = frozenset(
    {
        "int",
        "float",
        "bool",
        "str",
        "Tensor",
        "List",
        "Tuple",
        "Dict",
        "Optional",
        "list",
        "tuple",
        "dict",
    }
)


class ModuleProtocolCalledByName(Fixer):
    codes = ("TL208",)
    applicability = "safe"
    message = "call the submodule's method by name (`self.bank.__contains__(k)`)"

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        node = diagnostic.node
        if isinstance(node, cst.Call) and len(node.args) == 1 and not node.args[0].keyword:
            return self._call(node, node.args[0].value, "__len__", "")
        if isinstance(node, cst.Subscript):
            return self._index(node)
        parent = self.parent(node)
        if isinstance(parent, cst.ComparisonTarget):
            return self._membership(parent)
        return None

    def _call(
        self, node: cst.BaseExpression, module: cst.BaseExpression, method: str, argument: str
    ) -> Optional[list[Replacement]]:
        if not self._defines(module, method):
            return None
        text = f"{self.code(module)}.{method}({argument})"
        return [(node, _in_place(node, text))]

    def _index(self, node: cst.Subscript) -> Optional[list[Replacement]]:
        parent = self.parent(node)
        if isinstance(parent, (cst.AssignTarget, cst.Del)) or (
            isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and parent.target is node
        ):
            return None
        if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
            return None
        if not self._returns_value(node.value):
            return None
        index = self.code(node.slice[0].slice.value)
        return self._call(node, node.value, "__getitem__", index)

    def _membership(self, target: cst.ComparisonTarget) -> Optional[list[Replacement]]:
        comparison = self.parent(target)
        if not isinstance(comparison, cst.Comparison) or len(comparison.comparisons) != 1:
            return None
        if not isinstance(target.operator, (cst.In, cst.NotIn)):
            return None
        module = target.comparator
        if not self._defines(module, "__contains__"):
            return None
        text = f"{self.code(module)}.__contains__({self.code(comparison.left)})"
        if isinstance(target.operator, cst.NotIn):
            return [(comparison, expression_in_place(self, comparison, f"not {text}"))]
        return [(comparison, _in_place(comparison, text))]

    def _returns_value(self, module: cst.BaseExpression) -> bool:
        """Whether the class of this file held by ``self.<attr>`` annotates its
        `__getitem__` to return one of ``VALUE_TYPES`` (or a typing container of them)."""
        held = self._held_class(module)
        definition = local_definition(self, held) if held is not None else None
        if not isinstance(definition, cst.ClassDef):
            return False
        method = next(
            (
                s
                for s in definition.body.body
                if isinstance(s, cst.FunctionDef) and s.name.value == "__getitem__"
            ),
            None,
        )
        if method is None or method.returns is None:
            return False
        annotation = method.returns.annotation
        if isinstance(annotation, cst.Subscript):
            annotation = annotation.value
        return self.code(annotation).rsplit(".", 1)[-1] in VALUE_TYPES

    def _held_class(self, module: cst.BaseExpression) -> Optional[str]:
        attr = self_attribute(module)
        owner = self_class(self, module)
        if attr is None or owner is None:
            return None
        return self.ctx.index.attribute_class(owner, attr)

    def _defines(self, module: cst.BaseExpression, method: str) -> bool:
        """Whether the project class held by ``self.<attr>`` defines ``method``."""
        held = self._held_class(module)
        return held is not None and any(
            method in summary.methods for _, _, summary in self.ctx.index.mro(held)
        )


def _in_place(node: cst.BaseExpression, call: str) -> cst.BaseExpression:
    """The method call ``call`` parsed to replace ``node``: a call binds tighter than any
    operator, so it needs no parentheses of its own; ``node``'s are kept."""
    new = cst.parse_expression(call)
    return new.with_changes(lpar=node.lpar, rpar=node.rpar) if node.lpar else new
