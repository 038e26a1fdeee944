"""TL102: a submodule picked from a ``ModuleList`` by a tensor index -> every submodule run,
the outputs stacked and indexed by the tensor (unsafe).

``self.heads[domain[0]](x)`` reads the tensor index as a Python int (``__index__``): torch 2.13
compile breaks there, export fails on the data-dependent int, and the trace keeps the example's
head. ``torch.stack([m(x) for m in self.heads]).index_select(0, domain[0].reshape(1))
.squeeze(0)`` selects with the tensor instead, which every back-end records (plain indexing
``stacked[domain[0]]`` still reads the int under compile); in eager it is the same head's
output. Two spellings:

- the call on the subscript itself: ``self.heads[i](args)`` (``i`` a tensor, or ``int(t)`` of
  one, which becomes ``t.long()``);
- ``head = self.heads[i]`` followed, in the very next statement, by the one use of ``head``,
  a call ``head(args)`` (the assignment goes, its comments move to the rewritten statement).

Unsafe: every submodule runs (the cost grows with their number, and a submodule with side
effects, such as a batch norm in training mode, updates its state), and their outputs must have
one shape and dtype, or ``torch.stack`` raises where eager ran one head.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.semantic.kinds import Kind

from ._shared import fresh_name, variable_uses
from ._tensor_exprs import siblings, statement_of


class ModuleSelectToStack(Fixer):
    codes = ("TL102",)
    applicability = "unsafe"
    message = (
        "run every submodule and index the stacked outputs with the tensor (every head runs; "
        "their outputs must have one shape)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        index = diagnostic.node
        if not isinstance(index, cst.BaseExpression):
            return None
        subscript = self._selection(index)
        if subscript is None:
            return None
        parent = self.parent(subscript)
        if isinstance(parent, cst.Call) and parent.func is subscript:
            return [(parent, self._stacked(parent, subscript, parent.args))]
        return self._bound_then_called(subscript, parent)

    def _selection(self, index: cst.BaseExpression) -> Optional[cst.Subscript]:
        """``self.heads[index]`` of a ``ModuleList`` around the reported index: a tensor, or
        ``int(t)`` of one."""
        if self.kind(index) != Kind.TENSOR and not (
            isinstance(index, cst.Call)
            and self.ctx.qualified_name(index.func) == "builtins.int"
            and len(index.args) == 1
            and not index.args[0].keyword
            and self.kind(index.args[0].value) == Kind.TENSOR
        ):
            return None
        element = self.parent(index)
        holder = self.parent(element) if isinstance(element, cst.Index) else None
        holder = self.parent(holder) if isinstance(holder, cst.SubscriptElement) else None
        if not isinstance(holder, cst.Subscript) or len(holder.slice) != 1:
            return None
        return holder if self.kind(holder.value) == Kind.MODULES else None

    def _bound_then_called(
        self, subscript: cst.Subscript, parent: Optional[cst.CSTNode]
    ) -> Optional[list[Replacement]]:
        """``head = self.heads[i]`` and, in the next statement, its one use ``head(args)``."""
        if not isinstance(parent, cst.Assign) or len(parent.targets) != 1:
            return None
        target = parent.targets[0].target
        line = statement_of(self, parent)
        function = self.enclosing_function(subscript)
        if not isinstance(target, cst.Name) or line is None or function is None:
            return None
        if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
            return None
        block = siblings(self, line)
        if block is None:
            return None
        position = next(i for i, s in enumerate(block) if s is line)
        if position + 1 >= len(block):
            return None
        uses = [u for u in variable_uses(self, function, target.value) if u is not target]
        if len(uses) != 1:
            return None
        call = self.parent(uses[0])
        if not isinstance(call, cst.Call) or call.func is not uses[0]:
            return None
        following = block[position + 1]
        if statement_of(self, call) is not following:
            return None
        stacked = cst.parse_expression(self._stacked(call, subscript, call.args))
        rewritten = following.deep_replace(call, stacked)
        # The binding's comments go with the statement that now does its work.
        comment = line.trailing_whitespace.comment
        if comment is not None:
            if not isinstance(rewritten, cst.SimpleStatementLine):
                return None
            if rewritten.trailing_whitespace.comment is not None:
                return None
            rewritten = rewritten.with_changes(
                trailing_whitespace=rewritten.trailing_whitespace.with_changes(
                    whitespace=cst.SimpleWhitespace("  "), comment=comment
                )
            )
        rewritten = rewritten.with_changes(
            leading_lines=[*line.leading_lines, *rewritten.leading_lines]
        )
        return [(line, cst.RemovalSentinel.REMOVE), (following, rewritten)]

    def _stacked(self, call: cst.Call, subscript: cst.Subscript, args: tuple) -> str:
        torch = self.import_module("torch")
        name = fresh_name(self, call, "module", "submodule")
        arguments = ", ".join(self.code(a).rstrip(", ") for a in args)
        modules = self.code(subscript.value)
        value = subscript.slice[0].slice.value  # type: ignore[attr-defined]
        index = self.code(value)
        if self.kind(value) != Kind.TENSOR:  # `int(t)`: the tensor, as an integer tensor
            inner = value.args[0].value  # type: ignore[attr-defined]
            index = f"{self.code(inner)}.long()" if _atom(inner) else f"({self.code(inner)}).long()"
        picked = f"{index}.reshape(1)" if _atom(value) else f"({index}).reshape(1)"
        return (
            f"{torch}.stack([{name}({arguments}) for {name} in {modules}])"
            f".index_select(0, {picked}).squeeze(0)"
        )


def _atom(expr: cst.BaseExpression) -> bool:
    """An expression a method call can follow without parentheses."""
    return isinstance(expr, (cst.Name, cst.Attribute, cst.Subscript, cst.Call))
